import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SchoolYearService } from '../../server/school-year/school-year.service.js';
import { ROUND_WORDS } from '../../shared/registration-round.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { expectStatus, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, horizontalOverflow, signInAdmin } from './support.js';

// docs/product.md §13, the office's side of a registration round: after the school moves on to a new year, a returning
// student changes her allergy; the office sees her row tagged and finds her by the round's filter, sees the change
// highlighted as medical, marks it reviewed (the tag goes), and opens last year's kept registration form, at 1366 px;
// a later change tags her again, and the dialog is usable at 360 px.

const it = browserTest;

const RINA = 'RR101';
const SARA = 'RR102';
const RINA_PASSWORD = 'Rina-Round-Pass-1';
const OFFICE_PASSWORD = 'Office-Round-Pass-1';

let t: TestApp;
let lastYear = 0;

it.beforeAll(async ({ app }: { app: TestApp }) => {
  t = app;
  await createAdmin(app, 'office', OFFICE_PASSWORD);
  await createStudent(app, {
    id: RINA,
    first_name: 'Rina',
    last_name: 'Ramkissoon',
    class_id: '1A',
    password: RINA_PASSWORD,
    extra: { allergy: 'None' },
  });
  await createStudent(app, { id: SARA, first_name: 'Sara', last_name: 'Singh', class_id: '1A' });
  lastYear = await app.app.get(SchoolYearService).current();
  const admin = await signedInAdmin(app, 'office', OFFICE_PASSWORD);
  await expectStatus(admin.post('/api/rollover', { to_year: lastYear + 1 }), 200);
  await expectStatus(admin.post('/api/registration-status', { open: 1, deadline: null }), 200);
  const rina = await signedInStudent(app, RINA, RINA_PASSWORD);
  await expectStatus(rina.post('/api/student', { id: RINA, allergy: 'Peanuts' }), 200);
});

/** After antd's transitions (a dialog opening, a tag going), so the picture shows the screen. */
const shot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
};

const main = (page: Page) => page.locator('main');
const row = (page: Page, id: string) => main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: id });
const changedTag = (page: Page, id: string) => row(page, id).getByText(ROUND_WORDS.changedSinceLastYear);
const changesDialog = (page: Page) => page.getByRole('dialog', { name: /^Changes since last year · Rina Ramkissoon/ });

async function chooseRound(page: Page, option: string): Promise<void> {
  await main(page)
    .getByRole('combobox', { name: /registration/ })
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe("The office's side of the registration round", () => {
  it("sees her allergy change highlighted, marks it reviewed and opens last year's form, at 1366 px", async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 768, bypassCSP: true });
    await signInAdmin(page, 'office', OFFICE_PASSWORD);
    await expect.poll(() => changedTag(page, RINA).isVisible()).toBe(true);
    expect(await changedTag(page, SARA).count()).toBe(0);
    // The dashboard's progress counts her class's returning students.
    await expect
      .poll(() => page.getByRole('list', { name: 'Returning students per class' }).innerText())
      .toMatch(/returning: \d+ confirmed · \d+ not started · 1 with changes to review/);

    await chooseRound(page, 'Changed, not reviewed');
    await expect.poll(() => main(page).getByText('Total Number of Students: 2 · Showing 1').isVisible()).toBe(true);
    expect(await row(page, SARA).count()).toBe(0);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(1366);
    await shot(page, 'registration-round-office-1-table-1366');
    expect(await axeViolations(page)).toEqual([]);

    await row(page, RINA).getByRole('button', { name: 'Changes since last year of Rina Ramkissoon' }).click();
    const dialog = changesDialog(page);
    await expect.poll(() => dialog.getByRole('heading', { name: /^Medical Data/ }).isVisible()).toBe(true);
    const allergy = dialog.locator('tr.round-change-medical').filter({ hasText: 'Peanuts' });
    await expect.poll(() => allergy.count()).toBe(1);
    const allergyText = (await allergy.innerText()).replace(/\s+/g, ' ');
    expect(allergyText).toContain('Medical');
    expect(allergyText).toContain('None');
    expect(allergyText).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(page, 'registration-round-office-2-changes-1366');
    expect(await axeViolations(page)).toEqual([]);

    // The connection drops as she marks it: she is told, and can try again.
    const reviewedRoute = `**/api/students/${RINA}/reviewed`;
    await page.route(reviewedRoute, (route) => route.abort('failed'));
    await dialog.getByRole('button', { name: ROUND_WORDS.markReviewed }).click();
    await expect
      .poll(() =>
        dialog
          .getByRole('alert')
          .filter({ hasText: /^Not marked reviewed/ })
          .isVisible(),
      )
      .toBe(true);
    await page.unroute(reviewedRoute);
    await dialog.getByRole('button', { name: ROUND_WORDS.markReviewed }).click();
    await expect.poll(() => dialog.getByText(/^Reviewed: the office has seen these changes/).isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: ROUND_WORDS.markReviewed }).count()).toBe(0);
    await shot(page, 'registration-round-office-3-reviewed-1366');

    // Last year's form, kept at the rollover.
    const from = schoolYearLabel(lastYear);
    const formAnswer = page.waitForResponse((r) => r.url().includes(`/api/registration-form/${RINA}?year=${lastYear}`));
    await dialog.getByRole('button', { name: `Registration Form ${from} of Rina Ramkissoon` }).click();
    const form = await formAnswer;
    expect(form.status()).toBe(200);
    expect(form.headers()['content-type']).toContain('application/pdf');
    const formDialog = page.getByRole('dialog', { name: `Registration Form ${from} · Rina Ramkissoon (${RINA})` });
    await expect.poll(() => formDialog.locator('iframe').count()).toBe(1);
    await shot(page, 'registration-round-office-4-last-year-form-1366');
    await formDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // The tag has gone: nobody is left under the filter, and her row says nothing changed unreviewed.
    await expect.poll(() => main(page).getByText('No student matches this filter.').isVisible()).toBe(true);
    await chooseRound(page, 'All students');
    await expect.poll(() => row(page, RINA).isVisible()).toBe(true);
    expect(await changedTag(page, RINA).count()).toBe(0);
    await shot(page, 'registration-round-office-5-tag-gone-1366');
  });

  it('tags her again after a later change, and shows the changes at 360 px', async ({ openPage }) => {
    const rina = await signedInStudent(t, RINA, RINA_PASSWORD);
    await expectStatus(rina.post('/api/student', { id: RINA, allergy: 'Peanuts, shellfish' }), 200);
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInAdmin(page, 'office', OFFICE_PASSWORD);
    await expect.poll(() => changedTag(page, RINA).isVisible()).toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    await row(page, RINA).getByRole('button', { name: 'Changes since last year of Rina Ramkissoon' }).click();
    const dialog = changesDialog(page);
    await expect
      .poll(() => dialog.locator('tr.round-change-medical').filter({ hasText: 'Peanuts, shellfish' }).count())
      .toBe(1);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    await expect.poll(() => dialog.getByRole('button', { name: ROUND_WORDS.markReviewed }).isVisible()).toBe(true);
    await shot(page, 'registration-round-office-6-changes-360');
    expect(await axeViolations(page, '.ant-modal-wrap')).toEqual([]);
  });
});
