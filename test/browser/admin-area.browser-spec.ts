import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { FIRST_PASSWORD_MESSAGES } from '../../shared/first-password.js';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { RegistrationStatus } from '../../server/students/entities/registration-status.entity.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { MESSAGES } from '../../shared/constants.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, clientView, expectPath, horizontalOverflow, pageLive } from './support.js';

const it = browserTest;

let t: TestApp;
let adminPassword: string;

async function signInAdmin(page: Page, username = 'office', password = adminPassword): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectPath(page, '/admin/dashboard');
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Administrator menu' });

it.beforeAll(async ({ app }) => {
  t = app;
  adminPassword = await createAdmin(t, 'office');
  await createStudent(t, {
    id: '20267001',
    first_name: 'Alicia',
    last_name: 'Baptiste',
    class_id: '1A',
    date_of_birth: '2013-04-09',
    extra: { birth_certificate_no: 'EBP7001', mother_name: 'Joan Baptiste', mobile_phone_mother: '7001234' },
  });
  await createStudent(t, {
    id: '20267002',
    first_name: 'Brianna',
    last_name: 'Charles',
    class_id: '2A',
    date_of_birth: '2012-01-31',
    extra: { birth_certificate_no: 'EBP7002' },
  });
  await createStudent(t, {
    id: '20267003',
    first_name: 'Chloe',
    last_name: 'Ali',
    class_id: '1A',
    date_of_birth: '2013-12-01',
    extra: { birth_certificate_no: 'EBP7003' },
  });
});

describe('admin Dashboard: students table and its row actions', () => {
  it('shows the Students table (docs/product.md §2), search and total, under the progress at a glance', async ({
    page,
  }) => {
    await signInAdmin(page);
    await expect.poll(() => page.getByRole('cell', { name: 'Baptiste, Alicia' }).isVisible()).toBe(true);
    const headers = await page.locator('.ant-table-thead').last().locator('th').allInnerTexts();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'ID',
      'Name',
      'Class',
      'Date of Birth',
      'Birth Certificate Pin',
      'Actions',
    ]);
    expect(await page.getByText('Total Number of Students: 3').isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: '2013-04-09' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Registration Progress' }).isVisible()).toBe(true);
    // Who has not finished, per class, with what is missing (in the summary's details).
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByText('Class 1A: 2 not finished').click();
    const chase = page.getByRole('link', { name: 'Ali, Chloe' });
    await expect.poll(() => chase.isVisible()).toBe(true);
    expect(await page.getByText('Birth Certificate', { exact: true }).first().isVisible()).toBe(true);
    await page.getByText('Class 1A: 2 not finished').click();
    await expect.poll(() => chase.isVisible()).toBe(false);
    await page.screenshot({ path: screenshotPath('admin-dashboard-desktop'), fullPage: true });

    await page.getByLabel('Search students').fill('ebp7002');
    await expect.poll(() => page.getByRole('cell', { name: 'Baptiste, Alicia' }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'Charles, Brianna' }).isVisible()).toBe(true);
    await page.getByLabel('Search students').fill('');
  });

  it('Edit Student saves each field on blur and on a date pick, refuses empty names, reloads the list', async ({
    page,
  }) => {
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Edit Alicia Baptiste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await dialog.getByLabel('Last Name').fill('Baptiste-Joseph');
    await dialog.getByLabel('Birth Certificate Pin').focus();
    await expect.poll(() => dialog.getByText(MESSAGES.updated).isVisible()).toBe(true);
    expect((await t.ds.getRepository(Student).findOneBy({ id: '20267001' }))!.last_name).toBe('Baptiste-Joseph');
    // The list behind the dialog was reloaded.
    await expect.poll(() => page.getByRole('cell', { name: 'Baptiste-Joseph, Alicia' }).count()).toBe(1);

    // An empty first name says 'Required' and is not saved.
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByLabel('Last Name').focus();
    await expect.poll(() => dialog.getByText(MESSAGES.adminRequired).isVisible()).toBe(true);
    expect((await t.ds.getRepository(Student).findOneBy({ id: '20267001' }))!.first_name).toBe('Alicia');
    await dialog.getByLabel('First Name').fill('Alicia');

    // The date picker opens on the years; picking year, month and day saves the date.
    await dialog.getByLabel('Date of Birth').click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await expect.poll(() => panel.locator('.ant-picker-year-panel').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-edit-student-year-panel') });
    await panel.getByText('2014', { exact: true }).click();
    await panel.getByText('Feb', { exact: true }).click();
    await panel.locator('td[title="2014-02-03"]').click();
    await expect
      .poll(async () => (await t.ds.getRepository(Student).findOneBy({ id: '20267001' }))!.date_of_birth)
      .toBe('2014-02-03');
    await expect.poll(() => dialog.getByText(MESSAGES.updated).isVisible()).toBe(true);
    // She has not chosen a password yet: her first password follows the corrected date, and the dialog says so.
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain(FIRST_PASSWORD_MESSAGES.follows);
    await page.screenshot({ path: screenshotPath('admin-edit-student') });

    await dialog.locator('form').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('cell', { name: '2014-02-03' }).isVisible()).toBe(true);
    expect(
      await t.ds
        .getRepository(AuditEntry)
        .countBy({ action: 'student.updated', entity_id: '20267001', actor: 'admin:office' }),
    ).toBe(2);
  });

  it('Reset Password: confirm, progress, then the success line with a single Ok', async ({ page }) => {
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Reset Password of Brianna Charles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect.poll(() => dialog.getByText(/Reset the password of/).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-reset-password-confirm') });
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => dialog.getByText('Brianna Charles password reset successfully.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button').filter({ hasText: /./ }).allInnerTexts()).toEqual(['Ok']);
    expect((await t.ds.getRepository(User).findOneBy({ student_id: '20267002' }))!.password_reset).toBe(1);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('opens the Registration Form, the Term Reports and the Edit/View Registration of a student', async ({ page }) => {
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Registration Form of Chloe Ali' }).click();
    const form = page.getByRole('dialog', { name: /Registration Form · Chloe Ali/ });
    await expect
      .poll(() => form.locator('iframe[title^="Registration Form"]').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await form.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Term Reports of Chloe Ali' }).click();
    const reports = page.getByRole('dialog', { name: /Chloe Ali/ });
    await expect.poll(() => reports.isVisible()).toBe(true);
    await reports.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Edit/View Registration of Chloe Ali' }).click();
    await expectPath(page, '/admin/students/20267003/registration/student-data');
    await expect.poll(() => page.getByText('Registration of Chloe Ali (20267003)').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Chloe');
    expect(await menu(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: screenshotPath('admin-student-registration'), fullPage: true });
  });
});

describe("data protection: a student's history and her subject-access export", () => {
  it("History lists the administrator's reads; Export her data (ZIP) downloads everything held about her", async ({
    page,
  }) => {
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Edit/View Registration of Brianna Charles' }).click();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Brianna');
    await page.goBack();
    await expectPath(page, '/admin/dashboard');

    await page.getByRole('button', { name: 'History of Brianna Charles' }).click();
    const history = page.getByRole('dialog', { name: /History · Brianna Charles \(20267002\)/ });
    const viewed = history.getByText(/^Viewed record \(every registration step, health data included\)$/);
    await expect.poll(() => viewed.isVisible()).toBe(true);
    expect(await history.getByText('admin:office').first().isVisible()).toBe(true);
    await history.getByText('Changes', { exact: true }).click();
    await expect.poll(() => viewed.count()).toBe(0);
    await history.getByText('Reads', { exact: true }).click();
    await expect.poll(() => viewed.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-student-history') });
    await history.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => history.isVisible()).toBe(false);

    // Hold the answer back a moment, so the button's loading state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/students/20267002/export', async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Export her data (ZIP) of Brianna Charles' });
    const downloading = page.waitForEvent('download');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    release();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('20267002 subject access.zip');
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    const record = JSON.parse(await zip.file('record.json')!.async('string')) as { student: { id: string } };
    expect(record.student.id).toBe('20267002');
    expect(Object.keys(zip.files)).toContain('pdfs/Registration Form 20267002.pdf');
    await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
  });
});

describe('admin menu: every option has its own URL', () => {
  it('goes to each option, one active at a time, and keeps the place on reload and Back', async ({ page }) => {
    await signInAdmin(page);
    const options: [string, string, string][] = [
      ['Export Data', '/admin/export-data', 'Export Data'],
      ['Reports', '/admin/reports', 'Reports'],
      ['Import Students', '/admin/import-students', 'Import Students'],
      ['Post Term Reports', '/admin/post-term-reports', 'Post Term Reports'],
      ['Parents Contact', '/admin/parents-contact', 'Parents Contact'],
      ['Former Students', '/admin/former-students', 'Former Students'],
      ['New School Year', '/admin/new-school-year', 'New School Year'],
      ['Settings', '/admin/settings', 'Settings'],
      ['Dashboard', '/admin/dashboard', 'Dashboard'],
    ];
    for (const [label, path, heading] of options) {
      await menu(page).getByRole('link', { name: label, exact: true }).click();
      await expectPath(page, path);
      await expect
        .poll(() => clientView(page).getByRole('heading', { level: 1, name: heading }).isVisible())
        .toBe(true);
      const current = await menu(page).locator('a[aria-current="page"]').allInnerTexts();
      expect(current).toEqual([label]);
    }
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/admin/settings');
    await page.reload();
    await expect
      .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Settings' }).isVisible())
      .toBe(true);
    await page.goBack();
    await expectPath(page, '/admin/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible())
      .toBe(true);
  });

  it('Export Data saves Registration Data.xlsx', async ({ page }) => {
    await signInAdmin(page);
    // Hold the answer back a moment, so the dialog shown while it downloads can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/registration-data-spreadsheet', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    // Choosing the option starts the download (office-workspace.browser-spec.ts).
    await menu(page).getByRole('link', { name: 'Export Data' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Downloading data...').isVisible()).toBe(true);
    release();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Registration Data.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(4);
    await expect.poll(() => page.getByText('Registration Data.xlsx was downloaded.').isVisible()).toBe(true);
  });

  it('Reports shows the registration report at 82vh with a class picker kept in the URL', async ({ page }) => {
    await signInAdmin(page);
    await menu(page).getByRole('link', { name: 'Reports', exact: true }).click();
    const frame = page.locator('iframe[title="Registration report"]');
    await expect.poll(() => frame.isVisible(), { timeout: 30_000 }).toBe(true);
    const height = await frame.evaluate<number, HTMLElementLike>((el) => el.getBoundingClientRect().height);
    expect(Math.round(height)).toBe(Math.round(800 * 0.82));
    await page.getByLabel('Class').click();
    await page.getByTitle('Class 1A').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?class=1A');
    await page.screenshot({ path: screenshotPath('admin-reports') });
  });

  it('Import Students checks the file first, then imports it', async ({ page }) => {
    await signInAdmin(page);
    await menu(page).getByRole('link', { name: 'Import Students' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'new-students.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'id,first_name,last_name,class_id,date_of_birth\n20267101,Danielle,Lewis,1A,2013-03-03\n20267001,,,2B,\n',
      ),
    });
    await expect.poll(() => page.getByText('The file is ready to import.').isVisible()).toBe(true);
    // The check says how it read the dates of birth.
    expect(await page.getByText('Dates of birth read as YYYY-MM-DD: 1 row.', { exact: true }).isVisible()).toBe(true);
    expect(await t.ds.getRepository(Student).findOneBy({ id: '20267101' })).toBeNull();
    await page.screenshot({ path: screenshotPath('admin-import-checked'), fullPage: true });
    await page.getByRole('button', { name: 'Import 2 students' }).click();
    await expect.poll(() => page.getByText('Imported: 1 created, 1 updated, 0 unchanged.').isVisible()).toBe(true);
    expect(await t.ds.getRepository(Student).findOneBy({ id: '20267101' })).toMatchObject({
      first_name: 'Danielle',
      class_id: '1A',
    });
    expect(await t.ds.getRepository(Student).findOneBy({ id: '20267001' })).toMatchObject({
      first_name: 'Alicia',
      class_id: '2B',
    });

    // A file with errors shows them by row and column, and offers no import.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,first_name,last_name,class_id,date_of_birth\n20267102,Esther,,1A,31/02/2013\n'),
    });
    await expect.poll(() => page.getByText(/The file has 2 errors/).isVisible()).toBe(true);
    // Day first, as Trinidad writes dates: 31/02 is no date, and the cell and the reading are named.
    const dateError = "Cell E2: '31/02/2013' is not a date that exists (read as DD/MM/YYYY, day first).";
    expect(await page.getByRole('cell', { name: dateError }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
  });

  it('Parents Contact shows the class list as a document and downloads it as a spreadsheet', async ({ page }) => {
    await signInAdmin(page);
    await menu(page).getByRole('link', { name: 'Parents Contact' }).click();
    await expect
      .poll(() => page.locator('iframe[title="Parents contact"]').isVisible(), { timeout: 30_000 })
      .toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Parents Contact.xlsx');
  });

  it('Settings closes registration, changes the own password and creates an administrator', async ({ openPage }) => {
    const page = await openPage();
    await signInAdmin(page);
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Registration open').isVisible()).toBe(true);
    await page.getByLabel('Registration open').click();
    // exact: Settings also has 'Save Terms' (the terms and conditions, registration-progress.browser-spec.ts)
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(/^Closed: students can read/).isVisible()).toBe(true);
    expect((await t.ds.getRepository(RegistrationStatus).findOneBy({ id: 1 }))!.open).toBe(0);

    await page.getByLabel('Old Password').fill(adminPassword);
    await page.getByLabel('New Password', { exact: true }).fill('Fresh-Desk-Secret-9');
    await page.getByLabel('Confirm New Password').fill('Fresh-Desk-Secret-9');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText(MESSAGES.passwordChanged).isVisible()).toBe(true);
    adminPassword = 'Fresh-Desk-Secret-9';

    await page.getByLabel('Username').fill('deputy');
    await page.getByLabel('Name', { exact: true }).fill('Deputy Principal');
    await page.getByLabel('Password', { exact: true }).fill('Second-Desk-2026');
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    await expect
      .poll(() => page.getByText('Deputy Principal (deputy) can now sign in at /admin.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'deputy', exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-settings'), fullPage: true });
    await page.context().close();

    const deputy = await openPage();
    await signInAdmin(deputy, 'deputy', 'Second-Desk-2026');
  });
});

describe('admin area accessibility', () => {
  it('has no WCAG 2.2 AA violations on the Dashboard, the Edit dialog, Import Students and Settings', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1280, bypassCSP: true });
    await signInAdmin(page);
    await expect.poll(() => page.getByText(/Total Number of Students/).isVisible()).toBe(true);
    expect(await axeViolations(page), 'dashboard').toEqual([]);
    await page.getByRole('button', { name: /^Edit Chloe Ali/ }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit Student' }).isVisible()).toBe(true);
    // The dialog zooms in from transparent: axe reads the colours once it is fully drawn, not halfway through.
    await expect.poll(() => page.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    expect(await axeViolations(page), 'edit dialog').toEqual([]);
    await page.keyboard.press('Escape');
    for (const [label, heading] of [
      ['Import Students', 'Import Students'],
      ['Settings', 'Settings'],
      ['Export Data', 'Export Data'],
    ]) {
      await menu(page).getByRole('link', { name: label, exact: true }).click();
      await expect
        .poll(() => clientView(page).getByRole('heading', { level: 1, name: heading }).isVisible())
        .toBe(true);
      if (label === 'Export Data') {
        // Choosing Export Data starts the download, with its "Downloading data..." dialog fading in and out: axe reads
        // the page once the download is done and no dialog is halfway through its motion.
        await expect.poll(() => page.getByText('Registration Data.xlsx was downloaded.').isVisible()).toBe(true);
        await expect.poll(() => page.locator('[class*="ant-zoom-"], [class*="ant-fade-"]').count()).toBe(0);
      }
      expect(await axeViolations(page), label).toEqual([]);
    }
  });
});

describe('admin area on a phone (360 px)', () => {
  it('has no page-level horizontal scroll: the table scrolls inside its container', async ({ openPage }) => {
    const page = await openPage({ width: 360, height: 740 });
    await signInAdmin(page);
    await expect
      .poll(() =>
        page
          .getByRole('cell', { name: /Alicia/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    const table = page.locator('.ant-table-body').last();
    const inner = await table.evaluate<{ scroll: number; client: number }, HTMLElementLike>((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(inner.scroll).toBeGreaterThan(inner.client);
    await page.screenshot({ path: screenshotPath('admin-dashboard-360'), fullPage: true });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/admin/settings');
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
  });
});

interface HTMLElementLike {
  getBoundingClientRect(): { height: number };
  scrollWidth: number;
  clientWidth: number;
}
