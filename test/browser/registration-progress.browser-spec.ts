import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { DEFAULT_TERMS_TEXT, termsParagraphs } from '../../shared/terms.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  chooseOption,
  chooseStep,
  clientView,
  expectPath,
  horizontalOverflow,
  newAxePage,
  pageLive,
  signInStudent,
  stepChooserOptions,
} from './support.js';

// No PTA_FORM_URL: the PTA card must not appear even for a Form 1 student.
const it = browserTest;

// A parent finishes the registration on her phone and always knows where she stands: the stepper's
// states, each step's "Still needed" list (each item a link that focuses its field), the Complete
// step's checklist and the school's terms, the dashboard's "N of 6 steps complete"; and the office's
// Settings, where the school sets the text of its terms. Every screen at 360 px, with axe.

const PHONE = 360;
const PASSWORD = 'Progress-Pass-1';

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

let nextId = 8100;
/** A student as the school's import leaves her: name, class, date of birth and sex, nothing else. */
async function newStudent(extra: Record<string, unknown> = {}): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, { id, first_name: 'Zara', last_name: 'Khan', class_id: '1A', password: PASSWORD, extra });
  return id;
}

async function record(id: string): Promise<Record<string, unknown>> {
  return (await admin.get(`/api/student-record/${id}`).expect(200)).body[0];
}

async function type(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
}

/** Chooses an option of a select by its words. */
async function pick(_page: Page, field: Locator, text: string): Promise<void> {
  await chooseOption(field, text);
}

/** The id of the element that has the keyboard focus. */
function focusedId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { id?: string } | null } }).document.activeElement?.id ??
      '',
  );
}

/** Whether the focus is inside the upload slot of a document type. */
function focusInSlot(page: Page, type: string): Promise<boolean> {
  return page
    .locator(`[data-document-type="${type}"]`)
    .evaluate((el) =>
      el.contains((globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement as never),
    );
}

const stillNeeded = (page: Page) => page.getByTestId('still-needed');

/** The step's "Still needed" links, as she reads them. */
async function neededLinks(page: Page): Promise<string[]> {
  return stillNeeded(page).getByRole('link').allTextContents();
}

/** The compact step chooser's options, as the list shows them. */
async function chooserOptions(page: Page): Promise<string[]> {
  // The list is read once it is whole.
  let titles: string[] = [];
  await expect.poll(async () => (titles = await stepChooserOptions(page)).length).toBe(6);
  return titles;
}

async function checkScreen(page: Page, name: string): Promise<void> {
  expect((await horizontalOverflow(page)).scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(PHONE);
  expect(await axeViolations(page), name).toEqual([]);
  await page.screenshot({ path: screenshotPath(`progress-${name}-360`), fullPage: true });
}

describe('a parent completes the registration on a 360 px phone, seeing where she stands at each step', () => {
  let id: string;
  let page: Page;
  const heading = (label: string) =>
    clientView(page).getByRole('heading', { level: 1, name: `Registration: ${label}` });
  const card = (title: string) =>
    page.locator('.pf-panel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const registrationCard = () => page.getByRole('link', { name: /Edit\/View Registration/ });

  afterAll(() => page?.context().close());

  it('the dashboard says how far she is and where to continue; no PTA card without a PTA form address', async () => {
    id = await newStudent();
    page = await newAxePage(b, t.baseUrl, PHONE, 800);
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await expect.poll(() => registrationCard().textContent()).toContain('0 of 6 steps complete.');
    expect(await registrationCard().textContent()).toContain('Continue with Step 1: Student Data.');
    // She is in Form 1, but the school has set no PTA form: no card that leads nowhere.
    expect(await page.getByRole('link', { name: /PTA Registration/ }).count()).toBe(0);
    await checkScreen(page, 'dashboard-start');
    await registrationCard().click();
    await expectPath(page, '/registration/student-data');
  });

  it('step 1: the stepper says every step is incomplete; the list names what is missing, links focus', async () => {
    await expect.poll(() => heading('Student Data').isVisible()).toBe(true);
    expect(await chooserOptions(page)).toEqual([
      'Step 1 of 6: Student Data (5 still needed)',
      'Step 2 of 6: Family Data (3 still needed)',
      'Step 3 of 6: Medical Data (1 still needed)',
      'Step 4 of 6: Other Data (1 still needed)',
      'Step 5 of 6: Upload Documents (4 still needed)',
      'Step 6 of 6: Complete (1 still needed)',
    ]);
    await expect
      .poll(() => neededLinks(page))
      .toEqual(['Electronic Birth Pin', 'Home Address', 'Town', 'Country of Birth', 'Nationality']);
    expect(await stillNeeded(page).textContent()).toMatch(/^Still needed: Electronic Birth Pin, Home Address, Town/);
    await checkScreen(page, 'student-data');

    // A link scrolls to its field and puts the cursor there: she types straight away.
    await stillNeeded(page).getByRole('link', { name: 'Home Address' }).click();
    await expect.poll(() => focusedId(page)).toBe('home_address');
    await page.keyboard.type('4 Pine Street');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => neededLinks(page))
      .toEqual(['Electronic Birth Pin', 'Town', 'Country of Birth', 'Nationality']);

    await stillNeeded(page).getByRole('link', { name: 'Nationality' }).click();
    await expect.poll(() => focusedId(page)).toBe('nationality');
    await type(page.getByLabel('Nationality'), 'Trinidadian');
    await type(page.getByLabel('Electronic Birth Pin'), 'EBP-8100');
    await type(page.getByLabel('Town'), 'Arima');
    await type(page.getByLabel('Country of Birth'), 'Trinidad and Tobago');
    // The list empties as she goes; the step says it is complete, and so does the chooser.
    await expect.poll(() => stillNeeded(page).textContent()).toBe('This step is complete: nothing is missing here.');
    expect((await chooserOptions(page))[0]).toBe('Step 1 of 6: Student Data (done)');
  });

  it('step 2: the emergency contact leads to the living status until a family section shows, then to it', async () => {
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/family-data');
    await expect
      .poll(() => neededLinks(page))
      .toEqual(['Living Status', 'Emergency Contact', 'Emergency Contact Phone']);
    await stillNeeded(page).getByRole('link', { name: 'Emergency Contact', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('living_status');
    await pick(page, page.getByLabel('The student lives with'), 'Mother Only');
    await expect
      .poll(() => neededLinks(page))
      .toEqual(['Mother: Name', 'Mother: a Phone Number', 'Emergency Contact', 'Emergency Contact Phone']);
    await checkScreen(page, 'family-data');

    await stillNeeded(page).getByRole('link', { name: 'Mother: Name' }).click();
    await expect.poll(() => focusedId(page)).toBe('mother_name');
    await page.keyboard.type('Rita Khan');
    await page.keyboard.press('Tab');
    await stillNeeded(page).getByRole('link', { name: 'Mother: a Phone Number' }).click();
    await expect.poll(() => focusedId(page)).toBe('mobile_phone_mother');
    await page.keyboard.type('3217654');
    await page.keyboard.press('Tab');
    await stillNeeded(page).getByRole('link', { name: 'Emergency Contact', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('emergency_contact');
    await type(page.getByLabel('Emergency Contact'), 'Sara Khan');
    await type(card('Emergency Contact').getByLabel('Home Phone'), '6421111');
    await expect.poll(() => stillNeeded(page).textContent()).toBe('This step is complete: nothing is missing here.');
    await expect
      .poll(() => record(id))
      .toMatchObject({ mother_name: 'Rita Khan', mobile_phone_mother: '3217654', emergency_home_phone: '6421111' });
  });

  it('steps 3 and 4: the medical step is reached at its first immunization; the device type', async () => {
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/health-data');
    await expect.poll(() => neededLinks(page)).toEqual(['Immunizations or medical history']);
    await checkScreen(page, 'health-data');
    await stillNeeded(page).getByRole('link').click();
    await expect.poll(() => focusedId(page)).toBe('hepatitis');
    await page.keyboard.press('Space'); // the switch she is on
    await expect.poll(() => stillNeeded(page).textContent()).toBe('This step is complete: nothing is missing here.');

    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/other-data');
    await expect.poll(() => neededLinks(page)).toEqual(['Device Type']);
    await checkScreen(page, 'other-data');
    await stillNeeded(page).getByRole('link').click();
    await expect.poll(() => focusedId(page)).toBe('device_type');
    await pick(page, page.getByLabel('Device used for school work'), 'Phone');
    await expect.poll(() => stillNeeded(page).textContent()).toBe('This step is complete: nothing is missing here.');
  });

  it('the dashboard now says four of six, and to continue with the documents', async () => {
    await page.goto('/dashboard');
    await expect.poll(() => registrationCard().textContent()).toContain('4 of 6 steps complete.');
    expect(await registrationCard().textContent()).toContain('Continue with Step 5: Upload Documents.');
    await checkScreen(page, 'dashboard-four-of-six');
    await registrationCard().click();
    await expectPath(page, '/registration/documents');
  });

  it('the Complete step lists the six steps, with links into the documents step', async () => {
    await expect
      .poll(() => neededLinks(page))
      .toEqual(['Birth Certificate', 'Immunization Card', 'SEA Slip', 'Picture']);
    await chooseStep(page, 'Step 6 of 6: Complete (1 still needed)');
    await expectPath(page, '/registration/complete');
    const checklist = page.getByRole('list', { name: 'Registration checklist' });
    await expect
      .poll(() => checklist.getByRole('listitem').allTextContents())
      .toEqual([
        'Step 1: Student Data (done)',
        'Step 2: Family Data (done)',
        'Step 3: Medical Data (done)',
        'Step 4: Other Data (done)',
        'Step 5: Upload Documents (4 still needed)' +
          'Still needed: Birth Certificate, Immunization Card, SEA Slip, Picture',
        'Step 6: Complete (1 still needed)Still needed: Agreement to the terms and conditions',
      ]);
    expect(await page.getByText('4 of 6 steps complete. What is still needed is listed below.').isVisible()).toBe(true);
    // The terms she is asked to agree to are readable right here. They come with their own answer, asked for as the
    // step is first drawn (terms-agreement.tsx): after the checklist.
    for (const paragraph of termsParagraphs(DEFAULT_TERMS_TEXT).slice(0, 3)) {
      await expect
        .poll(() => page.getByText(paragraph, { exact: true }).isVisible(), { message: paragraph })
        .toBe(true);
    }
    await checkScreen(page, 'complete-four-of-six');

    // A link to a document on another step opens that step at the document's slot.
    await checklist.getByRole('link', { name: 'SEA Slip' }).click();
    await expectPath(page, '/registration/documents');
    await expect.poll(() => focusInSlot(page, 'sea_slip')).toBe(true);
    await checkScreen(page, 'documents');
    const slot = (label: string) =>
      page
        .locator('[data-document-type]')
        .filter({ has: page.getByRole('heading', { name: new RegExp(`^${label} \\(`) }) });
    for (const [label, name, mimeType, buffer] of [
      ['Birth Certificate', 'birth.pdf', 'application/pdf', samplePdf('Birth')],
      ['Immunization Card', 'card.pdf', 'application/pdf', samplePdf('Card')],
      ['SEA Slip', 'sea.pdf', 'application/pdf', samplePdf('SEA')],
      ['Picture', 'zara.jpg', 'image/jpeg', SAMPLE_JPEG],
    ] as const) {
      await slot(label).locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
      await expect
        .poll(() =>
          slot(label)
            .getByRole('link', { name: new RegExp(`^Open ${label}`) })
            .isVisible(),
        )
        .toBe(true);
    }
    await expect.poll(() => stillNeeded(page).textContent()).toBe('This step is complete: nothing is missing here.');
  });

  it('ticking the agreement completes the registration, saved at once and stamped with the version', async () => {
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/complete');
    const checklist = page.getByRole('list', { name: 'Registration checklist' });
    await expect
      .poll(() => checklist.getByRole('link', { name: 'Agreement to the terms and conditions' }).isVisible())
      .toBe(true);
    await checklist.getByRole('link', { name: 'Agreement to the terms and conditions' }).click();
    await expect.poll(() => focusedId(page)).toBe('agree_terms_conditions');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await record(id)).agree_terms_conditions).toBe(1);
    const saved = await record(id);
    expect(saved.terms_version).toBe(1);
    await expect
      .poll(() => page.getByText('Your registration is complete: all six steps are complete.').isVisible())
      .toBe(true);
    expect(await checklist.getByText('Still needed').count()).toBe(0);
    await expect.poll(() => page.getByText(/^You agreed to these terms \(version 1\) on /).isVisible()).toBe(true);
    expect(await chooserOptions(page)).toEqual([
      'Step 1 of 6: Student Data (done)',
      'Step 2 of 6: Family Data (done)',
      'Step 3 of 6: Medical Data (done)',
      'Step 4 of 6: Other Data (done)',
      'Step 5 of 6: Upload Documents (done)',
      'Step 6 of 6: Complete (done)',
    ]);
    await checkScreen(page, 'complete-done');

    await page.goto('/dashboard');
    await expect
      .poll(() => registrationCard().textContent())
      .toContain('6 of 6 steps complete: your registration is complete.');
    await checkScreen(page, 'dashboard-done');

    // The office sees the same answer.
    const overview = (await admin.get('/api/registration-progress').expect(200)).body as { complete: number };
    expect(overview.complete).toBe(1);
  });
});

describe('the stepper on a wider screen', () => {
  it('shows each step done, incomplete with how much is still needed, or current', async ({ openPage }) => {
    const id = await newStudent({
      birth_certificate_no: 'EBP1',
      home_address: '1 Main Rd',
      address_line_2: 'Arima',
      place_of_birth: 'Trinidad',
      nationality: 'Trinidadian',
      device_type: 'None',
    });
    const page = await openPage({ width: 1280, height: 900 });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/registration/health-data');
    const nav = page.getByRole('navigation', { name: 'Registration steps' });
    const step = (label: string) => nav.getByRole('listitem').filter({ hasText: label });
    await expect.poll(() => step('Student Data').textContent()).toBe('Student DataDone');
    expect(await step('Family Data').textContent()).toBe('2Family Data3 still needed');
    expect(await step('Medical Data').textContent()).toBe('3Medical Data1 still needed');
    expect(await step('Other Data').textContent()).toBe('Other DataDone');
    await expect.poll(() => step('Upload Documents').textContent()).toBe('5Upload Documents4 still needed');
    expect(await step('Complete').textContent()).toBe('6Complete1 still needed');
    // The current step is marked as such (for screen readers too); complete ones carry the check.
    expect(await step('Medical Data').getByRole('button').getAttribute('aria-current')).toBe('step');
    expect(await step('Family Data').getByRole('button').getAttribute('aria-current')).toBeNull();
    expect(await step('Student Data').getAttribute('class')).toContain('reg-step-finish');
    expect(await step('Family Data').getAttribute('class')).toContain('reg-step-wait');
    await page.screenshot({ path: screenshotPath('progress-stepper-1280') });

    // A "still needed" link opened in a new tab (its URL) focuses the field there too.
    await page.goto('/registration/family-data#living_status');
    await expect.poll(() => focusedId(page)).toBe('living_status');
  });
});

describe('when the school changes its terms', () => {
  it('her agreement still counts; she is told the text has changed, reads it and agrees to the new one', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openPage({ width: PHONE, height: 800, bypassCSP: true });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/registration/complete');
    const agree = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    await agree.check();
    await expect.poll(async () => (await record(id)).terms_version).not.toBeNull();
    const first = (await record(id)).terms_version as number;

    const changed = await admin
      .post('/api/terms-and-conditions', {
        text: `School rules, edition ${first + 1}.\n\nParents attend the first PTA meeting.`,
      })
      .expect(200);
    const version = changed.body.version as number;
    await page.reload();
    await expect
      .poll(() => page.getByText('The school has changed its terms and conditions since you agreed.').isVisible())
      .toBe(true);
    expect(
      await page
        .getByText(new RegExp(`You agreed to version ${first} on .* Your registration still counts as agreed\\.`))
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('Parents attend the first PTA meeting.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`(version ${version})`, { exact: true }).isVisible()).toBe(true);
    expect(await agree.isChecked()).toBe(true);
    await checkScreen(page, 'complete-terms-changed');

    await page.getByRole('button', { name: 'I agree to the current terms' }).click();
    await expect.poll(async () => (await record(id)).terms_version).toBe(version);
    await expect
      .poll(() => page.getByText(new RegExp(`^You agreed to these terms \\(version ${version}\\) on `)).isVisible())
      .toBe(true);
    expect(await page.getByText('The school has changed its terms and conditions since you agreed.').count()).toBe(0);
  });
});

describe('the office sets the text of the terms in Settings', () => {
  it('shows the current version, saves a new one, and fits a 360 px phone', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 800, bypassCSP: true });
    await page.goto('/admin');
    await pageLive(page);
    await page.getByLabel('Username').fill('office');
    await page.getByLabel('Password', { exact: true }).fill('Office-Admin-Pass-1');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/admin/dashboard');
    await page.goto('/admin/settings');
    const text = page.getByLabel('Text of the terms and conditions');
    await expect.poll(() => text.isVisible()).toBe(true);
    const current = (await admin.get('/api/terms-and-conditions').expect(200)).body as {
      version: number;
      text: string;
    };
    expect(await text.inputValue()).toBe(current.text);
    expect(await page.getByText(new RegExp(`^Version ${current.version}, set `)).isVisible()).toBe(true);
    const save = page.getByRole('button', { name: 'Save Terms' });
    expect(await save.isDisabled()).toBe(true);
    await checkScreen(page, 'admin-settings');

    // Emptied: refused on the spot, nothing sent.
    await text.fill('   ');
    await expect
      .poll(() => page.getByText('Enter the text of the terms and conditions.', { exact: true }).isVisible())
      .toBe(true);
    expect(await save.isDisabled()).toBe(true);

    await text.fill('Students wear the uniform.\n\nParents read the school handbook.');
    await page.getByText('Preview as students see it').click();
    await expect.poll(() => page.getByText('Parents read the school handbook.', { exact: true }).count()).toBe(1);
    await save.click();
    await expect.poll(() => page.getByText(`Saved as version ${current.version + 1}.`).isVisible()).toBe(true);
    expect(await page.getByText(new RegExp(`^Version ${current.version + 1}, set `)).isVisible()).toBe(true);
    const now = (await admin.get('/api/terms-and-conditions').expect(200)).body as { version: number; text: string };
    expect(now).toMatchObject({
      version: current.version + 1,
      text: 'Students wear the uniform.\n\nParents read the school handbook.',
    });
    const audit = (await admin.get(`/api/audit?student_id=${now.version}`).expect(200)).body as {
      action: string;
      actor: string;
    }[];
    expect(audit[0]).toMatchObject({ action: 'terms.changed', actor: 'admin:office' });
    await checkScreen(page, 'admin-settings-saved');
  });
});
