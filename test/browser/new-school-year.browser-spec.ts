import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SchoolYearService } from '../../server/school-year/school-year.service.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { ROLLOVER_MESSAGES } from '../../shared/rollover.js';
import { SCHOOL_YEAR_MESSAGES, schoolYearLabel } from '../../shared/school-year.js';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, signInAdmin, signInStudent } from './support.js';

const it = browserTest;

// docs/product.md §2 New School Year, §12.2: the office rolls a small school over (1A, 5A, 6A), changing two students
// in the preview (one repeats, one leaves with a reason), sees the counts, finds the outcome and its undo again from
// the server (another screen visited, another tab), undoes the rollover and makes it again, at 1366 px and then at
// 360 px; a student's page then says the new school year; once something is saved, the undo is gone and says why.

const AMY = 'Y1001'; // 1A: repeats (the office's change)
const BEA = 'Y1002'; // 1A: leaves, with a reason (the office's change)
const CLEO = 'Y1003'; // 1A → 2A
const FAY = 'Y1004'; // 5A → 6A
const GIA = 'Y1005'; // 5A → 6A
const DANA = 'Y1006'; // 6A graduates
const ELLA = 'Y1007'; // 6A graduates
const CLEO_PASSWORD = 'Cleo-Year-Pass-1';
const OFFICE_PASSWORD = 'Office-Year-Pass-1';

describe('New School Year: the rollover, its undo and its redo (docs/product.md §12.2)', () => {
  let from = '';
  let to = '';
  let toYear = 0;

  it.beforeAll(async ({ app }: { app: TestApp }) => {
    await createAdmin(app, 'office', OFFICE_PASSWORD);
    const students: [string, string, string, string][] = [
      [AMY, 'Amy', 'Baptiste', '1A'],
      [BEA, 'Bea', 'Charles', '1A'],
      [CLEO, 'Cleo', 'Daniel', '1A'],
      [FAY, 'Fay', 'Edwards', '5A'],
      [GIA, 'Gia', 'Francis', '5A'],
      [DANA, 'Dana', 'George', '6A'],
      [ELLA, 'Ella', 'Henry', '6A'],
    ];
    for (const [id, first_name, last_name, class_id] of students)
      await createStudent(app, {
        id,
        first_name,
        last_name,
        class_id,
        ...(id === CLEO ? { password: CLEO_PASSWORD } : {}),
      });
    const year = await app.app.get(SchoolYearService).current();
    from = schoolYearLabel(year);
    to = schoolYearLabel(year + 1);
    toYear = year + 1;
  });

  const main = (page: Page) => page.locator('main');
  /** After antd's transitions (a dialog opening, a button enabled) have ended, so the picture shows the screen. */
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
  };

  async function choose(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  }

  /** The outcome, as the server keeps it: '2027-2028 began on 27 Nov 2026 by admin:office: 3 promoted, …'. */
  const outcome = (page: Page) =>
    main(page).getByText(
      new RegExp(
        `^${to} began on \\d{1,2} \\w{3} \\d{4} by admin:office: 3 promoted, 1 repeat, 2 graduated, 1 left\\.$`,
      ),
    );

  const countsLine = (page: Page) => page.getByRole('status', { name: 'Counts' }).innerText();

  /** From the classes to the done step, with Amy repeating and Bea leaving; at 1366 px the first try fails. */
  async function rollOver(page: Page, width: number): Promise<void> {
    const next = main(page).getByRole('button', { name: 'Next: the students' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await shot(page, `new-school-year-1-classes-${width}`);
    if (width > 400) expect(await axeViolations(page)).toEqual([]);
    await next.click();
    await expect.poll(() => main(page).getByText('Class 1A · 3 students · moves up to 2A').isVisible()).toBe(true);
    // A search finds her in a whole school; the class's group opens with her.
    await main(page).getByRole('searchbox', { name: 'Search students' }).fill('Amy Baptiste');
    await choose(page, 'What happens to Amy Baptiste', 'Repeats the year');
    await main(page).getByRole('searchbox', { name: 'Search students' }).fill('');
    await main(page).getByText('Class 1A · 3 students').click();
    await choose(page, 'What happens to Bea Charles', 'Leaves');
    // Leaving needs a reason: the confirm waits for it.
    await expect.poll(() => main(page).getByText('Say why she leaves.').isVisible()).toBe(true);
    expect(
      await main(page)
        .getByRole('button', { name: `Close ${from} and open ${to}…` })
        .isEnabled(),
    ).toBe(false);
    await main(page).getByRole('textbox', { name: 'Why Bea Charles leaves' }).fill('Moved to Tobago');
    await expect
      .poll(() => countsLine(page))
      .toMatch(/Promoted: 3\s*Repeat: 1\s*Graduated: 2\s*Left: 1\s*Changed by you: 2/);
    const confirm = main(page).getByRole('button', { name: `Close ${from} and open ${to}…` });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await shot(page, `new-school-year-2-students-${width}`);
    if (width > 400) expect(await axeViolations(page)).toEqual([]);
    if (width <= 400) expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);

    if (width > 400) {
      // The connection drops as she confirms: she is told, and nothing she chose is lost.
      // Only the confirm fails: reading the latest rollover again (GET) answers, so she is told it was not made.
      await page.route('**/api/rollover', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
      );
      await confirm.click();
      await page.getByRole('button', { name: `Yes, open ${to}` }).click();
      await expect
        .poll(() => main(page).getByRole('alert').filter({ hasText: 'The rollover was not made' }).isVisible())
        .toBe(true);
      await page.unroute('**/api/rollover');
      expect(await main(page).getByRole('textbox', { name: 'Why Bea Charles leaves' }).inputValue()).toBe(
        'Moved to Tobago',
      );
      expect(await countsLine(page)).toMatch(/Repeat: 1\s*Graduated: 2\s*Left: 1\s*Changed by you: 2/);

      // A class the school does not have: the server refuses, and says so beside her.
      await main(page).getByRole('combobox', { name: 'New class of Cleo Daniel' }).fill('4Q');
      await confirm.click();
      await page.getByRole('button', { name: `Yes, open ${to}` }).click();
      const cleoRow = main(page).locator('tr').filter({ hasText: CLEO });
      await expect.poll(() => cleoRow.getByText(ROLLOVER_MESSAGES.unknownClass('4Q')).isVisible()).toBe(true);
      expect(await main(page).getByRole('alert').filter({ hasText: 'The rollover was refused' }).isVisible()).toBe(
        true,
      );
      await shot(page, `new-school-year-2b-refused-${width}`);
      await cleoRow.getByRole('button', { name: 'Undo change for Cleo Daniel' }).click();
      await expect.poll(() => countsLine(page)).toMatch(/Changed by you: 2/);
    }
    await confirm.click();
    const dialog = page.getByRole('dialog', { name: `Close ${from} and open ${to}?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('3 promoted, 1 repeat, 2 graduated, 1 left (2 changed by you).');
    expect(await dialog.innerText()).toContain('npm run backup');
    await shot(page, `new-school-year-3-confirm-${width}`);
    // No preview of the year after is asked for on the way to the outcome.
    const previews: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/rollover/preview')) previews.push(r.postData() ?? '');
    });
    await dialog.getByRole('button', { name: `Yes, open ${to}` }).click();
    await expect.poll(() => outcome(page).isVisible()).toBe(true);
    expect(await main(page).innerText()).toContain('Registration was closed by the rollover.');
    expect(await main(page).getByRole('button', { name: 'Undo the rollover' }).isVisible()).toBe(true);
    expect(previews).toEqual([]);
    await shot(page, `new-school-year-4-done-${width}`);
  }

  it('rolls over, undoes and rolls over again; the student pages then say the new year', async ({ app, openPage }) => {
    const page = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await signInAdmin(page, 'office', OFFICE_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link', { name: 'New School Year' })
      .click();
    await expectPath(page, '/admin/new-school-year');
    await expect
      .poll(() => main(page).getByText(`This school year is ${from}.`, { exact: false }).isVisible())
      .toBe(true);
    expect(await main(page).innerText()).toContain('npm run backup');

    // The rules: defaults marked; 5A set to leave is the school's own rule, and set back it is the default again.
    const row = (classId: string) =>
      main(page)
        .locator('tr')
        .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${classId}$`) }) });
    await expect.poll(() => row('5A').getByText('default').isVisible()).toBe(true);
    await choose(page, 'What happens to class 5A', 'Leave the school');
    await expect.poll(() => row('5A').getByText('set by the school').isVisible()).toBe(true);
    await choose(page, 'What happens to class 5A', 'Move up to');
    await expect.poll(() => page.getByRole('combobox', { name: 'Class 5A moves up to' }).inputValue()).toBe('6A');
    await expect.poll(() => row('5A').getByText('default').isVisible()).toBe(true);
    expect(await row('6A').innerText()).toContain('Graduates');

    await rollOver(page, 1366);
    const classes = async () =>
      Object.fromEntries(
        (await app.ds.getRepository(Student).find({ order: { id: 'ASC' } })).map((s) => [
          s.id,
          `${s.class_id} ${s.status}`,
        ]),
      );
    expect(await classes()).toEqual({
      [AMY]: '1A current',
      [BEA]: '1A left',
      [CLEO]: '2A current',
      [FAY]: '6A current',
      [GIA]: '6A current',
      [DANA]: '6A graduated',
      [ELLA]: '6A graduated',
    });

    // Back on the screen later (another screen visited first), and in another tab or device of the office, the outcome
    // and its undo are there: the server keeps them.
    const menu = page.getByRole('navigation', { name: 'Administrator menu' });
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/admin/settings');
    await menu.getByRole('link', { name: 'New School Year' }).click();
    await expect.poll(() => outcome(page).isVisible()).toBe(true);
    const other = await openPage({ width: 1366, height: 900 });
    await signInAdmin(other, 'office', OFFICE_PASSWORD);
    await other
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link', { name: 'New School Year' })
      .click();
    await expect.poll(() => outcome(other).isVisible()).toBe(true);
    expect(await main(other).getByRole('button', { name: 'Undo the rollover' }).isVisible()).toBe(true);
    // Planning the year after is there too, but asks first.
    await main(other).getByRole('button', { name: 'Plan the next school year…' }).click();
    const planNext = other.getByRole('dialog', { name: `Plan ${schoolYearLabel(toYear + 1)} already?` });
    await expect.poll(() => planNext.isVisible()).toBe(true);
    await planNext.getByRole('button', { name: 'No, stay here' }).click();
    await other.close();

    // Undo, after its own confirm: back in the year before, and the wizard starts again.
    await main(page).getByRole('button', { name: 'Undo the rollover' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo the rollover?' });
    await expect.poll(() => undo.isVisible()).toBe(true);
    await undo.getByRole('button', { name: `Yes, go back to ${from}` }).click();
    await expect
      .poll(() => main(page).getByText(`The rollover was undone: the school is back in ${from}.`).isVisible())
      .toBe(true);
    expect((await classes())[BEA]).toBe('1A current');
    expect((await classes())[CLEO]).toBe('1A current');

    // Again, on a phone: the same steps stack, the tables scroll inside themselves.
    await page.setViewportSize({ width: 360, height: 780 });
    await rollOver(page, 360);
    expect((await classes())[CLEO]).toBe('2A current');

    // A student's own pages now say the new year, drawn by the server and in the browser alike.
    const cleo = await openPage({ width: 1366, height: 900 });
    await signInStudent(cleo, CLEO, CLEO_PASSWORD);
    await expect.poll(() => new URL(cleo.url()).pathname).not.toBe('/');
    await cleo.goto('/registration/student-data');
    await expect.poll(() => cleo.getByText(`School year ${to}`).isVisible()).toBe(true);
    await cleo.goto('/dashboard');
    await expect
      .poll(() => cleo.locator('.dashboard-card').filter({ hasText: 'Edit/View Registration' }).innerText())
      .toContain(`Registration ${to}`);

    // Refused, the undo says why: here a record was saved elsewhere (another tab of the office) meanwhile.
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const elsewhere = await page.request.post('/api/student', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      data: { id: CLEO, place_of_birth: 'San Fernando' },
    });
    expect(elsewhere.status()).toBe(200);
    await main(page).getByRole('button', { name: 'Undo the rollover' }).click();
    await page
      .getByRole('dialog', { name: 'Undo the rollover?' })
      .getByRole('button', { name: `Yes, go back to ${from}` })
      .click();
    await expect
      .poll(() => main(page).getByRole('alert').filter({ hasText: SCHOOL_YEAR_MESSAGES.undoAfterSave }).isVisible())
      .toBe(true);
    // Back later: the outcome is still told, with why it can no longer be undone, and no Undo button.
    const later = await openPage({ width: 1366, height: 900 });
    await signInAdmin(later, 'office', OFFICE_PASSWORD);
    await later
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link', { name: 'New School Year' })
      .click();
    await expect.poll(() => outcome(later).isVisible()).toBe(true);
    expect(await main(later).getByText(SCHOOL_YEAR_MESSAGES.undoAfterSave).isVisible()).toBe(true);
    expect(await main(later).getByRole('button', { name: 'Undo the rollover' }).count()).toBe(0);
    await later.setViewportSize({ width: 360, height: 780 });
    await shot(later, 'new-school-year-5-not-undoable-360');
    expect((await horizontalOverflow(later)).scrollWidth).toBeLessThanOrEqual(360);
  }, 180_000);
});
