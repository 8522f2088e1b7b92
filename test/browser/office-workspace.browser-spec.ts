import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { Student } from '../../server/students/entities/student.entity.js';
import { MESSAGES } from '../../shared/constants.js';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, pageLive } from './support.js';

// The office's workspace (docs/product.md §2 Admin shell, Admin students screen): the Students table on the first
// screen of a 1366 × 800 laptop under a short registration summary, a search that finds a student however the
// secretary writes her, row actions that say what they do, a Reset Password button that can be read, an Edit
// Student status line that does not claim success over an error, and Export Data that downloads at once.

const it = browserTest;

let t: TestApp;
let adminPassword: string;

// A whole school's twelve classes, two students each (as the demo school has), and the four students searched for.
const CLASSES = ['1A', '1B', '2A', '2B', '3A', '3B', '4A', '4B', '5A', '5B', '6L', '6U'];
const FILLERS = CLASSES.flatMap((classId, i) =>
  [0, 1].map((n) => ({ id: `2026${String(8100 + i * 2 + n)}`, classId, last: `Filler${i * 2 + n}` })),
);
const TOTAL = FILLERS.length + 4;

async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill('office');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectPath(page, '/admin/dashboard');
  await expect.poll(() => page.getByText(`Total Number of Students: ${TOTAL}`).isVisible()).toBe(true);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Administrator menu' });
const footer = (page: Page) => page.locator('.ant-table-footer');
const row = (page: Page, name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });

/** The visible names of the rows the table shows, 'last, first'. */
async function shownNames(page: Page): Promise<string[]> {
  return (await page.locator('tr.ant-table-row td:nth-child(2)').allInnerTexts()).map((s) => s.trim());
}

/** WCAG contrast ratio of two computed CSS colours ('rgb(…)'/'rgba(…)', opaque). */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

interface Box {
  top: number;
  bottom: number;
}

const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate<Box, { getBoundingClientRect(): Box }>((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });

it.beforeAll(async ({ app }) => {
  t = app;
  adminPassword = await createAdmin(t, 'office');
  for (const f of FILLERS)
    await createStudent(t, { id: f.id, first_name: 'Pat', last_name: f.last, class_id: f.classId });
  const named: [string, string, string, string, string][] = [
    ['20269001', 'Danielle', 'Fortune', '1A', 'EBP-9001'],
    ['20269002', 'Gabrielle', 'Hosein', '1B', 'EBP-9002'],
    ['20269003', 'Imani', 'Joseph', '2A', 'EBP-9003'],
    ['20269004', 'Kayla', 'Lewis Mohammed', '2A', 'EBP-9004'],
  ];
  for (const [id, first, last, classId, pin] of named)
    await createStudent(t, {
      id,
      first_name: first,
      last_name: last,
      class_id: classId,
      date_of_birth: '2013-06-15',
      extra: { birth_certificate_no: pin },
    });
});

describe('the Dashboard at 1366 × 800', () => {
  it('opens on the Students table, under a short registration summary whose details open on demand', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await signInAdmin(page);

    // The table, its header and its first rows are on the first screen, without scrolling.
    const table = page.locator('.ant-table').last();
    const header = await boxOf(table.locator('.ant-table-thead'));
    expect(header.top).toBeGreaterThan(0);
    expect(header.top).toBeLessThan(800);
    expect((await boxOf(table.locator('tr.ant-table-row').nth(4))).bottom).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    // Nor does the table scroll sideways on a laptop: every column, the actions included, is in view.
    const body = await table
      .locator('.ant-table-body')
      .evaluate<{ scroll: number; client: number }, { scrollWidth: number; clientWidth: number }>((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
    expect(body.scroll).toBeLessThanOrEqual(body.client);

    // The summary: finished / not finished per class, in a few lines.
    const summary = page.getByRole('list', { name: 'Finished per class' });
    expect(await summary.getByRole('listitem').count()).toBe(CLASSES.length);
    expect(await summary.getByRole('button', { name: '2A: 0 finished, 4 not finished' }).isVisible()).toBe(true);
    expect((await boxOf(summary)).bottom - (await boxOf(summary)).top).toBeLessThan(120);
    await page.screenshot({ path: screenshotPath('office-dashboard-1366') });

    // Details on demand: the class lists with their reminders and ticks, and the steps per class.
    const details = page.getByRole('button', { name: 'Show details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: /^Send reminder: Class 2A/ }).count()).toBe(0);
    await summary.getByRole('button', { name: '2A: 0 finished, 4 not finished' }).click();
    const tick = page.getByRole('checkbox', { name: 'Select Joseph, Imani' });
    await expect.poll(() => tick.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('button', { name: 'Send reminder: Class 2A, 4 not finished' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Registration progress per class' }).isVisible()).toBe(true);
    await tick.check();
    await expect.poll(() => page.getByRole('button', { name: 'Send reminder to selected' }).isEnabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('office-dashboard-details-1366'), fullPage: true });

    // The side menu stays in view while the page scrolls.
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 1500));
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
      .toBeGreaterThan(1000);
    const dashboardLink = menu(page).getByRole('link', { name: 'Dashboard' });
    const link = await boxOf(dashboardLink);
    expect(link.top).toBeGreaterThanOrEqual(56);
    expect(link.bottom).toBeLessThan(800);
    await page.screenshot({ path: screenshotPath('office-dashboard-scrolled-1366') });

    await page.getByRole('button', { name: 'Hide details' }).click();
    await expect.poll(() => tick.isVisible()).toBe(false);
  });

  it('finds a student by ID, names in every order, pin and class; the footer says how many are shown', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await signInAdmin(page);
    const search = page.getByLabel('Search students');
    const cases: [string, string[]][] = [
      ['20269003', ['Joseph, Imani']],
      ['imani', ['Joseph, Imani']],
      ['JOSEPH', ['Joseph, Imani']],
      ['Imani Joseph', ['Joseph, Imani']],
      ['  imani    joseph ', ['Joseph, Imani']],
      ['Joseph, Imani', ['Joseph, Imani']],
      ['joseph,imani', ['Joseph, Imani']],
      ['Kayla Lewis Mohammed', ['Lewis Mohammed, Kayla']],
      ['lewis mohammed, kayla', ['Lewis Mohammed, Kayla']],
      ['ebp-9002', ['Hosein, Gabrielle']],
      ['EBP9002', ['Hosein, Gabrielle']],
      ['1B', ['Hosein, Gabrielle', 'Filler2, Pat', 'Filler3, Pat']],
    ];
    for (const [query, names] of cases) {
      await search.fill(query);
      // The rows follow the search a moment later (a deferred value, students-table.tsx): the rows of the search
      // before, which may hold these names too, are still shown at first. These names and no others, together.
      await expect.poll(async () => (await shownNames(page)).sort(), { message: query }).toEqual([...names].sort());
      await expect
        .poll(() => footer(page).innerText(), { message: query })
        .toBe(`Total Number of Students: ${TOTAL} · Showing ${names.length}`);
    }

    // A form level finds its classes' students: Form 1 is 1A and 1B.
    await search.fill('Form 1');
    await expect.poll(() => footer(page).innerText()).toBe(`Total Number of Students: ${TOTAL} · Showing 6`);
    expect(await shownNames(page)).toEqual(
      expect.arrayContaining(['Fortune, Danielle', 'Hosein, Gabrielle', 'Filler0, Pat', 'Filler3, Pat']),
    );
    await page.screenshot({ path: screenshotPath('office-search-form-1366') });

    await search.fill('nobody like this');
    await expect.poll(() => page.getByText('No student matches the search.').isVisible()).toBe(true);
    expect(await footer(page).innerText()).toBe(`Total Number of Students: ${TOTAL} · Showing 0`);

    // Cleared: the spec's footer alone.
    await search.fill('');
    await expect.poll(() => footer(page).innerText()).toBe(`Total Number of Students: ${TOTAL}`);
  });

  it('names every row action on screen and reaches each by its visible name', async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await signInAdmin(page);
    const imani = row(page, 'Joseph, Imani');
    const names = ['Registration Form', 'Edit', 'Edit/View Registration', 'Term Reports', 'Reset Password'];
    const all = [...names, 'History', 'Guardians', 'Export her data (ZIP)'];
    // Every button of the row shows its name: none is an icon alone.
    expect((await imani.getByRole('button').allInnerTexts()).map((s) => s.trim())).toEqual(all);
    for (const name of all) expect(await imani.getByText(name, { exact: true }).isVisible(), name).toBe(true);
    await page.screenshot({ path: screenshotPath('office-row-actions-1366') });
    const byText = (name: string) => imani.getByRole('button').getByText(name, { exact: true });

    await byText('Registration Form').click();
    const form = page.getByRole('dialog', { name: /Registration Form · Imani Joseph/ });
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);

    await byText('Edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await expect.poll(() => edit.getByLabel('First Name').inputValue()).toBe('Imani');
    await edit.locator('form').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);

    await byText('Term Reports').click();
    const reports = page.getByRole('dialog', { name: /Imani Joseph/ });
    await expect.poll(() => reports.isVisible()).toBe(true);
    await reports.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => reports.isVisible()).toBe(false);

    await byText('Reset Password').click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await expect.poll(() => reset.getByText(/Reset the password of/).isVisible()).toBe(true);
    await reset.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => reset.isVisible()).toBe(false);

    await byText('History').click();
    const history = page.getByRole('dialog', { name: /History · Imani Joseph \(20269003\)/ });
    await expect.poll(() => history.isVisible()).toBe(true);
    await history.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => history.isVisible()).toBe(false);

    const [zip] = await Promise.all([page.waitForEvent('download'), byText('Export her data (ZIP)').click()]);
    expect(zip.suggestedFilename()).toBe('20269003 subject access.zip');

    await byText('Edit/View Registration').click();
    await expectPath(page, '/admin/students/20269003/registration/student-data');
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Imani');
  });

  it("the Reset Password button's white text on its red meets WCAG AA (4.5:1), resting and under the pointer", async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Reset Password of Kayla Lewis Mohammed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect.poll(() => dialog.getByText('Reset the password of').isVisible()).toBe(true);
    const button = dialog.getByRole('button', { name: 'Reset Password' });
    const colours = () =>
      button.evaluate<{ color: string; background: string }, unknown>((el) => {
        const style = (
          globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }
        ).getComputedStyle(el);
        return { color: style.color, background: style.backgroundColor };
      });
    // The button's colour eases in (antd's transition): wait for it to settle.
    await expect.poll(async () => (await colours()).background).toBe('rgb(168, 7, 26)');
    const resting = await colours();
    expect(contrast(resting.color, resting.background), JSON.stringify(resting)).toBeGreaterThanOrEqual(4.5);
    await button.hover();
    await expect.poll(async () => (await colours()).background).toBe('rgb(207, 19, 34)');
    const hovered = await colours();
    expect(contrast(hovered.color, hovered.background), JSON.stringify(hovered)).toBeGreaterThanOrEqual(4.5);
    // Its texts are the spec's.
    expect(await dialog.getByRole('button').filter({ hasText: /./ }).allInnerTexts()).toEqual([
      'Cancel',
      'Reset Password',
    ]);
    await page.screenshot({ path: screenshotPath('office-reset-password-1366') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("Edit Student never says 'Updated Successfully.' while a field shows an error", async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await signInAdmin(page);
    await page.getByRole('button', { name: 'Edit Danielle Fortune' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    const status = dialog.getByRole('status');
    const required = dialog.locator('.ant-form-item-explain').getByText(MESSAGES.adminRequired);
    await expect.poll(() => dialog.getByLabel('Last Name').inputValue()).toBe('Fortune');

    // A good save says so.
    await dialog.getByLabel('Last Name').fill('Fortune-Ali');
    await dialog.getByLabel('First Name').focus();
    await expect.poll(() => status.innerText()).toContain(MESSAGES.updated);

    // Then an emptied first name: 'Required', and the line no longer claims success.
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByLabel('Birth Certificate Pin').focus();
    await expect.poll(() => required.isVisible()).toBe(true);
    expect(await status.innerText()).not.toContain(MESSAGES.updated);

    // A save that finishes while another field shows its error does not claim success either.
    await page.route('**/api/student', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await dialog.getByLabel('Birth Certificate Pin').fill('EBP-9001-X');
    await dialog.getByLabel('Last Name').focus();
    await expect
      .poll(async () => (await t.ds.getRepository(Student).findOneByOrFail({ id: '20269001' })).birth_certificate_no)
      .toBe('EBP-9001-X');
    await expect.poll(() => status.innerText()).not.toContain('Updating');
    expect(await required.isVisible()).toBe(true);
    expect(await status.innerText()).not.toContain(MESSAGES.updated);
    // Save with the error shown saves nothing of the empty name.
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await status.innerText()).not.toContain(MESSAGES.updated);
    await page.screenshot({ path: screenshotPath('office-edit-student-error-1366') });
    expect((await t.ds.getRepository(Student).findOneByOrFail({ id: '20269001' })).first_name).toBe('Danielle');

    // Corrected, the line says what the last save did again.
    await dialog.getByLabel('First Name').fill('Danielle');
    await expect.poll(() => required.count()).toBe(0);
    await expect.poll(() => status.innerText()).toContain(MESSAGES.updated);
    await dialog.locator('form').getByRole('button', { name: 'Close' }).click();
  });

  it("Export Data in the menu downloads at once with 'Downloading data...'; the address does too", async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 800, bypassCSP: true });
    await signInAdmin(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/registration-data-spreadsheet', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await menu(page).getByRole('link', { name: 'Export Data' }).click();
    await expectPath(page, '/admin/export-data');
    // No second click: the dialog is up while the file is prepared.
    await expect.poll(() => page.getByRole('dialog').getByText('Downloading data...').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('office-export-downloading-1366') });
    release();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Registration Data.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(TOTAL + 1);
    await expect.poll(() => page.getByText('Registration Data.xlsx was downloaded.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await axeViolations(page), 'export data').toEqual([]);
    await page.screenshot({ path: screenshotPath('office-export-done-1366') });

    // The menu option chosen again, on its own page: another download.
    const again = page.waitForEvent('download');
    await menu(page).getByRole('link', { name: 'Export Data' }).click();
    expect((await again).suggestedFilename()).toBe('Registration Data.xlsx');

    // Opened by its address (a bookmark, a reload): the download starts too.
    const opened = page.waitForEvent('download');
    await page.goto('/admin/export-data');
    expect((await opened).suggestedFilename()).toBe('Registration Data.xlsx');
    await expect.poll(() => page.getByText('Registration Data.xlsx was downloaded.').isVisible()).toBe(true);
  });

  it('has no WCAG 2.2 AA violations on the Dashboard, its details and the Reset Password dialog', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 800, bypassCSP: true });
    await signInAdmin(page);
    expect(await axeViolations(page), 'dashboard').toEqual([]);
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByText('Class 1A: 3 not finished').click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Select Filler0, Pat' }).isVisible()).toBe(true);
    await page.getByLabel('Search students').fill('Form 2');
    await expect.poll(() => footer(page).innerText()).toBe(`Total Number of Students: ${TOTAL} · Showing 6`);
    expect(await axeViolations(page), 'dashboard with details and a search').toEqual([]);
    await page.getByRole('button', { name: 'Reset Password of Imani Joseph' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Reset Password' }).isVisible()).toBe(true);
    expect(await axeViolations(page, '.ant-modal'), 'reset password dialog').toEqual([]);
  });
});

describe('the Dashboard on a phone (360 px)', () => {
  it('does not scroll sideways, with the summary, its details and a search; axe finds nothing', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInAdmin(page);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page), 'dashboard at 360 px').toEqual([]);
    await page.screenshot({ path: screenshotPath('office-dashboard-360'), fullPage: true });

    await page.getByRole('button', { name: '2A: 0 finished, 4 not finished' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Select Joseph, Imani' }).isVisible()).toBe(true);
    await page.getByLabel('Search students').fill('joseph, imani');
    await expect.poll(() => footer(page).innerText()).toBe(`Total Number of Students: ${TOTAL} · Showing 1`);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect(await axeViolations(page), 'dashboard details and search at 360 px').toEqual([]);
    await page.screenshot({ path: screenshotPath('office-dashboard-details-360'), fullPage: true });

    // Every row action is still there by its name (the table scrolls inside its own box).
    const imani = row(page, 'Joseph, Imani');
    expect((await imani.getByRole('button').allInnerTexts()).map((s) => s.trim())).toContain('Reset Password');
    await page.getByRole('button', { name: 'Reset Password of Imani Joseph' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Reset Password' }).isVisible()).toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath('office-reset-password-360') });
  });
});
