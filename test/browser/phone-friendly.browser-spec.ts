import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { MESSAGES } from '../../shared/constants.js';
import { phoneExtensionNote } from '../../shared/phone-number.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  expectPath,
  fieldItem,
  focusedLabel,
  horizontalOverflow,
  inputFontSizes,
  newAxePage,
  openStepAs,
  signInStudent,
  smallTargets,
  stepDrawn,
  tabTo,
} from './support.js';

// The small things that make a parent on her phone call the office: a phone number pasted from her
// contacts, a password button that does nothing, a page that zooms when she taps a box, tiny targets,
// and a school name cut away in the top bar. Everything at 360 px, the width of a small phone.

const PHONE = 360;
const PASSWORD = 'Phone-Friendly-Pass-1';
const SCHOOL = "Saint Catherine's Girls' Anglican High School of Port of Spain";

// A long school name is the worst case for a 360 px top bar.
const it = browserTest.override('serverEnv', { SCHOOL_NAME: SCHOOL, SHOW_LEARNING_CHALLENGES: 'true' });

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

let nextId = 9100;
/** A student with a chosen password, or (firstSignIn) one whose password is still her date of birth. */
async function newStudent(extra: Record<string, unknown> = {}, { firstSignIn = false } = {}): Promise<string> {
  const id = String(nextId++);
  const password = firstSignIn ? undefined : PASSWORD;
  await createStudent(t, {
    id,
    first_name: 'Naomi',
    last_name: 'Baptiste',
    class_id: '1A',
    password,
    extra: { house_code: 2, ...extra },
  });
  return id;
}

async function record(id: string): Promise<Record<string, unknown>> {
  return (await admin.get(`/api/student-record/${id}`).expect(200)).body[0];
}

/** A 360 px phone (axe-ready) signed in as the student, on `path`. */
async function phoneAs(id: string, path: string): Promise<Page> {
  const page = await newAxePage(b, t.baseUrl, PHONE, 740);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  return openStepAs(page, id, PASSWORD, path);
}

/** Pastes `text` into `field` the way she does: it is on the clipboard, she taps the box and pastes. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate(
    (t: string) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
      ).navigator.clipboard.writeText(t),
    text,
  );
  await field.click();
  await page.keyboard.press('ControlOrMeta+V');
}

const card = (page: Page, title: string) =>
  page.locator('.pf-panel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('phone numbers pasted from anywhere', () => {
  it('takes 623-4567, (868) 623-4567, 1 868 623 4567 and +1-868-623-4567 as 6234567 and saves each', async () => {
    const id = await newStudent({ phone_home: '1112222', living_status: 'Both Parents' });
    const page = await phoneAs(id, '/registration/student-data');

    // Her own mobile already holds a number: a pasted whole number replaces it.
    const mobile = page.getByLabel('Mobile');
    expect(await mobile.inputValue()).toBe('1112222');
    await paste(page, mobile, '623-4567');
    await expect.poll(() => mobile.inputValue()).toBe('6234567');
    await mobile.blur();
    await expect.poll(async () => (await record(id)).phone_home).toBe('6234567');

    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/family-data');
    const pastes = [
      [card(page, 'Mother').getByLabel('Mobile'), '(868) 623-4567', 'mobile_phone_mother'],
      [card(page, 'Father').getByLabel('Work Phone'), '1 868 623 4567', 'father_business_phone'],
      [card(page, 'Emergency Contact').getByLabel('Home Phone'), '+1-868-623-4567', 'emergency_home_phone'],
    ] as const;
    for (const [field, text, column] of pastes) {
      await paste(page, field, text);
      await expect.poll(() => field.inputValue(), { message: text }).toBe('6234567');
      await field.blur();
      await expect.poll(async () => (await record(id))[column], { message: text }).toBe('6234567');
    }
    expect(await page.locator('.plain-field-error').count()).toBe(0);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE);
    await page.screenshot({ path: screenshotPath('phone-paste-family-360'), fullPage: true });

    // After a reload the pasted numbers are what the form shows.
    await page.reload();
    await expect.poll(() => card(page, 'Father').getByLabel('Work Phone').inputValue()).toBe('6234567');
    expect(await card(page, 'Mother').getByLabel('Mobile').inputValue()).toBe('6234567');
    await page.context().close();
  });

  it('says Only Numbers Allowed on the field for a paste with letters, keeping the number in the box', async () => {
    const id = await newStudent({ phone_home: '6234567' });
    const page = await phoneAs(id, '/registration/student-data');
    const mobile = page.getByLabel('Mobile');
    const item = fieldItem(page, 'Mobile');

    await paste(page, mobile, '868-623-45O7'); // a letter O for a zero
    await expect.poll(() => item.getByText(MESSAGES.phoneDigits).isVisible()).toBe(true);
    // Announced like any field error, and tied to the box.
    await expect.poll(() => page.getByTestId('field-errors').textContent()).toBe(`Mobile: ${MESSAGES.phoneDigits}`);
    expect(await mobile.getAttribute('aria-invalid')).toBe('true');
    // The number she had is still there and still saved; nothing vanished.
    expect(await mobile.inputValue()).toBe('6234567');
    await item.screenshot({ path: screenshotPath('phone-paste-letters-360') });
    expect(await axeViolations(page), 'student data with the paste message').toEqual([]);

    // Her next change takes the message away; the corrected number saves.
    await mobile.press('End');
    await mobile.press('Backspace');
    await expect.poll(() => item.getByText(MESSAGES.phoneDigits).count()).toBe(0);
    await mobile.pressSequentially('8');
    await mobile.blur();
    await expect.poll(async () => (await record(id)).phone_home).toBe('6234568');

    // A piece of a number goes where the caret is, as typing would.
    await mobile.fill('623');
    await paste(page, mobile, '45-67');
    await expect.poll(() => mobile.inputValue()).toBe('6234567');
    // Typed letters are still blocked (docs/product.md §5).
    await mobile.pressSequentially('x');
    expect(await mobile.inputValue()).toBe('6234567');
    await mobile.blur();
    await expect.poll(async () => (await record(id)).phone_home).toBe('6234567');
    expect(await item.locator('.plain-field-error').count()).toBe(0);
    await page.context().close();
  });
});

describe('a number pasted with its extension', () => {
  it('keeps 868 623 4567 ext 2 as 6234567, says the extension was left out, and saves the number', async () => {
    const id = await newStudent({ living_status: 'Both Parents' });
    const page = await phoneAs(id, '/registration/family-data');
    const mobile = card(page, 'Mother').getByLabel('Mobile');
    const item = card(page, 'Mother')
      .locator('.plain-field')
      .filter({ has: page.getByLabel('Mobile', { exact: true }) });

    await paste(page, mobile, '868 623 4567 ext 2');
    await expect.poll(() => mobile.inputValue()).toBe('6234567');
    const note = item.getByRole('status').filter({ hasText: phoneExtensionNote('2') });
    await expect.poll(() => note.isVisible()).toBe(true);
    // A note, not an error: the number is good and saves as it is.
    expect(await mobile.getAttribute('aria-invalid')).toBeNull();
    expect(await item.locator('.plain-field-error').count()).toBe(0);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE);
    await item.screenshot({ path: screenshotPath('phone-paste-extension-360') });
    // From the top: scrolled to the box, the sticky top bar half covers a box above it, which axe counts as a target
    // too small.
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    expect(await axeViolations(page), 'family data with the extension note').toEqual([]);
    await mobile.blur();
    await expect.poll(async () => (await record(id)).mobile_phone_mother).toBe('6234567');

    // Her next change takes the note away.
    await mobile.press('End');
    await mobile.press('Backspace');
    await expect.poll(() => note.count()).toBe(0);
    await page.context().close();
  });
});

describe('password screens', () => {
  const button = (page: Page) => page.getByRole('button', { name: 'Change Password' });
  const hint = (page: Page) => page.getByRole('status').filter({ hasText: MESSAGES.passwordsDiffer });

  it('reset mode on the sign-in page keeps Change Password disabled, with a hint, until both match', async ({
    openPage,
  }) => {
    const id = await newStudent({}, { firstSignIn: true }); // her date of birth, and the reset flag
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await signInStudent(page, id, '20130517');
    await expect.poll(() => page.getByLabel('New Password', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('Blue-Kite-River-9');
    await expect.poll(() => button(page).isDisabled()).toBe(true);
    expect(await hint(page).isVisible()).toBe(true);
    await page.getByLabel('Confirm New Password').fill('Blue-Kite-River-8');
    expect(await button(page).isDisabled()).toBe(true);
    expect(await hint(page).isVisible()).toBe(true);
    // Enter in Confirm does nothing either: still on the sign-in page, her typing kept.
    await page.getByLabel('Confirm New Password').press('Enter');
    await expectPath(page, '/');
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('Blue-Kite-River-9');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE);
    await page.screenshot({ path: screenshotPath('reset-passwords-differ-360'), fullPage: true });
    expect(await axeViolations(page), 'reset mode with the hint').toEqual([]);

    await page.getByLabel('Confirm New Password').fill('Blue-Kite-River-9');
    await expect.poll(() => button(page).isEnabled()).toBe(true);
    expect(await hint(page).count()).toBe(0);
    await button(page).click();
    await expectPath(page, '/dashboard');
  });

  it('the user menu opens Change Password; it has a Confirm box, waits for a match, changes the password', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');

    // The avatar in the top bar is a menu button named for her.
    const avatar = page.getByRole('banner').getByRole('button', { name: 'NB, Naomi Baptiste' });
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await avatar.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Change Password',
      'Invite a parent',
      'Who can see my registration',
      'Logout',
    ]);
    // Headed with her name, which names the menu too.
    expect(await page.locator('.account-menu-popup').getByText('Naomi Baptiste', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('menu', { name: 'Naomi Baptiste' }).isVisible()).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('user-menu-360') });
    expect(await axeViolations(page, '.account-menu-popup'), 'user menu').toEqual([]);
    // A press outside closes it; the avatar opens it again.
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await avatar.getAttribute('aria-expanded')).toBe('false');
    await avatar.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('menuitem', { name: 'Change Password' }).click();
    await expectPath(page, '/registration/change-password');
    await expect.poll(() => menu.isVisible()).toBe(false);

    // From the keyboard too: Tab to the avatar, Enter opens the menu on its first entry, arrows and Enter choose.
    await page.goto('/dashboard');
    await tabTo(page, avatar);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(() => focusedLabel(page)).toContain('Change Password');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toContain('Invite a parent');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toContain('Who can see my registration');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toContain('Logout');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedLabel(page)).toContain('Change Password');
    await page.keyboard.press('Enter');
    await expectPath(page, '/registration/change-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Change Password' }).isVisible()).toBe(true);

    await page.getByLabel('Old Password').fill(PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('Green-Harbour-44');
    await page.getByLabel('Confirm New Password').fill('Green-Harbour-45');
    await expect.poll(() => button(page).isDisabled()).toBe(true);
    expect(await hint(page).isVisible()).toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE);
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('change-password-differ-360'), fullPage: true });
    expect(await axeViolations(page), 'change password with the hint').toEqual([]);

    await page.getByLabel('Confirm New Password').fill('Green-Harbour-44');
    await expect.poll(() => button(page).isEnabled()).toBe(true);
    expect(await hint(page).count()).toBe(0);
    await button(page).click();
    await expectPath(page, '/registration/student-data');
    await expect.poll(() => page.getByText(MESSAGES.passwordChanged).isVisible()).toBe(true);

    // The new password is the one that works now (Logout from the user menu).
    await page.getByRole('banner').getByRole('button', { name: 'NB, Naomi Baptiste' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await signInStudent(page, id, PASSWORD);
    await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
    await signInStudent(page, id, 'Green-Harbour-44');
    await expectPath(page, '/dashboard');
  });
});

describe('a phone screen', () => {
  it('uses 16 px text in every box at 360 px, so iOS does not zoom in, and 14 px on a desktop', async ({
    openPage,
  }) => {
    const id = await newStudent({
      living_status: 'Both Parents',
      guardian_section: 1,
      immigration_permit: 1,
      blood_type: 'O+',
    });
    const page = await openPage({ width: PHONE, height: 740 });
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    const sizes: { screen: string; field: string; px: number }[] = [];
    const collect = async (screen: string) => {
      const found = await inputFontSizes(page);
      expect(found.length, `${screen} has text boxes`).toBeGreaterThan(0);
      sizes.push(...found.map((f) => ({ screen, ...f })));
    };
    await collect('sign-in');
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    for (const slug of ['student-data', 'family-data', 'health-data', 'other-data', 'change-password']) {
      await page.goto(`/registration/${slug}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { message: slug }).toBe(true);
      await page.locator('main input, main textarea').first().waitFor();
      await collect(slug);
    }
    // Text, password, select, date, phone, autocomplete (town) and text area boxes are all among them.
    const fields = sizes.map((s) => s.field);
    for (const f of [
      'first_name',
      'blood_type',
      'date_of_birth',
      'phone_home',
      'address_line_2',
      'medical_history',
      'change-password_password',
    ]) {
      expect(fields, f).toContain(f);
    }
    expect(sizes.filter((s) => s.px < 16)).toEqual([]);

    // A desktop keeps antd's 14 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/registration/student-data');
    await page.getByLabel('First Name').waitFor();
    expect(new Set((await inputFontSizes(page)).map((s) => s.px))).toEqual(new Set([14]));
  });

  it('shows the whole school name in the top bar at 360 px, and every target is at least 24 × 24 px', async () => {
    const id = await newStudent({
      living_status: 'Both Parents',
      guardian_section: 1,
      blood_type: 'O+',
      date_of_birth: '2013-05-17',
    });
    const page = await phoneAs(id, '/registration/student-data');
    const title = page.getByRole('banner').getByRole('link', { name: SCHOOL });
    expect(await title.textContent()).toBe(SCHOOL);
    const box = await title.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    // Nothing cut off: the text fits its box (wrapped onto lines, not ellipsised) and the box the screen.
    const fit = await title.evaluate((el: unknown) => {
      const e = el as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
      return { wide: e.scrollWidth <= e.clientWidth, tall: e.scrollHeight <= e.clientHeight };
    });
    expect(fit).toEqual({ wide: true, tall: true });
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE);
    // The avatar and Logout sit beside it, not on top of it.
    const avatar = await page.getByRole('button', { name: 'NB, Naomi Baptiste' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(avatar!.x);
    await page.getByRole('banner').screenshot({ path: screenshotPath('top-bar-360') });

    // Tap targets, on the screens with ticks, switches, selects and menus.
    for (const slug of ['student-data', 'family-data', 'health-data', 'other-data', 'complete']) {
      await page.goto(`/registration/${slug}`);
      await stepDrawn(page, slug);
      await page.locator('main :is(input, select, textarea, [role=switch])').first().waitFor();
      expect(await smallTargets(page), slug).toEqual([]);
      // From the top: axe counts a box half under the sticky top bar as a small target.
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      expect((await horizontalOverflow(page)).scrollWidth, slug).toBeLessThanOrEqual(PHONE);
      expect(await axeViolations(page), slug).toEqual([]);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    await page.waitForTimeout(400); // the drawer slides in
    expect(await smallTargets(page)).toEqual([]);
    expect(await axeViolations(page, 'dialog.side-drawer'), 'side menu').toEqual([]);
    await page.context().close();
  });
});

describe('the date of birth', () => {
  it("is the phone's own date picker on the stored date, offering no day before 1950 or after today", async () => {
    const id = await newStudent({ date_of_birth: '2012-05-14' });
    const page = await phoneAs(id, '/registration/student-data');
    const dob = page.getByLabel('Date of Birth');
    await expect.poll(() => dob.inputValue()).toBe('2012-05-14');
    expect(await dob.getAttribute('type')).toBe('date');
    expect(await dob.getAttribute('min')).toBe('1950-01-01');
    // Today as the page counts it (its own clock, written YYYY-MM-DD).
    expect(await dob.getAttribute('max')).toBe(await page.evaluate(() => new Date().toLocaleDateString('sv')));

    // A day after today put in the box (not offered by its calendar) is refused with the rule's words, and nothing is
    // saved.
    await dob.fill('2099-01-01');
    await dob.blur();
    await expect
      .poll(() => fieldItem(page, 'Date of Birth').locator('.plain-field-error').textContent())
      .toBe('The date of birth cannot be in the future.');
    expect((await record(id)).date_of_birth).toBe('2012-05-14');

    // A date left half typed (one part cleared to retype it) reads as empty, but she did not empty it: nothing is
    // sent, and she is told what is missing.
    await dob.fill('2012-05-14');
    await dob.blur();
    await expect.poll(() => fieldItem(page, 'Date of Birth').locator('.plain-field-error').count()).toBe(0);
    await dob.focus(); // on its first part
    await page.keyboard.press('Backspace');
    await dob.blur();
    await expect
      .poll(() => fieldItem(page, 'Date of Birth').locator('.plain-field-error').textContent())
      .toBe('Enter the whole date (day, month and year), or clear it.');
    expect((await record(id)).date_of_birth).toBe('2012-05-14');
    await page.context().close();
  });
});
