import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { localDate } from '../../server/common/time.js';
import { StudentsRepository } from '../../server/students/students.repository.js';
import { RETENTION_MESSAGES, retentionDueOn } from '../../shared/retention.js';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, signInAdmin } from './support.js';

// Data retention in the admin area (docs/product.md §12.4): the Settings card, the dashboard's notice, the due
// students' screen with their ZIP and the deletion behind the administrator's password; at 360 px and 1366 px.

const it = browserTest;
const PASSWORD = 'Retention-Office-Pass-1';
let t: TestApp;
let leftOn: string;

it.beforeAll(async ({ app }) => {
  t = app;
  await createAdmin(t, 'office', PASSWORD);
  leftOn = retentionDueOn(localDate(new Date(), t.config.timeZone), -8);
  await createStudent(t, { id: 'D100', first_name: 'Dana', last_name: 'Alleyne', class_id: '6A' });
  await createStudent(t, { id: 'D200', first_name: 'Esther', last_name: 'Boodoo', class_id: '6A' });
  await createStudent(t, { id: 'D300', first_name: 'Fern', last_name: 'Current', class_id: '5A' });
  await t.ds.transaction((m) =>
    t.app
      .get(StudentsRepository)
      .setStanding(['D100', 'D200'], { status: 'left', left_on: leftOn, leaving_reason: 'Moved abroad' }, m),
  );
});

async function signedIn(
  openPage: (o?: { width?: number; height?: number; bypassCSP?: boolean }) => Promise<Page>,
  width: number,
) {
  // axe's script is injected from outside, which the portal's CSP refuses: these pages bypass it.
  const page = await openPage({ width, height: 800, bypassCSP: true });
  await signInAdmin(page, 'office', PASSWORD);
  return page;
}

/** The due students' screen lists Dana and Esther (not Fern, a current student) with their ZIPs, within the width. */
async function expectDueScreen(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.getByText('Dana Alleyne', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText('Esther Boodoo', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText('Fern Current').count()).toBe(0);
  // Her leaving day: a column of its own on a wide screen, under her name on a phone.
  const left = page.getByText(width > 576 ? leftOn : `D100 · left ${leftOn}`, { exact: true });
  expect(await left.first().isVisible()).toBe(true);
  const zip = page.getByRole('button', { name: 'Download the data of Dana Alleyne (ZIP)' });
  expect(await zip.isVisible()).toBe(true);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await page.screenshot({ path: screenshotPath(`retention-screen-${width}`), fullPage: true });
}

describe('data retention in the admin area', () => {
  it('at 1366 px: the dashboard says how many are due and links to their screen', async ({ openPage }) => {
    const page = await signedIn(openPage, 1366);
    await expect.poll(() => page.getByText(RETENTION_MESSAGES.dueNotice(2)).isVisible()).toBe(true);
    expect(await axeViolations(page), 'dashboard with the notice').toEqual([]);
    await page.getByRole('link', { name: 'Review them' }).click();
    await expectPath(page, '/admin/retention');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Former students due for deletion' }).isVisible())
      .toBe(true);
    await expectDueScreen(page, 1366);
    expect(await axeViolations(page), 'retention screen').toEqual([]);
    await page.getByRole('checkbox', { name: 'Choose Esther Boodoo' }).check();
    await page.getByRole('button', { name: 'Delete personal data (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete personal data' });
    await expect.poll(() => dialog.getByText('Goes').isVisible()).toBe(true);
    // The dialog zooms in from transparent: axe reads the colours once it is fully drawn.
    await expect.poll(() => page.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    expect(await axeViolations(page), 'delete dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await t.ds.query("SELECT scrubbed_at FROM students WHERE id = 'D200'"))[0].scrubbed_at).toBeNull();
  });

  it('at 360 px: Settings keeps the years; the screen deletes the ticked students after the password', async ({
    openPage,
  }) => {
    const page = await signedIn(openPage, 360);
    await page.goto('/admin/settings');
    const years = page.getByLabel('Years after leaving');
    await expect.poll(() => years.inputValue()).toBe('7');
    // The box itself keeps a number within 0-50; an empty one is refused with the server's words.
    await years.fill('');
    const save = page.getByRole('button', { name: 'Save years' });
    await save.click();
    await expect.poll(() => page.getByText(RETENTION_MESSAGES.years).first().isVisible()).toBe(true);
    await years.fill('8');
    await save.click();
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect((await t.ds.query('SELECT years_after_leaving FROM retention_policy'))[0].years_after_leaving).toBe(8);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath('retention-settings-360'), fullPage: true });

    await page.getByRole('link', { name: 'Former students due for deletion' }).click();
    await expectPath(page, '/admin/retention');
    await expectDueScreen(page, 360);
    await page.getByRole('checkbox', { name: 'Choose Dana Alleyne' }).check();
    await page.getByRole('button', { name: 'Delete personal data (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete personal data' });
    await expect.poll(() => dialog.getByText('Goes').isVisible()).toBe(true);
    expect(await dialog.getByText('Her report cards').isVisible()).toBe(true);
    await dialog.getByLabel('Your password').fill('Not-The-Office-Pass-1');
    await dialog.getByRole('button', { name: 'Delete personal data' }).click();
    await expect.poll(() => dialog.getByText('The password is incorrect.').isVisible()).toBe(true);
    expect((await t.ds.query("SELECT scrubbed_at FROM students WHERE id = 'D100'"))[0].scrubbed_at).toBeNull();
    await page.screenshot({ path: screenshotPath('retention-dialog-360'), fullPage: true });
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete personal data' }).click();
    await expect.poll(() => page.getByText(RETENTION_MESSAGES.scrubbed(1)).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Dana Alleyne', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Esther Boodoo', { exact: true }).isVisible()).toBe(true);
    expect((await t.ds.query("SELECT scrubbed_at FROM students WHERE id = 'D100'"))[0].scrubbed_at).not.toBeNull();
  });
});
