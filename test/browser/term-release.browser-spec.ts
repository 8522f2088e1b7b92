import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { Clock } from '../../server/config/clock.js';
import { formatLocalDateTime } from '../../server/common/time.js';
import { MARKS_COLUMNS, SUMMARY_COLUMNS, TERM_REPORT_MESSAGES as T } from '../../shared/term-reports.js';
import { browserTest } from '../fixtures/browser-test.js';
import { newPage, screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, newAxePage, pageLive, signInStudent } from './support.js';

const it = browserTest;

// docs/product.md §2 Post Term Reports, §4 Term report posting (Added): the office posts one class, releases a term
// at a chosen time and holds one student's card; students of each class see exactly what they should. The release
// time is crossed by moving the server's Clock, never by waiting.

const AMY = 'R1001'; // 1A
const BEA = 'R1002'; // 1A
const CARA = 'R1003'; // 1B
const DANA = 'R1004'; // 2B, no reports
const PASSWORDS: Record<string, string> = {
  [AMY]: 'Amy-Release-Pass-1',
  [BEA]: 'Bea-Release-Pass-1',
  [CARA]: 'Cara-Release-Pass-1',
};
const DAY = 24 * 60 * 60 * 1000;
const POSTED_AT = /^Posted \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

async function workbook(marks: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const m = wb.addWorksheet('Marks');
  m.addRow([...MARKS_COLUMNS]);
  marks.forEach((r) => m.addRow(r));
  wb.addWorksheet('Summary').addRow([...SUMMARY_COLUMNS]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function signInOffice(page: Page): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill('office');
  await page.getByLabel('Password', { exact: true }).fill('Office-Release-Pass-1');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectPath(page, '/admin/dashboard');
}

describe('term release: one class, a release time, a held card (docs/product.md §4 Term report posting)', () => {
  let t: TestApp;
  let admin: Page;
  const students: Record<string, Page> = {};

  /** The school's wall-clock time by the server's Clock, moved by `ms`: 'YYYY-MM-DD HH:mm'. */
  const schoolTime = (ms: number) =>
    formatLocalDateTime(new Date(t.app.get(Clock).now().getTime() + ms), t.config.timeZone).slice(0, 16);

  const termRow = (term: number) =>
    admin
      .locator('tbody tr.ant-table-row')
      .filter({ has: admin.getByRole('button', { name: `Edit 2025 Term ${term}` }) });
  const classesOf = (term: number) => admin.getByRole('region', { name: `Classes, 2025 Term ${term}` });
  const holdsOf = (term: number) => admin.getByRole('region', { name: `Held reports, 2025 Term ${term}` });
  const classLine = (term: number, classId: string) =>
    classesOf(term)
      .getByRole('listitem')
      .filter({ has: admin.getByRole('button', { name: `Post / Remove class ${classId}, 2025 Term ${term}` }) });

  /** Types a release time into the dialog's picker and confirms it with the picker's OK, as a person would. */
  async function chooseReleaseTime(dialog: Locator, at: string): Promise<void> {
    const picker = dialog.getByLabel('Release time (school time)');
    await picker.click();
    await picker.fill(at);
    const ok = admin.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' });
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await ok.click();
    await expect.poll(() => admin.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    await expect.poll(() => picker.inputValue()).toBe(at);
  }

  async function openTerm(term: number): Promise<void> {
    const toggle = admin.getByRole('button', { name: `Classes and held reports, 2025 Term ${term}` });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect.poll(() => classesOf(term).isVisible()).toBe(true);
  }

  /** Her term as her Term Reports list shows it, read afresh. */
  async function studentTerm(id: string, term: number): Promise<Locator> {
    const page = students[id];
    await page.goto('/term-reports');
    const item = page
      .getByRole('list', { name: 'Term reports' })
      .getByRole('button', { name: new RegExp(`Term ${term}, 2025-2026`) });
    await expect.poll(() => item.isVisible()).toBe(true);
    return item;
  }

  async function expectPostedFor(id: string, term: number): Promise<void> {
    const item = await studentTerm(id, term);
    await expect.poll(() => item.innerText()).toMatch(/Report posted \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await item.isEnabled()).toBe(true);
  }

  async function expectNotPostedFor(id: string, term: number): Promise<void> {
    const item = await studentTerm(id, term);
    await expect.poll(() => item.innerText()).toContain(T.notPosted);
    expect(await item.isDisabled()).toBe(true);
    expect((await students[id].request.get(`/api/report-card/${id}/2025/${term}`)).status()).toBe(403);
  }

  it.beforeAll(async ({ app, browser }) => {
    t = app;
    await createStudent(t, {
      id: AMY,
      first_name: 'Amy',
      last_name: 'Baptiste',
      class_id: '1A',
      password: PASSWORDS[AMY],
    });
    await createStudent(t, {
      id: BEA,
      first_name: 'Bea',
      last_name: 'Charles',
      class_id: '1A',
      password: PASSWORDS[BEA],
    });
    await createStudent(t, {
      id: CARA,
      first_name: 'Cara',
      last_name: 'Daniel',
      class_id: '1B',
      password: PASSWORDS[CARA],
    });
    await createStudent(t, { id: DANA, first_name: 'Dana', last_name: 'Edwards', class_id: '2B' });
    await createAdmin(t, 'office', 'Office-Release-Pass-1');
    // Axe is injected as a script tag: the office's page lets it in (bypassCSP), as the 360 px page does.
    admin = await newAxePage(browser, t.baseUrl, 1366, 800);
    for (const id of [AMY, BEA, CARA]) students[id] = await newPage(browser, t.baseUrl, 1366, 800);
  });

  // The clock is the app's, which ends with this file; put back all the same for any later test of it.
  it.afterAll(({ app }) => app.app.get(Clock).reset());

  it('the office imports Term 1 and Term 2 of classes 1A and 1B; the students sign in', async () => {
    for (const id of [AMY, BEA, CARA]) {
      await signInStudent(students[id], id, PASSWORDS[id]);
      await expectPath(students[id], '/dashboard');
    }
    await signInOffice(admin);
    await admin.goto('/admin/import-term-reports');
    await expect.poll(() => admin.getByRole('heading', { name: 'Import Term Reports' }).isVisible()).toBe(true);
    const rows = [AMY, BEA, CARA].flatMap((id) => [
      [id, 2025, 1, 'Mathematics', 80, 'A', '', 'Mr. Singh'],
      [id, 2025, 2, 'Mathematics', 82, 'A', '', 'Mr. Singh'],
    ]);
    await admin.locator('input[type=file]').setInputFiles({
      name: 'terms.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(rows),
    });
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => admin.getByText(/^Imported: 6 new term reports/).isVisible()).toBe(true);
  });

  it('posts class 1A alone: the dialog names the class and the state now; 1A sees the card, 1B does not', async () => {
    await admin.goto('/admin/post-term-reports');
    await openTerm(1);
    expect(await classLine(1, '1A').innerText()).toContain('Not posted');
    expect(await classLine(1, '1B').innerText()).toContain('Not posted');

    await classLine(1, '1A')
      .getByRole('button', { name: /^Post \/ Remove/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: T.confirmPost(2025, 1) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Class 1A only', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(T.nowNotPosted, { exact: true }).isVisible()).toBe(true);
    for (const name of ['Cancel', 'No', 'Yes'])
      expect(await dialog.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await admin.screenshot({ path: screenshotPath('term-release-class-dialog') });
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => admin.getByText(`${T.posted(2025, 1)} for class 1A`).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Class 1A has its own date; 1B and the term as a whole are still not posted.
    await expect.poll(async () => (await classLine(1, '1A').innerText()).split('\n')[1] ?? '').toMatch(/^Posted /);
    const line1A = (await classLine(1, '1A').innerText()).split('\n');
    expect(line1A[1].split(' · ')[0]).toMatch(POSTED_AT);
    expect(line1A[1]).toContain('set for this class');
    expect(await classLine(1, '1B').innerText()).toContain('Not posted');
    expect(await termRow(1).locator('td').nth(2).innerText()).toBe('not posted\nclass 1A set apart');
    await admin.screenshot({ path: screenshotPath('term-release-classes'), fullPage: true });

    // Opened again, the dialog says it is posted, to the minute.
    await classLine(1, '1A')
      .getByRole('button', { name: /^Post \/ Remove/ })
      .click();
    await expect.poll(() => dialog.getByText(/^Now: posted /).isVisible()).toBe(true);
    expect(await dialog.getByText(/^Now: posted /).innerText()).toMatch(/^Now: posted \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expectPostedFor(AMY, 1);
    await expectPostedFor(BEA, 1);
    await expectNotPostedFor(CARA, 1);
  });

  it('releases Term 2 at a chosen time: refused when past, invisible before the time, visible after', async () => {
    await termRow(2).getByRole('button', { name: 'Edit 2025 Term 2' }).click();
    const dialog = admin.getByRole('dialog', { name: T.confirmPost(2025, 2) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText(T.nowNotPosted, { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Release at a chosen time' }).check();
    const picker = dialog.getByLabel('Release time (school time)');
    await expect.poll(() => picker.isVisible()).toBe(true);

    // A time already past by the server's clock: the server's words on the field.
    await chooseReleaseTime(dialog, schoolTime(-60_000));
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    const field = dialog
      .locator('.ant-form-item')
      .filter({ has: admin.getByLabel('Release time (school time)', { exact: true }) });
    await expect.poll(() => field.getByText(T.releasePassed, { exact: true }).isVisible()).toBe(true);
    await admin.screenshot({ path: screenshotPath('term-release-time-refused') });

    const at = schoolTime(DAY);
    await chooseReleaseTime(dialog, at);
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => admin.getByText(`2025 Term 2 reports will be released ${at}`).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => termRow(2).locator('td').nth(2).innerText()).toBe(`scheduled for ${at}`);
    expect(await termRow(2).locator('td').nth(3).innerText()).toBe('');
    await openTerm(2);
    expect(await classLine(2, '1A').innerText()).toContain(`Scheduled for ${at}`);
    expect(await classLine(2, '1B').innerText()).toContain(`Scheduled for ${at}`);

    await termRow(2).getByRole('button', { name: 'Edit 2025 Term 2' }).click();
    await expect.poll(() => dialog.getByText(T.nowScheduled(at), { exact: true }).isVisible()).toBe(true);
    await admin.screenshot({ path: screenshotPath('term-release-scheduled-dialog') });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expectNotPostedFor(AMY, 2);
    await expectNotPostedFor(CARA, 2);

    // The school's clock passes the release time.
    t.app.get(Clock).advance(DAY + 5 * 60_000);
    await expectPostedFor(AMY, 2);
    await expectPostedFor(CARA, 2);
    expect(await (await studentTerm(CARA, 2)).innerText()).toContain(`Report posted ${at}:00`);
    await admin.reload();
    await expect.poll(() => termRow(2).locator('td').nth(2).innerText()).toBe('posted');
    expect(await termRow(2).locator('td').nth(3).innerText()).toBe(`${at}:00`);
  });

  it("holds Bea's Term 1 card: she sees it not posted, Amy (her classmate) sees hers; lifting shows it", async () => {
    await openTerm(1);
    expect(await holdsOf(1).getByText('No report is held this term.').isVisible()).toBe(true);
    await holdsOf(1).getByRole('button', { name: "Hold a student's report, 2025 Term 1" }).click();
    const dialog = admin.getByRole('dialog', { name: "Hold a student's 2025 Term 1 report" });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // Offered: the students of the term's classes (1A, 1B), not Dana of 2B, who has no report that term.
    const student = dialog.getByRole('combobox', { name: 'Student' });
    await student.click();
    const options = admin.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => options.evaluateAll((els) => els.map((el) => el.getAttribute('title'))))
      .toEqual([`Baptiste, Amy (${AMY}) · 1A`, `Charles, Bea (${BEA}) · 1A`, `Daniel, Cara (${CARA}) · 1B`]);
    await student.fill('Dana');
    await expect.poll(() => admin.getByText('No student of these classes matches.').isVisible()).toBe(true);
    await student.fill('Charles');
    await expect.poll(() => options.count()).toBe(1);
    await options.first().click();

    // The reason is required.
    await dialog.getByRole('button', { name: 'Hold report' }).click();
    await expect.poll(() => dialog.getByText(T.holdReason, { exact: true }).isVisible()).toBe(true);
    await admin.screenshot({ path: screenshotPath('term-release-hold-dialog') });

    await dialog.getByLabel('Reason').fill('Library book not returned');
    await dialog.getByRole('button', { name: 'Hold report' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const held = holdsOf(1).getByRole('listitem');
    await expect.poll(() => held.count()).toBe(1);
    expect(await held.innerText()).toMatch(
      new RegExp(
        `^Charles, Bea \\(${BEA}\\) · 1A\\nLibrary book not returned\\n` +
          `Held by office on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\nLift hold$`,
      ),
    );
    await admin.screenshot({ path: screenshotPath('term-release-held'), fullPage: true });

    await expectNotPostedFor(BEA, 1);
    await expectPostedFor(AMY, 1);

    await held.getByRole('button', { name: 'Lift hold: Charles, Bea' }).click();
    const confirm = admin.getByRole('dialog', { name: /^Lift the hold on Charles, Bea's 2025 Term 1 report\?/ });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Lift hold' }).click();
    await expect.poll(() => holdsOf(1).getByText('No report is held this term.').isVisible()).toBe(true);
    await expectPostedFor(BEA, 1);
  });

  it("a whole-term Yes leaves 1B's own release time, names each class set apart, and can release it too", async () => {
    await admin.goto('/admin/post-term-reports');
    await openTerm(1);
    // 1B is scheduled for tomorrow on its own (1A was posted on its own above).
    await classLine(1, '1B')
      .getByRole('button', { name: /^Post \/ Remove/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: T.confirmPost(2025, 1) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Release at a chosen time' }).check();
    const at = schoolTime(DAY);
    await chooseReleaseTime(dialog, at);
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => classLine(1, '1B').innerText()).toContain(`Scheduled for ${at}`);

    await termRow(1).getByRole('button', { name: 'Edit 2025 Term 1' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const now = dialog.getByText(/^Now: /);
    expect(await now.innerText()).toBe(`Now: not posted; 1A posted; 1B scheduled for ${at}`);
    const own = dialog.getByRole('region', { name: 'Set on their own' }).getByRole('listitem');
    await expect
      .poll(() => own.allInnerTexts())
      .toEqual([expect.stringMatching(/^1A: posted \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), `1B: scheduled for ${at}`]);
    const releaseToo = dialog.getByRole('checkbox', { name: 'Release class 1B now too' });
    expect(await releaseToo.isChecked()).toBe(false);
    // The dialog zooms in from transparent: axe reads the colours once it is fully drawn.
    await expect.poll(() => admin.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    expect(await axeViolations(admin, '.ant-modal-wrap')).toEqual([]);
    await admin.screenshot({ path: screenshotPath('term-release-whole-term-own-classes') });

    // Yes without the tick: the term is posted, 1B keeps its time.
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => termRow(1).locator('td').nth(2).innerText()).toBe('posted\nclasses 1A, 1B set apart');
    expect(await classLine(1, '1B').innerText()).toContain(`Scheduled for ${at}`);
    await expectNotPostedFor(CARA, 1);
    await expectPostedFor(AMY, 1);

    // Yes again with the tick: 1B is released now.
    await termRow(1).getByRole('button', { name: 'Edit 2025 Term 1' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await now.innerText()).toMatch(
      new RegExp(`^Now: posted \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}; 1A posted; 1B scheduled for ${at}$`),
    );
    // The term's list is fetched again after the last Yes; a tick given while that answer lands may be drawn over, so
    // the tick is given until it holds.
    await expect
      .poll(async () => {
        if (!(await releaseToo.isChecked())) await releaseToo.click();
        return releaseToo.isChecked();
      })
      .toBe(true);
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => termRow(1).locator('td').nth(2).innerText()).toBe('posted\nclass 1A set apart');
    await expectPostedFor(CARA, 1);
  });

  it('fits a 360 px phone with a term opened and its dialogs, and passes axe', async ({ openPage }) => {
    const office = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInOffice(office);
    await office.goto('/admin/post-term-reports');
    const toggle = office.getByRole('button', { name: 'Classes and held reports, 2025 Term 1' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    await toggle.click();
    const classes = office.getByRole('region', { name: 'Classes, 2025 Term 1' });
    await expect.poll(() => classes.isVisible()).toBe(true);
    // Every button of the term and its classes is in view without scrolling sideways, the table's included.
    for (const name of [
      'Edit 2025 Term 1',
      'Report cards of a class, 2025 Term 1',
      'Post / Remove class 1A, 2025 Term 1',
      'Post / Remove class 1B, 2025 Term 1',
      "Hold a student's report, 2025 Term 1",
    ]) {
      const box = await office.getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(360);
    }
    expect(await horizontalOverflow(office)).toMatchObject({ scrollWidth: 360 });
    expect(await axeViolations(office)).toEqual([]);
    await office.screenshot({ path: screenshotPath('term-release-360'), fullPage: true });

    await classes.getByRole('button', { name: 'Post / Remove class 1B, 2025 Term 1' }).click();
    const dialog = office.getByRole('dialog', { name: T.confirmPost(2025, 1) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Release at a chosen time' }).check();
    await expect.poll(() => dialog.getByLabel('Release time (school time)').isVisible()).toBe(true);
    // Its hint fades in: axe reads the colours once it is drawn.
    await expect.poll(() => office.locator('.ant-form-show-help-item-appear').count()).toBe(0);
    // The dialog zooms in from transparent: axe reads the colours once it is fully drawn, not halfway through.
    await expect.poll(() => office.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    expect(await horizontalOverflow(office)).toMatchObject({ scrollWidth: 360 });
    expect(await axeViolations(office, '.ant-modal-wrap')).toEqual([]);
    await office.screenshot({ path: screenshotPath('term-release-dialog-360') });
    // The picker's calendar and clock fit the phone too.
    await dialog.getByLabel('Release time (school time)').click();
    const calendar = office.locator('.ant-picker-dropdown:visible');
    await expect.poll(() => calendar.count()).toBe(1);
    // It slides in: measured once it is in place.
    await expect.poll(() => calendar.getAttribute('class')).not.toMatch(/slide/);
    const cbox = (await calendar.boundingBox())!;
    expect(cbox.x).toBeGreaterThanOrEqual(0);
    expect(cbox.y).toBeGreaterThanOrEqual(0);
    expect(cbox.x + cbox.width).toBeLessThanOrEqual(360);
    expect(await horizontalOverflow(office)).toMatchObject({ scrollWidth: 360 });
    await office.screenshot({ path: screenshotPath('term-release-picker-360') });
    await office.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await office.getByRole('button', { name: "Hold a student's report, 2025 Term 1" }).click();
    const hold = office.getByRole('dialog', { name: "Hold a student's 2025 Term 1 report" });
    await expect.poll(() => hold.isVisible()).toBe(true);
    // The dialog zooms in from transparent: axe reads the colours once it is fully drawn, not halfway through.
    await expect.poll(() => office.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    expect(await horizontalOverflow(office)).toMatchObject({ scrollWidth: 360 });
    expect(await axeViolations(office, '.ant-modal-wrap')).toEqual([]);
    await office.screenshot({ path: screenshotPath('term-release-hold-360') });
  });
});
