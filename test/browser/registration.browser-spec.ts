import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { createAdmin, createStudent, setRegistrationStatus, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  chooseOption,
  chooseStep,
  chosenOption,
  clientView,
  expectPath,
  fieldItem,
  horizontalOverflow,
  openStepAs,
  signInStudent,
  stepDrawn,
} from './support.js';

const it = browserTest.override('serverEnv', { SHOW_LEARNING_CHALLENGES: 'true' });

// The six-step registration form as a student (or parent) uses it: every step filled and kept over a
// reload, the living-status rules, phone input, closed registration, save indicators, load failure,
// and each step on a 360 px phone.

const PHONE = 360;
const PASSWORD = 'Registration-Pass-1';

let t: TestApp;
let b: TestBrowser;
let admin: ApiClient;

it.beforeAll(async ({ app, browser }) => {
  t = app;
  b = browser;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

let nextId = 5100;
async function newStudent(extra: Record<string, unknown> = {}): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, {
    id,
    first_name: 'Imani',
    last_name: 'Joseph',
    class_id: '1A',
    password: PASSWORD,
    extra: { house_code: 2, ...extra },
  });
  return id;
}

async function record(id: string): Promise<Record<string, unknown>> {
  return (await admin.get(`/api/student-record/${id}`).expect(200)).body[0];
}

async function openAs(id: string, width = 1280, path = '/registration/student-data'): Promise<Page> {
  const page = await newPage(b, t.baseUrl, width, 900);
  return openStepAs(page, id, PASSWORD, path);
}

/** Types into a text field and leaves it, as a person does: the field saves on blur. */
async function type(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
}

/**
 * Picks a suggestion of a box's list (a <datalist>), as the browser does when she taps one: the box's value is
 * replaced as a whole (an input event of type insertReplacementText). The list itself is the browser's own popup,
 * which a test cannot click.
 */
async function pickSuggestion(field: Locator, value: string): Promise<void> {
  await field.focus();
  await field.evaluate((box, v) => {
    const input = box as unknown as { value: string; dispatchEvent(e: unknown): boolean };
    const g = globalThis as unknown as {
      HTMLInputElement: { prototype: object };
      InputEvent: new (type: string, init: object) => unknown;
    };
    // React follows the value through the element's own setter.
    Object.getOwnPropertyDescriptor(g.HTMLInputElement.prototype, 'value')?.set?.call(input, v);
    input.dispatchEvent(new g.InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: v }));
  }, value);
}

async function goToStep(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Registration steps' }).getByText(label, { exact: true }).click();
  await expectPath(page, path);
  await expect
    .poll(() =>
      clientView(page)
        .getByRole('heading', { level: 1, name: `Registration: ${label}` })
        .isVisible(),
    )
    .toBe(true);
}

describe('a student fills each step; after a reload every value is still there', () => {
  let id: string;
  let page: Page;
  const card = (title: string) =>
    page.locator('.pf-panel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  afterAll(() => page?.context().close());

  it('step 1: student data', async () => {
    id = await newStudent();
    page = await openAs(id);
    // House and class are the school's: shown by name, not editable.
    await expect.poll(() => page.getByLabel('House').inputValue()).toBe('House B');
    expect(await page.getByLabel('House').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Class').inputValue()).toBe('Form 1 · 1A');

    // Step 1: student data
    await type(page.getByLabel('Other Name'), 'Grace');
    await type(page.getByLabel('Electronic Birth Pin'), 'BC20130409');
    await chooseOption(page.getByLabel('Sex'), 'Female');
    await chooseOption(page.getByLabel('Blood Type'), 'AB-');
    await type(page.getByLabel('Home Address'), '12 Queen Street');
    // A town from the list (the box suggests the school's towns): picked, it saves at once, as a choice does...
    expect(await page.locator('#address_line_2-suggestions option[value="Arima"]').count()).toBe(1);
    await pickSuggestion(page.getByLabel('Town'), 'Arima');
    await expect.poll(async () => (await record(id)).address_line_2).toBe('Arima');
    await type(page.getByLabel('Country of Birth'), 'Trinidad and Tobago');
    await type(page.getByLabel('Nationality'), 'Trinidadian');
    await chooseOption(page.getByLabel('Regional Corporation'), 'Arima Borough');
    await chooseOption(page.getByLabel('Religion'), 'Anglican');
    await chooseOption(page.getByLabel('Ethnic Group'), 'African');
    await type(page.getByLabel('Mobile'), '7654321');
    await type(page.getByLabel('E-mail'), 'imani.joseph@example.tt');
    await type(page.getByLabel('Previous School'), 'Arima Girls RC');
    await type(page.getByLabel('SEA Number'), 'SEA-2025-118');
    const dob = page.getByLabel('Date of Birth');
    await dob.click();
    await dob.fill('2013-04-09');
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: /immigration permit/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Section 7 · Immigration' }).isVisible()).toBe(true);
    await type(page.getByLabel('Permit Number'), 'IP-2024-0042');
    await expect
      .poll(() => record(id))
      .toMatchObject({
        middle_name: 'Grace',
        birth_certificate_no: 'BC20130409',
        sex: 'Female',
        blood_type: 'AB-',
        home_address: '12 Queen Street',
        address_line_2: 'Arima',
        place_of_birth: 'Trinidad and Tobago',
        nationality: 'Trinidadian',
        regional_corporation: 'Arima Borough Corporation',
        religion_code: 1,
        ethnic_group_code: 1,
        phone_home: '7654321',
        email: 'imani.joseph@example.tt',
        previous_school: 'Arima Girls RC',
        sea_no: 'SEA-2025-118',
        date_of_birth: '2013-04-09',
        immigration_permit: 1,
        immigration_permit_no: 'IP-2024-0042',
      });
    // ...and a town typed freely is kept as typed.
    await type(page.getByLabel('Town'), 'Upper Santa Cruz');
    await expect.poll(async () => (await record(id)).address_line_2).toBe('Upper Santa Cruz');
    for (const label of ['Other Name', 'Blood Type', 'Town', 'Mobile', 'Date of Birth', 'Permit Number']) {
      const item = page.locator('.plain-field').filter({ has: page.getByLabel(label) });
      // The record can be saved a moment before the indicator re-renders: wait for it, do not sample once.
      await expect
        .poll(() => item.getByRole('img', { name: 'Saved' }).count(), { message: `${label} shows it is saved` })
        .toBe(1);
    }
  });

  it('step 2: family data', async () => {
    await goToStep(page, 'Family Data', '/registration/family-data');
    await chooseOption(page.getByLabel('The student lives with'), 'Both Parents');
    const mother = card('Mother');
    const father = card('Father');
    await type(mother.getByLabel('Name'), 'Mary Joseph');
    await chooseOption(mother.getByLabel('Marital Status'), 'Married');
    await type(mother.getByLabel('Occupation'), 'Nurse');
    await type(mother.getByLabel('Mobile'), '3334444');
    await type(mother.getByLabel('E-mail'), 'mary@example.tt');
    await type(father.getByLabel('Name'), 'Peter Joseph');
    await type(father.getByLabel('Work Phone'), '6251234');
    await type(page.getByLabel('Number in Family'), '5');
    await type(page.getByLabel('Place in Family'), '2');
    await type(page.getByLabel('Emergency Contact'), 'Ann Joseph');
    await type(page.getByLabel('Relation to Child'), 'Aunt');
    await expect
      .poll(() => record(id))
      .toMatchObject({
        living_status: 'Both Parents',
        mother_name: 'Mary Joseph',
        mother_marital_status: 'Married',
        mother_occupation: 'Nurse',
        mobile_phone_mother: '3334444',
        email_mother: 'mary@example.tt',
        father_name: 'Peter Joseph',
        father_business_phone: '6251234',
        no_in_family: '5',
        place_in_family: '2',
        emergency_contact: 'Ann Joseph',
        relation_to_child: 'Aunt',
      });
  });

  it('step 3: medical data, with the learning challenges this server shows', async () => {
    await goToStep(page, 'Medical Data', '/registration/health-data');
    await page.getByRole('switch', { name: 'Hepatitis' }).click();
    await page.getByRole('switch', { name: 'Measles' }).click();
    await page.getByRole('switch', { name: 'Asthma' }).click();
    await type(page.getByLabel('Allergies'), 'Peanuts');
    await type(page.getByLabel('Medical History'), 'Broken arm in 2021.');
    // Learning challenges are on in this server (SHOW_LEARNING_CHALLENGES): 'Other' reveals a text box.
    await expect.poll(() => page.getByRole('checkbox', { name: 'Dyslexia' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Other learning challenge').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Other', exact: true }).check();
    await type(page.getByLabel('Other learning challenge'), 'Slow reader');
    await expect
      .poll(() => record(id))
      .toMatchObject({
        hepatitis: 1,
        measles: 1,
        asthma: 1,
        polio: 0,
        allergy: 'Peanuts',
        medical_history: 'Broken arm in 2021.',
        other: 1,
        other_learning_disablity: 'Slow reader',
      });
  });

  it('step 4: other data', async () => {
    await goToStep(page, 'Other Data', '/registration/other-data');
    await type(page.getByLabel('Special Consideration'), 'Sits near the front.');
    await type(page.getByLabel('Achievements'), 'Netball captain');
    await chooseOption(page.getByLabel('Device used for school work'), 'Laptop');
    await page.getByRole('switch', { name: 'Internet Access' }).click();
    await expect
      .poll(() => record(id))
      .toMatchObject({
        special_consideration: 'Sits near the front.',
        achievements: 'Netball captain',
        device_type: 'Laptop',
        internet_access: 1,
      });
  });

  it('steps 5 and 6: documents, and the agreement that saves at once', async () => {
    // The document slots (test/browser/documents.browser-spec.ts uploads); the agreement saves at once, both ways.
    await goToStep(page, 'Upload Documents', '/registration/documents');
    await expect.poll(() => page.getByRole('heading', { name: /^Birth Certificate/ }).isVisible()).toBe(true);
    await goToStep(page, 'Complete', '/registration/complete');
    const agree = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    await agree.check();
    await expect.poll(async () => (await record(id)).agree_terms_conditions).toBe(1);
    await agree.uncheck();
    await expect.poll(async () => (await record(id)).agree_terms_conditions).toBe(0);
    await agree.check();
    await expect.poll(async () => (await record(id)).agree_terms_conditions).toBe(1);
    expect(await page.getByRole('button', { name: 'Generate Registration Form' }).isVisible()).toBe(true);
  });

  it('a reload of each step shows what was saved', async () => {
    await page.goto('/registration/student-data');
    await expect.poll(() => page.getByLabel('Other Name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Mobile').inputValue()).toBe('7654321');
    expect(await page.getByLabel('Town').inputValue()).toBe('Upper Santa Cruz');
    expect(await page.getByLabel('Date of Birth').inputValue()).toBe('2013-04-09');
    expect(await page.getByLabel('Permit Number').inputValue()).toBe('IP-2024-0042');
    expect(await chosenOption(page.getByLabel('Blood Type'))).toBe('AB-');
    expect(await chosenOption(page.getByLabel('Religion'))).toBe('Anglican');
    await page.screenshot({ path: screenshotPath('registration-student-data-desktop'), fullPage: true });

    await page.goto('/registration/family-data');
    await expect.poll(() => card('Mother').getByLabel('Name').inputValue()).toBe('Mary Joseph');
    expect(await card('Father').getByLabel('Work Phone').inputValue()).toBe('6251234');
    expect(await page.getByLabel('Emergency Contact').inputValue()).toBe('Ann Joseph');

    await page.goto('/registration/health-data');
    await expect.poll(() => page.getByRole('switch', { name: 'Hepatitis' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Polio' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByLabel('Other learning challenge').inputValue()).toBe('Slow reader');

    await page.goto('/registration/other-data');
    await expect.poll(() => page.getByLabel('Achievements').inputValue()).toBe('Netball captain');
    expect(await page.getByRole('switch', { name: 'Internet Access' }).getAttribute('aria-checked')).toBe('true');

    await page.goto('/registration/complete');
    await expect.poll(() => page.getByRole('checkbox', { name: /I agree/ }).isChecked()).toBe(true);
  });
});

describe('the registration form', () => {
  it('shows the family sections by living status and per-parent checkboxes, and remembers the choice', async () => {
    const id = await newStudent();
    const page = await openAs(id, 1280, '/registration/family-data');
    const card = (title: string) => page.getByRole('heading', { name: title, exact: true });
    const shown = async () => ({
      mother: await card('Mother').isVisible(),
      father: await card('Father').isVisible(),
      guardian: await card('Guardian').isVisible(),
      family: await card('Family').isVisible(),
      emergency: await card('Emergency Contact').isVisible(),
    });
    const none = { mother: false, father: false, guardian: false, family: false, emergency: false };
    expect(await shown()).toEqual(none);

    const livesWith = page.getByLabel('The student lives with');
    await chooseOption(livesWith, 'Both Parents');
    await expect.poll(shown).toEqual({ mother: true, father: true, guardian: false, family: true, emergency: true });
    await chooseOption(livesWith, 'Father Only');
    await expect.poll(shown).toEqual({ mother: false, father: true, guardian: false, family: true, emergency: true });
    await chooseOption(livesWith, 'Mother Only');
    await expect.poll(shown).toEqual({ mother: true, father: false, guardian: false, family: true, emergency: true });
    await chooseOption(livesWith, 'Guardian');
    await expect.poll(shown).toEqual({ mother: false, father: false, guardian: true, family: true, emergency: true });
    await chooseOption(livesWith, 'Other');
    await expect.poll(shown).toEqual(none);

    // With 'Other', each section has its own checkbox.
    await page.getByRole('checkbox', { name: 'Guardian' }).check();
    await expect.poll(shown).toEqual({ mother: false, father: false, guardian: true, family: true, emergency: true });
    await page.getByRole('checkbox', { name: 'Mother' }).check();
    await expect.poll(shown).toEqual({ mother: true, father: false, guardian: true, family: true, emergency: true });
    await page.getByRole('checkbox', { name: 'Guardian' }).uncheck();
    await expect.poll(shown).toEqual({ mother: true, father: false, guardian: false, family: true, emergency: true });
    // A section the living status already shows has no checkbox of its own.
    await chooseOption(livesWith, 'Father Only');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Father' }).count()).toBe(0);
    await expect.poll(shown).toEqual({ mother: true, father: true, guardian: false, family: true, emergency: true });

    await expect
      .poll(() => record(id))
      .toMatchObject({ living_status: 'Father Only', mother_section: 1, guardian_section: 0, father_section: 0 });
    await page.reload();
    await expect.poll(shown).toEqual({ mother: true, father: true, guardian: false, family: true, emergency: true });
    expect(await page.getByRole('checkbox', { name: 'Mother' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('phone fields take digits only, show the 1868 prefix and the hint, and refuse a short number', async () => {
    const id = await newStudent({ phone_home: '1112222' });
    const page = await openAs(id);
    const mobile = page.getByLabel('Mobile');
    const item = page.locator('.plain-field').filter({ has: mobile });
    expect(await item.getByText('1868', { exact: true }).isVisible()).toBe(true);
    expect(await item.getByText('Enter 7 digits only').isVisible()).toBe(true);
    expect(await mobile.getAttribute('inputmode')).toBe('numeric');

    await mobile.fill('');
    await mobile.pressSequentially('ab1-2c3 4567890');
    expect(await mobile.inputValue()).toBe('1234567');
    await mobile.blur();
    await expect.poll(async () => (await record(id)).phone_home).toBe('1234567');

    await mobile.fill('');
    await mobile.pressSequentially('555');
    await mobile.blur();
    await expect.poll(() => item.getByText('7 Digits Needed').isVisible()).toBe(true);
    await item.screenshot({ path: screenshotPath('registration-phone-too-short') });
    // The check of the earlier save is gone: this value is not saved.
    expect(await item.getByRole('img', { name: 'Saved' }).count()).toBe(0);
    // A number that is too short is not saved.
    expect((await record(id)).phone_home).toBe('1234567');
    await mobile.press('End');
    await mobile.pressSequentially('6666');
    await mobile.blur();
    await expect.poll(async () => (await record(id)).phone_home).toBe('5556666');
    await expect.poll(() => item.getByText('7 Digits Needed').count()).toBe(0);

    // Family numbers are two digits, digits only.
    await page.goto('/registration/family-data');
    await chooseOption(page.getByLabel('The student lives with'), 'Both Parents');
    const count = page.getByLabel('Number in Family');
    await count.pressSequentially('x1y23');
    expect(await count.inputValue()).toBe('12');

    // An e-mail address that is not one says so, and is not saved.
    await page.goto('/registration/student-data');
    await type(page.getByLabel('E-mail'), 'not-an-address');
    await expect.poll(() => fieldItem(page, 'E-mail').getByText('Invalid e-mail').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('field-errors').textContent()).toBe('E-mail: Invalid e-mail');
    expect((await record(id)).email).toBeNull();
    // A required field cannot be emptied.
    await type(page.getByLabel('First Name'), '');
    await expect.poll(() => fieldItem(page, 'First Name').getByText('This field is required.').isVisible()).toBe(true);
    expect((await record(id)).first_name).toBe('Imani');
    await page.context().close();
  });

  it('closed registration disables every field and says why and until when', async () => {
    const id = await newStudent();
    await setRegistrationStatus(t, 0, null);
    try {
      const page = await openAs(id);
      const notice = page.getByRole('alert');
      await expect.poll(() => notice.textContent()).toMatch(/Registration is closed/);
      expect(await notice.textContent()).toMatch(/not changed until the school opens registration again/);
      for (const [label, path] of [
        ['Student Data', '/registration/student-data'],
        ['Family Data', '/registration/family-data'],
        ['Medical Data', '/registration/health-data'],
        ['Other Data', '/registration/other-data'],
        ['Complete', '/registration/complete'],
      ] as const) {
        if (label !== 'Student Data') await goToStep(page, label, path);
        const fields = page.locator('main form').locator('input, textarea, select, button[role="switch"]');
        await expect.poll(() => fields.count()).toBeGreaterThan(0);
        // Disabled as a person meets it (the form's fieldset disables every box in it).
        const enabled = await fields.evaluateAll((els) => els.filter((e) => !e.matches(':disabled')).map((e) => e.id));
        expect(enabled, `${label}: enabled fields`).toEqual([]);
      }
      await page.screenshot({ path: screenshotPath('registration-closed-desktop'), fullPage: true });

      // A deadline that has passed: the notice names the day it closed.
      await setRegistrationStatus(t, 1, '2020-07-01');
      await page.goto('/registration/student-data');
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Registration closed on 1 July 2020/);
      expect(await page.getByLabel('Other Name').isDisabled()).toBe(true);
      await page.context().close();
    } finally {
      await setRegistrationStatus(t, 1, null);
    }
    // Closed while the form is open: the next save is refused, and the form turns read-only with the notice.
    {
      const page = await openAs(id);
      await setRegistrationStatus(t, 0, null);
      try {
        await type(page.getByLabel('Nationality'), 'Trinidadian');
        const item = page.locator('.plain-field').filter({ has: page.getByLabel('Nationality') });
        await expect.poll(() => item.getByRole('img', { name: /Not saved/ }).isVisible()).toBe(true);
        await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Registration is closed/);
        expect(await page.getByLabel('Nationality').isDisabled()).toBe(true);
        expect((await record(id)).nationality).toBeNull();
        await page.context().close();
      } finally {
        await setRegistrationStatus(t, 1, null);
      }
    }
    // Open with a deadline ahead: the form is editable and says until when.
    await setRegistrationStatus(t, 1, '2099-07-01');
    try {
      const page = await openAs(id);
      await expect
        .poll(() => page.getByText('Registration is open until the end of 30 June 2099.').isVisible())
        .toBe(true);
      expect(await page.getByLabel('Other Name').isDisabled()).toBe(false);
      await page.context().close();
    } finally {
      await setRegistrationStatus(t, 1, null);
    }
  });

  it('shows a saving indicator on a slow save, then a check; a failed save gets a red alert', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    const item = (label: string) => page.locator('.plain-field').filter({ has: page.getByLabel(label) });

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/student', async (route) => {
      await held;
      await route.continue();
    });
    await type(page.getByLabel('Nationality'), 'Trinidadian');
    await expect.poll(() => item('Nationality').getByRole('img', { name: 'Saving' }).isVisible()).toBe(true);
    await item('Nationality').screenshot({ path: screenshotPath('registration-field-saving') });
    release();
    await expect.poll(() => item('Nationality').getByRole('img', { name: 'Saved' }).isVisible()).toBe(true);
    expect(await item('Nationality').getByRole('img', { name: 'Saving' }).count()).toBe(0);
    await page.unroute('**/api/student');

    await page.route('**/api/student', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'Something went wrong on our side.' }),
      }),
    );
    await type(page.getByLabel('Previous School'), 'Arima Girls RC');
    await expect
      .poll(() =>
        item('Previous School')
          .getByRole('img', { name: /Not saved/ })
          .isVisible(),
      )
      .toBe(true);
    await page
      .locator('.pf-panel')
      .filter({ has: page.getByLabel('Previous School') })
      .screenshot({ path: screenshotPath('registration-field-saved-and-not-saved') });
    await page.unroute('**/api/student');
    expect((await record(id)).previous_school).toBeNull();
    // Leaving the field again tries again.
    await page.getByLabel('Previous School').focus();
    await page.getByLabel('Previous School').blur();
    await expect.poll(() => item('Previous School').getByRole('img', { name: 'Saved' }).isVisible()).toBe(true);
    expect((await record(id)).previous_school).toBe('Arima Girls RC');
    await page.context().close();
  });

  it('a failed start shows a retry message instead of a half-loaded form', async ({ openPage }) => {
    const id = await newStudent();
    const page = await openPage({ width: 1280, height: 900 });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.route('**/api/houses', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, message: 'The database is not reachable.' }),
      }),
    );
    await page.goto('/registration/student-data');
    await expect
      .poll(() => page.getByRole('heading', { name: 'The registration form could not be loaded' }).isVisible())
      .toBe(true);
    expect(await page.locator('main form').count()).toBe(0);
    await page.unroute('**/api/houses');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByLabel('Other Name').isVisible()).toBe(true);
  });

  it('shows the side menu of the six steps and Password Changed Successfully after a password change', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Term Reports',
      'Family Data',
      'Medical Data',
      'Other Data',
      'Upload Documents',
      'Complete',
      'Logout',
    ]);
    await menu.getByRole('link', { name: 'Other Data' }).click();
    await expectPath(page, '/registration/other-data');

    await page.goto('/registration/change-password');
    await page.getByLabel('Old Password').fill(PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('Registration-Pass-2');
    await page.getByLabel('Confirm New Password').fill('Registration-Pass-2');
    await page.getByRole('button', { name: /change password/i }).click();
    await expectPath(page, '/registration/student-data');
    await expect.poll(() => page.getByText('Password Changed Successfully.').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Other Name').isVisible()).toBe(true);
    await page.context().close();
  });

  it('fits each step on a 360 px phone, with a compact step chooser', async () => {
    const id = await newStudent({ living_status: 'Both Parents', immigration_permit: 1, guardian_section: 1 });
    const page = await openAs(id, PHONE);
    const steps = [
      ['student-data', 'Student Data'],
      ['family-data', 'Family Data'],
      ['health-data', 'Medical Data'],
      ['other-data', 'Other Data'],
      ['documents', 'Upload Documents'],
      ['complete', 'Complete'],
    ] as const;
    for (const [n, [slug, label]] of steps.entries()) {
      if (n > 0) {
        // Jump with the compact chooser for even steps, with the next button for odd ones.
        // Each option also says how far that step is ("(done)", "(3 still needed)"):
        // see registration-progress.browser-spec.ts.
        if (n % 2 === 0) await chooseStep(page, `Step ${n + 1} of 6: ${label} (`);
        else await page.getByRole('button', { name: 'Next step' }).click();
      }
      await expectPath(page, `/registration/${slug}`);
      await expect
        .poll(() =>
          clientView(page)
            .getByRole('heading', { level: 1, name: `Registration: ${label}` })
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByText(`Step ${n + 1} of 6: ${label}`, { exact: true }).isVisible()).toBe(true);
      expect((await horizontalOverflow(page)).scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(PHONE);
      await page.screenshot({ path: screenshotPath(`registration-${n + 1}-${slug}-360`), fullPage: true });
    }
    // Back to the start by the chooser, a jump of five steps.
    await chooseStep(page, 'Step 1 of 6: Student Data (');
    await expectPath(page, '/registration/student-data');
    await page.context().close();
  });

  it('gives a tablet and a small laptop the full stepper, which still fits', async () => {
    const id = await newStudent({ living_status: 'Both Parents' });
    const tablet = await openAs(id, 800, '/registration/family-data');
    await expect
      .poll(() =>
        tablet.getByRole('navigation', { name: 'Registration steps' }).getByText('Upload Documents').isVisible(),
      )
      .toBe(true);
    expect((await horizontalOverflow(tablet)).scrollWidth).toBeLessThanOrEqual(800);
    await tablet.screenshot({ path: screenshotPath('registration-family-data-800') });
    await tablet.setViewportSize({ width: 1024, height: 900 });
    expect((await horizontalOverflow(tablet)).scrollWidth).toBeLessThanOrEqual(1024);
    await tablet.screenshot({ path: screenshotPath('registration-family-data-1024') });
    await tablet.context().close();
  });

  it('meets WCAG 2.2 AA on every step (axe), open and closed', async ({ openPage }) => {
    const id = await newStudent({ living_status: 'Both Parents', guardian_section: 1, immigration_permit: 1 });
    const page = await openPage({ width: 1280, bypassCSP: true });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    for (const slug of ['student-data', 'family-data', 'health-data', 'other-data', 'documents', 'complete']) {
      await page.goto(`/registration/${slug}`);
      await stepDrawn(page, slug);
      expect(await axeViolations(page), slug).toEqual([]);
    }
    await setRegistrationStatus(t, 0, null);
    try {
      await page.goto('/registration/student-data');
      await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
      expect(await axeViolations(page), 'closed').toEqual([]);
    } finally {
      await setRegistrationStatus(t, 1, null);
    }
  });

  it('hides the learning challenges unless the operator shows them (SHOW_LEARNING_CHALLENGES)', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openPage({ width: 1280, height: 900 });
    // This server shows them; the same answer with the setting off is what a default server sends.
    await page.route('**/api/session', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: { ...body, settings: { ...body.settings, show_learning_challenges: false } },
      });
    });
    // A page opened directly comes with the same answer (the server's first view): it says the same.
    await page.route('**/registration/health-data', async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      expect(html).toContain('"show_learning_challenges":true');
      const body = html.replace('"show_learning_challenges":true', '"show_learning_challenges":false');
      await route.fulfill({ response: res, body });
    });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/registration/health-data');
    await expect.poll(() => page.getByRole('switch', { name: 'Hepatitis' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Learning Challenges' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Dyslexia' }).count()).toBe(0);
  });
});
