import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { MESSAGES } from '../../shared/constants.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { samplePdf } from '../fixtures/files.js';
import { createAdmin, createGuardian, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  chosenOption,
  clientView,
  expectPath,
  focusedLabel,
  focusIsOnDocument,
  hasFocusWithin,
  pageLive,
  tabTo,
  typeDate,
  unreachableByTab,
} from './support.js';

const it = browserTest;

// Keyboard alone: a parent without a mouse (or using a switch device or a screen reader) can sign in,
// fill every registration step, upload a document, and an administrator can work the students table
// and its dialogs. Only Tab, Shift+Tab, Enter, Space, the arrow keys, Escape and typing are used here.

const PASSWORD = 'Keyboard-Pass-2026';
const PARENT = 'parent.keys@example.org';
const PARENT_PASSWORD = 'Parent-Keys-2026';

let t: TestApp;
let b: TestBrowser;
let adminPassword: string;

it.beforeAll(async ({ app, browser }) => {
  t = app;
  b = browser;
  adminPassword = await createAdmin(t, 'office');
  await createStudent(t, {
    id: '20268001',
    first_name: 'Kezia',
    last_name: 'Mohammed',
    class_id: '1A',
    password: PASSWORD,
    extra: { house_code: 1 },
  });
  await createStudent(t, {
    id: '20268002',
    first_name: 'Lena',
    last_name: 'Ramdial',
    class_id: '2B',
    date_of_birth: '2012-06-30',
  });
  // A parent of both, for the student switcher.
  await createGuardian(t, { email: PARENT, password: PARENT_PASSWORD, students: ['20268001', '20268002'] });
});

const student = async (id = '20268001') =>
  (await t.ds.getRepository(Student).findOneByOrFail({ id })) as unknown as Record<string, unknown>;

/** Tabs to a text field, replaces its text by typing, and Tabs on (the field saves when left). */
async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

/** Tabs to a select and types the start of an option: a closed native select chooses it as it is typed. */
async function chooseByKeys(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect.poll(async () => (await chosenOption(field)).startsWith(text)).toBe(true);
}

/** Opens the student sign-in page, Tabs to Student ID, types it and presses Enter (which moves to the password). */
async function enterStudentId(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await pageLive(page);
  await tabTo(page, page.getByLabel('Student ID'));
  await page.keyboard.type(id);
  await page.keyboard.press('Enter');
}

/** Signs the administrator in at /admin with Tab, typing and Enter. */
async function signInAdminByKeys(page: Page): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type('office');
  await page.keyboard.press('Tab');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(adminPassword);
  await page.keyboard.press('Enter');
}

/** Moves to a registration step with the keyboard: Tab to the step in the stepper, then Enter. */
async function stepByKeys(page: Page, label: string, path: string): Promise<void> {
  const steps = page.getByRole('navigation', { name: 'Registration steps' });
  await tabTo(page, steps.getByRole('button', { name: new RegExp(label) }));
  await page.keyboard.press('Enter');
  await expectPath(page, path);
  await expect
    .poll(() =>
      clientView(page)
        .getByRole('heading', { level: 1, name: `Registration: ${label}` })
        .isVisible(),
    )
    .toBe(true);
}

describe('sign-in with the keyboard alone', () => {
  it('a student signs in: Tab to Student ID, Enter moves on, Enter signs in; a wrong password is said', async ({
    page,
  }) => {
    await enterStudentId(page, '20268001');
    await expect.poll(() => focusedLabel(page)).toContain('password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    // The error is in a live region a screen reader reads out, and the field is left ready to retype.
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(MESSAGES.badCredentials);
    await tabTo(page, page.getByLabel('Password', { exact: true }), { back: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
  });

  it('a first sign-in changes the password in reset mode with the keyboard', async ({ page }) => {
    await enterStudentId(page, '20268002');
    await page.keyboard.type('20120630');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('New Password', { exact: true }).isVisible()).toBe(true);
    // Reset mode asks only for the new password: the date of birth she just typed is not asked again.
    await expect.poll(() => page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await tabTo(page, page.getByLabel('New Password', { exact: true }));
    await page.keyboard.type('Lena-New-Pass-2026');
    await page.keyboard.press('Tab');
    // (the show-password eye between them is reachable too; Tab on to the confirmation)
    await tabTo(page, page.getByLabel('Confirm New Password'));
    await page.keyboard.type('Lena-New-Pass-2026');
    await tabTo(page, page.getByRole('button', { name: 'Change Password' }));
    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
    expect((await t.ds.getRepository(User).findOneByOrFail({ student_id: '20268002' })).password_reset).toBe(0);
  });

  it('an administrator signs in at /admin with Tab and Enter', async ({ page }) => {
    await signInAdminByKeys(page);
    await expectPath(page, '/admin/dashboard');
  });
});

describe('the six registration steps with the keyboard alone', () => {
  let page: Page;
  const main = () => page.getByRole('main');

  beforeAll(async () => {
    page = await newPage(b, t.baseUrl);
    await enterStudentId(page, '20268001');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    // From the dashboard's card to the form, by keyboard.
    await tabTo(page, page.getByRole('link', { name: /Edit\/View Registration/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/registration/student-data');
    await clientView(page).getByRole('heading', { level: 1, name: 'Registration: Student Data' }).waitFor();
  });

  afterAll(() => page?.context().close());

  it('Student Data: every control is reached with Tab; text, selects, date and a switch work by keys', async () => {
    await expect.poll(() => page.getByLabel('Other Name').isEditable()).toBe(true);
    expect(await unreachableByTab(page, main())).toEqual([]);

    await typeInto(page, page.getByLabel('Other Name'), 'Amara');
    await chooseByKeys(page, page.getByLabel('Blood Type'), 'O+');
    await chooseByKeys(page, page.getByLabel('Religion'), 'Hindu');
    await typeInto(page, page.getByLabel('Mobile'), '7651234');
    await tabTo(page, page.getByLabel('Date of Birth'));
    await typeDate(page, '2013-02-14');
    await tabTo(page, page.getByRole('switch', { name: /immigration permit/ }));
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('heading', { name: 'Section 7 · Immigration' }).isVisible()).toBe(true);
    await expect
      .poll(async () => student())
      .toMatchObject({
        middle_name: 'Amara',
        blood_type: 'O+',
        phone_home: '7651234',
        date_of_birth: '2013-02-14',
        immigration_permit: 1,
      });
    expect((await student()).religion_code).not.toBeNull();

    // A wrong value is tied to its field (aria-invalid, aria-describedby) and said by the live region.
    const mobile = page.getByLabel('Mobile');
    await typeInto(page, mobile, '123');
    await expect.poll(() => mobile.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await mobile.getAttribute('aria-describedby')) ?? '';
    const described = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((idref) => page.locator(`[id="${idref}"]`).textContent()),
    );
    expect(described.join(' ')).toContain(MESSAGES.phoneLength);
    await expect.poll(() => page.getByTestId('field-errors').textContent()).toBe(`Mobile: ${MESSAGES.phoneLength}`);
    expect(await page.getByTestId('field-errors').getAttribute('aria-live')).toBe('polite');
    await typeInto(page, mobile, '7651234');
    await expect.poll(() => mobile.getAttribute('aria-invalid')).not.toBe('true');
    await expect.poll(() => page.getByTestId('field-errors').textContent()).toBe('');
  });

  it('Family Data: the living-status select, the parent checkboxes (Space) and text fields', async () => {
    await stepByKeys(page, 'Family Data', '/registration/family-data');
    await chooseByKeys(page, page.getByLabel('The student lives with'), 'Mother Only');
    await expect.poll(async () => (await student()).living_status).toBeTruthy();
    const father = page.getByRole('checkbox', { name: 'Father' });
    await tabTo(page, father);
    await page.keyboard.press('Space');
    await expect.poll(() => father.isChecked()).toBe(true);
    expect(await unreachableByTab(page, main())).toEqual([]);
    const fatherCard = page
      .locator('.pf-panel')
      .filter({ has: page.getByRole('heading', { name: 'Father', exact: true }) });
    await typeInto(page, fatherCard.getByLabel('Name'), 'Rafael Mohammed');
    await expect.poll(async () => (await student()).father_name).toBe('Rafael Mohammed');
  });

  it('Medical Data: switches toggle with Space and save', async () => {
    await stepByKeys(page, 'Medical Data', '/registration/health-data');
    expect(await unreachableByTab(page, main())).toEqual([]);
    const polio = page.getByRole('switch', { name: 'Polio' });
    const before = await polio.getAttribute('aria-checked');
    await tabTo(page, polio);
    await page.keyboard.press('Space');
    await expect.poll(() => polio.getAttribute('aria-checked')).not.toBe(before);
    await expect.poll(async () => (await student()).polio).toBe(before === 'true' ? 0 : 1);
  });

  it('Other Data: the device select and the switches', async () => {
    await stepByKeys(page, 'Other Data', '/registration/other-data');
    expect(await unreachableByTab(page, main())).toEqual([]);
    await chooseByKeys(page, page.getByLabel(/device/i), 'Laptop');
    await expect.poll(async () => (await student()).device_type).toBe('Laptop');
  });

  it('Upload Documents: the file chooser opens from the keyboard and the file chosen is sent at once', async () => {
    await stepByKeys(page, 'Upload Documents', '/registration/documents');
    const birth = page
      .locator('[data-document-type]')
      .filter({ has: page.getByRole('heading', { name: /^Birth Certificate \(/ }) });
    const choose = birth.getByRole('button', { name: /Choose/ });
    // Listen before tabbing: playwright turns on file-chooser interception asynchronously.
    const chooserOpened = page.waitForEvent('filechooser');
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'birth.pdf', mimeType: 'application/pdf', buffer: samplePdf('Birth certificate') });
    await expect.poll(() => birth.getByRole('button', { name: 'Resubmit File' }).isVisible()).toBe(true);
    expect(await unreachableByTab(page, main())).toEqual([]);
  });

  it('Complete: the agreement ticks with Space; the form opens with Enter and closes with Escape', async () => {
    await stepByKeys(page, 'Complete', '/registration/complete');
    const agree = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    await tabTo(page, agree);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await student()).agree_terms_conditions).toBe(1);
    const generate = page.getByRole('button', { name: 'Generate Registration Form' });
    await tabTo(page, generate);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await expect.poll(() => viewer.isVisible()).toBe(true);
    await expect.poll(() => hasFocusWithin(viewer), { message: 'focus moves into the dialog' }).toBe(true);
    await page.screenshot({ path: screenshotPath('keyboard-registration-form') });
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.isVisible()).toBe(false);
    await expect.poll(() => hasFocusWithin(generate), { message: 'focus returns to the button' }).toBe(true);
  });
});

describe("the student layout's menus with the keyboard alone", () => {
  it('on a phone: the drawer keeps the focus, Escape closes it; the account menu works by keys', async () => {
    const page = await newPage(b, t.baseUrl, 360, 740);
    try {
      await enterStudentId(page, '20268001');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expectPath(page, '/dashboard');
      await page.goto('/term-reports');

      // The side menu's drawer: Enter on the menu button opens it with the focus inside.
      const open = page.getByRole('button', { name: 'Open menu' });
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await expect.poll(() => hasFocusWithin(drawer), { message: 'focus moves into the drawer' }).toBe(true);
      // Tab goes round inside it (past the last link, to the browser's own controls): never to the page behind.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(
          (await hasFocusWithin(drawer)) || (await focusIsOnDocument(page)),
          `focus left the drawer at ${await focusedLabel(page)}`,
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.isVisible()).toBe(false);
      await expect.poll(() => hasFocusWithin(open), { message: 'focus goes back to the menu button' }).toBe(true);
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      // Again, and Enter on a page in it: that page opens, and the drawer is gone.
      await page.keyboard.press('Enter');
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await tabTo(page, drawer.getByRole('link', { name: 'Edit/View Registration' }));
      await page.keyboard.press('Enter');
      await expectPath(page, '/registration/student-data');
      await expect.poll(() => drawer.isVisible()).toBe(false);

      // The account menu: Enter opens it on its first entry, the arrows go round it, Escape closes it and the focus
      // goes back to the avatar; ArrowUp on the avatar opens it on its last entry; Tab closes it.
      const avatar = page.getByRole('banner').getByRole('button', { name: /, Kezia Mohammed$/ });
      await tabTo(page, avatar);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Kezia Mohammed' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await avatar.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => focusedLabel(page)).toContain('Change Password');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focusedLabel(page)).toContain('Logout');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedLabel(page)).toContain('Change Password');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect.poll(() => hasFocusWithin(avatar), { message: 'focus goes back to the avatar' }).toBe(true);
      expect(await avatar.getAttribute('aria-expanded')).toBe('false');
      // Opened with a press, then a press on its heading (her name): the focus stays in the menu, not on the page,
      // so Escape still closes it and the focus goes back to the avatar.
      await avatar.click();
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.locator('.popup-menu-heading').click();
      expect(await menu.isVisible()).toBe(true);
      expect(await focusIsOnDocument(page), 'focus went to the page').toBe(false);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect
        .poll(() => hasFocusWithin(avatar), { message: 'focus goes back to the avatar after the heading' })
        .toBe(true);
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await expect.poll(() => focusedLabel(page)).toContain('Logout');
      await page.keyboard.press('Tab');
      await expect.poll(() => menu.isVisible()).toBe(false);
      // Enter on an entry opens its page.
      await tabTo(page, avatar, { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toContain('Change Password');
      await page.keyboard.press('Enter');
      await expectPath(page, '/registration/change-password');
      await expect.poll(() => menu.isVisible()).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it('a parent switches daughters: Enter opens the switcher, Escape closes it, arrows and Enter switch', async () => {
    const page = await newPage(b, t.baseUrl, 360, 740);
    try {
      await page.goto('/guardian-login');
      await pageLive(page);
      await tabTo(page, page.getByLabel('E-mail address'));
      await page.keyboard.type(PARENT);
      await tabTo(page, page.getByLabel('Password', { exact: true }));
      await page.keyboard.type(PARENT_PASSWORD);
      await page.keyboard.press('Enter');
      await expectPath(page, '/my-students');
      await tabTo(page, page.getByRole('button', { name: /^Kezia Mohammed Class 1A/ }));
      await page.keyboard.press('Enter');
      await expectPath(page, '/dashboard');

      const switcher = page.getByRole('button', { name: /^Switch student: / });
      await expect.poll(() => switcher.getAttribute('aria-label')).toBe('Switch student: Kezia Mohammed (1A)');
      await tabTo(page, switcher);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await switcher.getAttribute('aria-expanded')).toBe('true');
      // The one showing now says so in words, not only with a tick.
      expect((await menu.getByRole('menuitem').allTextContents()).sort()).toEqual([
        'Kezia Mohammed (1A) (showing now)',
        'Lena Ramdial (2B)',
      ]);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.count()).toBe(0);
      await expect.poll(() => hasFocusWithin(switcher), { message: 'focus goes back to the switcher' }).toBe(true);

      await page.keyboard.press('ArrowDown');
      const lena = menu.getByRole('menuitem', { name: 'Lena Ramdial (2B)' });
      await expect.poll(() => lena.isVisible()).toBe(true);
      for (let i = 0; i < 3 && !(await hasFocusWithin(lena)); i++) await page.keyboard.press('ArrowDown');
      expect(await hasFocusWithin(lena)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => switcher.getAttribute('aria-label')).toBe('Switch student: Lena Ramdial (2B)');
      await expect.poll(() => hasFocusWithin(switcher), { message: 'focus goes back to the switcher' }).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: 'Now showing Lena Ramdial.' }).count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });
});

describe("the administrator's students table and its dialogs with the keyboard alone", () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(b, t.baseUrl);
    await signInAdminByKeys(page);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('cell', { name: 'Mohammed, Kezia' }).waitFor();
  });

  afterAll(() => page?.context().close());

  it('searches the table and edits a student in the dialog; Escape closes it and focus goes back', async () => {
    await tabTo(page, page.getByLabel('Search students'));
    await page.keyboard.type('Ramdial');
    await expect.poll(() => page.getByRole('cell', { name: 'Mohammed, Kezia' }).count()).toBe(0);
    const edit = page.getByRole('button', { name: 'Edit Lena Ramdial' });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => hasFocusWithin(dialog), { message: 'focus moves into the dialog' }).toBe(true);
    await typeInto(page, dialog.getByLabel('Last Name'), 'Ramdial-Khan');
    await expect.poll(async () => (await student('20268002')).last_name).toBe('Ramdial-Khan');
    // Tab stays inside the open dialog: it never lands on the page behind it (past the last button
    // it may rest on the document itself, where a browser offers its own toolbar, then comes back).
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      if (!(await focusIsOnDocument(page)))
        expect(
          await hasFocusWithin(page.locator('.ant-modal-wrap:visible')),
          `focus left the dialog at ${await focusedLabel(page)}`,
        ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => hasFocusWithin(page.getByRole('button', { name: /^Edit Lena Ramdial/ })), {
        message: 'focus returns to Edit',
      })
      .toBe(true);
  });

  it('resets a password: Enter opens the dialog, Enter confirms, Enter on Ok closes', async () => {
    const reset = page.getByRole('button', { name: /^Reset Password of Lena Ramdial/ });
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect.poll(() => dialog.getByText(/Reset the password of/).isVisible()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Reset Password' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByText(/password reset successfully\./).isVisible()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Ok' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await t.ds.getRepository(User).findOneByOrFail({ student_id: '20268002' })).password_reset).toBe(1);
  });

  it("opens a student's Registration Form with Enter and closes it from its Close button", async () => {
    const open = page.getByRole('button', { name: /^Registration Form of Lena Ramdial/ });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: /Registration Form/ });
    await expect.poll(() => form.isVisible()).toBe(true);
    await expect.poll(() => hasFocusWithin(form)).toBe(true);
    // The dialog is persistent (docs/product.md §2 Admin students screen): Escape and a click outside leave it
    // open, Close is the way out.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    expect(await form.isVisible()).toBe(true);
    await tabTo(page, form.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => form.isVisible()).toBe(false);
    await expect.poll(() => hasFocusWithin(open)).toBe(true);
  });

  it('moves between the admin screens through the side menu with Tab and Enter', async () => {
    const reports = page
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link', { name: 'Reports', exact: true });
    await tabTo(page, reports, { back: true });
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/reports');
  });
});
