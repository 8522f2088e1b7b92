import { Student } from '../../server/students/entities/student.entity.js';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { GUARDIAN_MESSAGES, STUDENT_INVITATIONS_PER_DAY } from '../../shared/guardians.js';
import { ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath } from '../fixtures/browser.js';
import { browserTest } from '../fixtures/browser-test.js';
import { formatLocalDateTime } from '../../server/common/time.js';
import { createAdmin, createGuardian, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  expectPath,
  fieldItem,
  focusedLabel,
  hasFocusWithin,
  horizontalOverflow,
  signInAdmin as signInOffice,
  signInStudent,
  smallTargets,
} from './support.js';

// Guardian accounts, the office's side (docs/product.md §11): the Students table's Guardians dialog (who is linked,
// the invitations not yet accepted, an invitation to another address, Unlink), the parent invitations of the
// student import's guardian_email columns, and a student's own "Invite a parent" in her account menu. No mail server
// (the test default): every invitation is kept in the Outbox, and its link is read from there.

const it = browserTest;

const ADMIN_PASSWORD = 'Office-Admin-Pass-1';
const INVITATION_LINK = /\/guardian-invitation\?token=([A-Za-z0-9_-]+)/;
const GUARDIAN_PASSWORD = 'Marigold-Window-2026';

let t: TestApp;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', ADMIN_PASSWORD);
  await createStudent(t, { id: '20269201', first_name: 'Aaliyah', last_name: 'Baptiste', class_id: '1A' });
  await createStudent(t, { id: '20269202', first_name: 'Brianna', last_name: 'Charles', class_id: '1A' });
  await createStudent(t, { id: '20269203', first_name: 'Chantal', last_name: 'Duncan', class_id: '2B' });
});

/** The newest kept message to `to` with an invitation link, once it is there: its path and its token. */
async function invitationTo(to: string): Promise<{ link: string; token: string }> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const rows: { text_body: string }[] = await t.ds.query(
        'SELECT text_body FROM outbox WHERE to_address = ? ORDER BY id DESC',
        [to],
      );
      found = rows.map((r) => INVITATION_LINK.exec(r.text_body ?? '')).find(Boolean) ?? null;
      return found?.[0] ?? '';
    })
    .toMatch(INVITATION_LINK);
  const match = found as unknown as RegExpExecArray;
  return { link: match[0], token: match[1] };
}

async function keptMessagesTo(to: string): Promise<number> {
  const rows: { n: number }[] = await t.ds.query('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?', [to]);
  return Number(rows[0]?.n ?? 0);
}

/** A parent accepts her invitation in her own browser (here, an API client): her account is made and signed in. */
async function accept(token: string, name: string): Promise<ApiClient> {
  const guardian = await new ApiClient(t).primeCsrf();
  const res = await guardian.post('/api/guardians/accept', { token, name, password: GUARDIAN_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await guardian.get('/api/my-students')).status).toBe(200);
  return guardian;
}

const signInAdmin = (page: Page) => signInOffice(page, 'office', ADMIN_PASSWORD);

/** No WCAG 2.2 AA violations once the screen has settled (a dialog fades in; axe would measure it half-way). */
async function expectAxeClean(page: Page, what: string, within?: string): Promise<void> {
  await expect.poll(() => axeViolations(page, within), { message: what }).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** Opens the Guardians dialog of the student named `name` ('Aaliyah Baptiste') from her row's action. */
async function openGuardians(page: Page, name: string, id: string): Promise<Locator> {
  await page.getByRole('button', { name: `Guardians of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Guardians · ${name} (${id})` });
  await expect.poll(() => dialog.getByRole('heading', { name: 'Invite a parent or guardian' }).isVisible()).toBe(true);
  return dialog;
}

const closeDialog = async (dialog: Locator) => {
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
};

describe('the Guardians dialog (1366 px)', () => {
  it('invites an address, shows the guardian once she has accepted, and unlinks her', async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 800, bypassCSP: true });
    await signInAdmin(page);

    // A labelled row action like the others.
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Baptiste, Aaliyah' });
    await expect.poll(() => row.getByRole('button', { name: 'Guardians of Aaliyah Baptiste' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Guardians of Aaliyah Baptiste' }).innerText()).toBe('Guardians');

    const dialog = await openGuardians(page, 'Aaliyah Baptiste', '20269201');
    expect(await dialog.getByText('No parent or guardian is linked to Aaliyah yet.').isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Invitations not yet accepted' }).isVisible()).toBe(true);
    await expectAxeClean(page, 'guardians dialog, empty', '.ant-modal');

    // Empty, then not an address: said on the field, nothing sent.
    const email = dialog.getByLabel('E-mail address');
    const send = dialog.getByRole('button', { name: 'Send invitation' });
    await send.click();
    await expect
      .poll(() => fieldItem(page, 'E-mail address').getByText(GUARDIAN_MESSAGES.emailRequired).isVisible())
      .toBe(true);
    await email.fill('mum.baptiste@example');
    await send.click();
    await expect
      .poll(() => fieldItem(page, 'E-mail address').getByText(GUARDIAN_MESSAGES.emailInvalid).isVisible())
      .toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await keptMessagesTo('mum.baptiste@example')).toBe(0);
    await expectAxeClean(page, 'guardians dialog, invalid address', '.ant-modal');

    // A good address: the invitation goes, waits in the list, and its e-mail is kept in the Outbox.
    await email.fill('Mum.Baptiste@example.org');
    await expect.poll(() => fieldItem(page, 'E-mail address').locator('.ant-form-item-explain-error').count()).toBe(0);
    await send.click();
    await expect
      .poll(() => dialog.getByText(GUARDIAN_MESSAGES.invited('mum.baptiste@example.org')).isVisible())
      .toBe(true);
    expect(await email.inputValue()).toBe('');
    const pending = dialog.getByRole('list', { name: 'Invitations not yet accepted' });
    await expect.poll(() => pending.getByText('mum.baptiste@example.org').isVisible()).toBe(true);
    expect(await pending.getByText(/^Sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} · expires \d{4}-\d{2}-\d{2}/).count()).toBe(1);
    const { token } = await invitationTo('mum.baptiste@example.org');
    await expectAxeClean(page, 'guardians dialog, invited', '.ant-modal');
    await page.screenshot({ path: screenshotPath('guardian-office-dialog-1366') });

    // She accepts in her own browser; the dialog, opened again, lists her.
    const guardian = await accept(token, 'Marsha Baptiste');
    await closeDialog(dialog);
    await openGuardians(page, 'Aaliyah Baptiste', '20269201');
    const linked = dialog.getByRole('list', { name: 'Linked parents and guardians' });
    await expect.poll(() => linked.getByText('Marsha Baptiste').isVisible()).toBe(true);
    expect(await linked.getByText('mum.baptiste@example.org').isVisible()).toBe(true);
    expect(await linked.getByText(/^Linked \d{4}-\d{2}-\d{2}$/).isVisible()).toBe(true);
    expect(await dialog.getByRole('list', { name: 'Invitations not yet accepted' }).count()).toBe(0);

    // The same address again: already linked, on the field.
    await email.fill('mum.baptiste@example.org');
    await send.click();
    await expect
      .poll(() => fieldItem(page, 'E-mail address').getByText(GUARDIAN_MESSAGES.alreadyLinked).isVisible())
      .toBe(true);
    await expect.poll(() => hasFocusWithin(fieldItem(page, 'E-mail address'))).toBe(true);
    await page.screenshot({ path: screenshotPath('guardian-office-linked-1366') });
    await expectAxeClean(page, 'guardians dialog, linked and already linked', '.ant-modal');

    // Unlink, confirmed: she is gone from the list, and her next call is refused.
    await linked.getByRole('button', { name: 'Unlink Marsha Baptiste' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Marsha Baptiste?' });
    await expect
      .poll(() => confirm.getByText(/will no longer see Aaliyah’s registration and report cards\./).isVisible())
      .toBe(true);
    await expectAxeClean(page, 'unlink confirmation', '.ant-modal');
    await page.screenshot({ path: screenshotPath('guardian-office-unlink-1366') });
    await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect.poll(() => dialog.getByText(GUARDIAN_MESSAGES.unlinked).isVisible()).toBe(true);
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await dialog.getByText('No parent or guardian is linked to Aaliyah yet.').isVisible()).toBe(true);
    // The focus is not lost with the button: it is on the list's heading.
    await expect.poll(() => focusedLabel(page)).toContain('Linked parents and guardians');
    expect([401, 403]).toContain((await guardian.get('/api/my-students')).status);
    await closeDialog(dialog);
  });

  it('fits a phone (360 px): no sideways scroll; axe finds nothing', async ({ openPage }) => {
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInAdmin(page);
    await page.getByLabel('Search students').fill('Duncan');
    const dialog = await openGuardians(page, 'Chantal Duncan', '20269203');
    await dialog.getByLabel('E-mail address').fill('a.rather.long.address.for.a.parent@families.example.org');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() =>
        dialog
          .getByRole('list', { name: 'Invitations not yet accepted' })
          .getByText('a.rather.long.address.for.a.parent@families.example.org')
          .isVisible(),
      )
      .toBe(true);
    const { token } = await invitationTo('a.rather.long.address.for.a.parent@families.example.org');
    await accept(token, 'Sheryl Duncan-Alexander');
    await dialog.getByLabel('E-mail address').fill('dad.duncan@example.org');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() => dialog.getByText(GUARDIAN_MESSAGES.invited('dad.duncan@example.org')).isVisible())
      .toBe(true);
    await closeDialog(dialog);
    await openGuardians(page, 'Chantal Duncan', '20269203');
    await expect.poll(() => dialog.getByText('Sheryl Duncan-Alexander').isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'guardians dialog at 360 px');
    // Measured once the dialog has finished growing in (it opens from a small scale).
    await expect.poll(() => smallTargets(page)).toEqual([]);
    await expectAxeClean(page, 'guardians dialog at 360 px', '.ant-modal');
    await page.screenshot({ path: screenshotPath('guardian-office-dialog-360'), fullPage: true });
  });
});

describe("a parent's forgotten password, from the office (1366 px)", () => {
  it('sends a new link from the Guardians list; the Outbox names her and shows it; history in school time', async ({
    browser,
  }) => {
    // Made once: a retry of this test (one is allowed on the shared machine) finds them already there.
    if (!(await t.ds.getRepository(Student).existsBy({ id: '20269251' }))) {
      await createStudent(t, { id: '20269251', first_name: 'Kezia', last_name: 'Mohammed', class_id: '4C' });
      await createGuardian(t, {
        email: 'nadia.mohammed@example.org',
        name: 'Nadia Mohammed',
        password: 'Nadia-Forgot-This-1',
        students: ['20269251'],
      });
    }
    // The office's computer keeps another zone than the school's: every time it is shown is the school's all the same.
    const context = await browser.browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: 1366, height: 800 },
      bypassCSP: true,
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    await signInAdmin(page);
    await page.getByLabel('Search students').fill('Kezia');
    const dialog = await openGuardians(page, 'Kezia Mohammed', '20269251');
    const linked = dialog.getByRole('list', { name: 'Linked parents and guardians' });
    await linked.getByRole('button', { name: 'Send password link to Nadia Mohammed' }).click();
    const sent = GUARDIAN_MESSAGES.resetLinkSent('Nadia Mohammed', 'nadia.mohammed@example.org');
    await expect.poll(() => dialog.getByRole('status').getByText(sent).isVisible()).toBe(true);
    await expectAxeClean(page, 'guardians dialog, link sent', '.ant-modal');
    await page.screenshot({ path: screenshotPath('guardian-office-reset-link-1366') });
    await closeDialog(dialog);

    // The Outbox: the message names her, a search by the student finds nothing of hers, by her name finds it.
    await page.goto('/admin/outbox');
    const search = page.getByLabel('Search messages by student or parent');
    await search.fill('Nadia');
    const rows = page.locator('tbody tr.ant-table-row');
    // One message per link sent (a retry of this test sent one before): the newest first.
    await expect.poll(() => rows.count()).toBe(await keptMessagesTo('nadia.mohammed@example.org'));
    const student = await rows.first().locator('td').nth(2).innerText();
    expect(student).toBe('Nadia Mohammed (parent)');
    // Created: the school's time, as in her history below, not this computer's.
    const [queued] = (await t.ds.query(
      "SELECT created_at FROM outbox WHERE to_address = 'nadia.mohammed@example.org' ORDER BY id DESC",
    )) as {
      created_at: string;
    }[];
    expect(await rows.first().locator('td').first().innerText()).toBe(
      formatLocalDateTime(new Date(queued.created_at), t.config.timeZone).slice(0, 16),
    );
    await expectAxeClean(page, 'outbox with a search');
    await page.screenshot({ path: screenshotPath('outbox-search-1366') });
    await rows
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const message = page.getByRole('dialog').filter({ hasText: 'Reset your portal password' });
    await expect.poll(() => message.getByText(/\/reset-password\?token=[A-Za-z0-9_-]{20,}/).isVisible()).toBe(true);
    expect(await message.getByText('(hidden)').count()).toBe(0);
    await message.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await search.fill('Kezia Mohammed');
    await expect
      .poll(() => page.getByText('No message about a student or parent matching the search.').isVisible())
      .toBe(true);

    // Her history: the send, by the office, at the school's time (the browser here keeps another zone).
    const [entry, ...earlier] = (await t.ds.query(
      "SELECT created_at FROM audit_log WHERE action = 'guardian.reset-link-sent' AND entity_id = ? ORDER BY id DESC",
      ['20269251'],
    )) as { created_at: string }[];
    const school = formatLocalDateTime(new Date(entry.created_at), t.config.timeZone).slice(0, 16);
    await page.goto('/admin/dashboard');
    await page.getByLabel('Search students').fill('Kezia');
    await page.getByRole('button', { name: 'History of Kezia Mohammed' }).click();
    const history = page.getByRole('dialog', { name: /History · Kezia Mohammed \(20269251\)/ });
    const row = history.locator('tr.ant-table-row').filter({ hasText: 'guardian.reset-link-sent' });
    await expect.poll(() => row.count()).toBe(1 + earlier.length);
    expect(await row.first().locator('td').first().innerText()).toBe(school);
    expect(await row.first().innerText()).toContain('admin:office');
    await expect.poll(() => page.locator('.ant-modal:visible').getAttribute('class')).not.toMatch(/zoom/);
    await page.screenshot({ path: screenshotPath('admin-student-history-school-time') });
    await context.close();
  });
});

describe('Import Students with guardian columns (1366 px)', () => {
  it('the check lists the parent invitations the import will send; the import sends them', async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await signInAdmin(page);
    await page
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link', { name: 'Import Students' })
      .click();
    await expect
      .poll(() =>
        page
          .getByText(/guardian_email/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(
      await page
        .getByText(/guardian2_email/)
        .first()
        .isVisible(),
    ).toBe(true);

    const rows = [
      'id,first_name,last_name,class_id,date_of_birth,guardian_email,guardian2_email',
      '20269301,Erica,Francis,1A,2013-02-02,erica.mum@example.org,erica.dad@example.org',
      '20269302,Faith,George,1A,2013-03-03,faith.mum@example.org,',
      '20269303,Grace,Harris,1B,2013-04-04,grace.mum@example.org,grace.gran@example.org',
      '20269304,Hannah,Isaac,1B,2013-05-05,,hannah.aunt@example.org',
    ];
    await page.locator('input[type="file"]').setInputFiles({
      name: 'with-parents.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\n')}\n`),
    });
    await expect.poll(() => page.getByText('The file is ready to import.').isVisible()).toBe(true);
    const list = page.getByRole('list', { name: /^6 parent invitations will be e-mailed when you import\.$/ });
    await expect.poll(() => list.isVisible()).toBe(true);
    // The first five, the rest on demand.
    expect(await list.getByRole('listitem').count()).toBe(5);
    expect(await list.getByText('20269301 — erica.mum@example.org').isVisible()).toBe(true);
    const more = page.getByRole('button', { name: 'Show all 6' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(6);
    expect(await list.getByText('20269304 — hannah.aunt@example.org').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
    expect(await keptMessagesTo('erica.mum@example.org')).toBe(0);
    await expectAxeClean(page, 'import check with invitations');
    await page.screenshot({ path: screenshotPath('guardian-office-import-check-1366'), fullPage: true });

    await page.getByRole('button', { name: 'Import 4 students' }).click();
    await expect.poll(() => page.getByText('Imported: 4 created, 0 updated, 0 unchanged.').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: '6 parent invitations queued for e-mail.' }).isVisible()).toBe(true);
    expect((await invitationTo('hannah.aunt@example.org')).link).toMatch(INVITATION_LINK);
    await page.screenshot({ path: screenshotPath('guardian-office-import-done-1366'), fullPage: true });
  });
});

/** How many times the test below has started: a retry begins afresh, with a student and addresses of its own. */
let inviteTries = 0;

/** Deborah, a student of the try's own (past her first password change: signed in when she signs in). */
async function newDeborah(): Promise<{ tryNo: number; studentId: string }> {
  const tryNo = ++inviteTries;
  const studentId = `2026921${tryNo}`;
  await createStudent(t, {
    id: studentId,
    first_name: 'Deborah',
    last_name: 'Edwards',
    class_id: '3A',
    password: 'Deborah-Own-Pass-1',
  });
  return { tryNo, studentId };
}

describe("a student's own Invite a parent (360 px)", () => {
  it('opens from her account menu, sends an invitation for her, and says what went wrong', async ({ openPage }) => {
    // A student of her own, and addresses of its own, for each try: what a failed first try sent (her invitations
    // for today, the messages kept in the Outbox) is not counted by the retry.
    const { tryNo, studentId } = await newDeborah();
    const mail = (who: string) => `${who}.edwards${tryNo}@example.org`;
    // A guardian already linked to her, by the office.
    const office = await signedInAdmin(t, 'office', ADMIN_PASSWORD);
    const invited = await office.post('/api/guardians/invite', { student_id: studentId, email: mail('mum') });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    await accept((await invitationTo(mail('mum'))).token, 'Paula Edwards');

    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(page, studentId, 'Deborah-Own-Pass-1');
    await expectPath(page, '/dashboard');
    const avatar = page.getByRole('banner').getByRole('button', { name: 'DE, Deborah Edwards' });
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Change Password',
      'Invite a parent',
      'Who can see my registration',
      'Logout',
    ]);
    await menu.getByRole('menuitem', { name: 'Invite a parent' }).click();

    const dialog = page.getByRole('dialog', { name: 'Invite a parent' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog
        .getByText(
          /^We[’']ll e-mail a link so your parent can sign in with their own e-mail and password and help with your registration\. The link works once, for 7 days\.$/,
        )
        .isVisible(),
    ).toBe(true);
    const email = dialog.getByLabel("Your parent's e-mail address");
    const send = dialog.getByRole('button', { name: 'Send', exact: true });

    // Not an address; then the address already linked to her.
    await email.fill('not an address');
    await send.click();
    await expect
      .poll(() => fieldItem(page, "Your parent's e-mail address").getByText(GUARDIAN_MESSAGES.emailInvalid).isVisible())
      .toBe(true);
    await email.fill(mail('mum'));
    await send.click();
    await expect
      .poll(() =>
        fieldItem(page, "Your parent's e-mail address").getByText(GUARDIAN_MESSAGES.alreadyLinked).isVisible(),
      )
      .toBe(true);
    await expectNoSidewaysScroll(page, 'invite a parent, with an error');
    await expectAxeClean(page, 'invite a parent, with an error', '.pf-modal');

    // Another address: sent, for her own ID.
    await email.fill(mail('dad'));
    await send.click();
    await expect.poll(() => dialog.getByText(GUARDIAN_MESSAGES.invited(mail('dad'))).isVisible()).toBe(true);
    expect((await invitationTo(mail('dad'))).link).toMatch(INVITATION_LINK);
    // One Send, one invitation.
    expect(await keptMessagesTo(mail('dad'))).toBe(1);
    // Measured once the dialog has finished growing in (it opens from a small scale).
    await expect.poll(() => smallTargets(page)).toEqual([]);
    await expectNoSidewaysScroll(page, 'invite a parent, sent');
    await expectAxeClean(page, 'invite a parent, sent', '.pf-modal');
    await page.screenshot({ path: screenshotPath('guardian-student-invite-360') });

    // Closed, the focus goes back to the avatar button that opened the menu.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => hasFocusWithin(avatar)).toBe(true);

    // Too many in a day: said in an alert. (She has sent one; the office's invitation does not count.)
    await avatar.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Invite a parent' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (let n = 2; n <= STUDENT_INVITATIONS_PER_DAY; n++) {
      await email.fill(mail(`relative${n}`));
      await send.click();
      await expect.poll(() => dialog.getByText(GUARDIAN_MESSAGES.invited(mail(`relative${n}`))).isVisible()).toBe(true);
    }
    await email.fill(mail('one.too.many'));
    await send.click();
    await expect
      .poll(() =>
        dialog.getByText(/^You have sent several invitations today\. Please try again in \d+ hours/).isVisible(),
      )
      .toBe(true);
    expect(await keptMessagesTo(mail('one.too.many'))).toBe(0);
    await expectAxeClean(page, 'invite a parent, too many', '.pf-modal');
    await page.screenshot({ path: screenshotPath('guardian-student-invite-too-many-360') });
  });
  it("says so in a plain dialog when the dialog's code cannot be loaded: Close, or Try again", async ({ openPage }) => {
    const { studentId } = await newDeborah();
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(page, studentId, 'Deborah-Own-Pass-1');
    await expectPath(page, '/dashboard');
    // No connection for the dialog's own code (antd's theme may come: it is not what fails here).
    const dialogCode = /\/invite-parent-dialog-[\w-]+\.js$/;
    await page.route(dialogCode, (route) => route.abort('internetdisconnected'));
    const avatar = page.getByRole('banner').getByRole('button', { name: 'DE, Deborah Edwards' });
    await avatar.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Invite a parent' }).click();

    // Said over the same page (not the route's error page), with the focus on Try again.
    const unavailable = page.getByRole('alertdialog', { name: 'Invite a parent' });
    await expect.poll(() => unavailable.isVisible()).toBe(true);
    expect(await unavailable.textContent()).toContain('The invitation form could not be loaded');
    await expect.poll(() => hasFocusWithin(unavailable.getByRole('button', { name: 'Try again' }))).toBe(true);
    expect(await avatar.isVisible(), 'the page is still there under it').toBe(true);
    expect(await axeViolations(page), 'the plain dialog').toEqual([]);
    await expectNoSidewaysScroll(page, 'invite a parent, not loaded');

    // Close: gone, the focus back on the avatar button.
    await unavailable.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => unavailable.count()).toBe(0);
    await expect.poll(() => hasFocusWithin(avatar)).toBe(true);

    // Asked for again, still without a connection: said again, and Try again asks again (once each: a failed load
    // is not asked for over and over); still nothing.
    let asked = 0;
    page.on('request', (request) => {
      if (dialogCode.test(request.url())) asked += 1;
    });
    await avatar.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Invite a parent' }).click();
    await expect.poll(() => unavailable.isVisible()).toBe(true);
    await unavailable.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => asked).toBe(2);
    await expect.poll(() => unavailable.isVisible()).toBe(true);

    // The connection is back: Try again brings the dialog (Chromium asks the network again for a failed import).
    await page.unroute(dialogCode);
    await unavailable.getByRole('button', { name: 'Try again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a parent' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await unavailable.count()).toBe(0);
    expect(asked).toBe(3);
  });
});

describe("a student's own Who can see my registration (360 px)", () => {
  it('lists her guardians and invitations, and removes one after a confirmation, saying what went wrong', async ({
    openPage,
  }) => {
    const { tryNo, studentId } = await newDeborah();
    const mail = (who: string) => `${who}.edwards${tryNo}@example.org`;
    const office = await signedInAdmin(t, 'office', ADMIN_PASSWORD);
    for (const who of ['mum', 'aunt']) {
      const invited = await office.post('/api/guardians/invite', { student_id: studentId, email: mail(who) });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    }
    const mum = await accept((await invitationTo(mail('mum'))).token, 'Paula Edwards');

    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(page, studentId, 'Deborah-Own-Pass-1');
    await expectPath(page, '/dashboard');
    const avatar = page.getByRole('banner').getByRole('button', { name: 'DE, Deborah Edwards' });
    await avatar.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Who can see my registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who can see my registration' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove Paula Edwards' }).isVisible()).toBe(true);
    const linked = dialog.getByRole('list', { name: 'Parents and guardians' });
    expect(await linked.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(`^Paula Edwards\\n${mail('mum').replaceAll('.', '\\.')}\\nSince \\d{4}-\\d{2}-\\d{2}`),
      ),
    ]);
    const pending = dialog.getByRole('list', { name: 'Invitations not yet accepted' });
    expect(await pending.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(mail('aunt'))]);
    await expect.poll(() => smallTargets(page)).toEqual([]);
    await expectNoSidewaysScroll(page, 'who can see my registration');
    await expectAxeClean(page, 'who can see my registration', '.pf-modal');
    await page.screenshot({ path: screenshotPath('guardian-student-who-can-see-360') });

    // Remove, by keyboard: a confirmation first, which says what happens.
    await dialog.getByRole('button', { name: 'Remove Paula Edwards' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove Paula Edwards?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain(GUARDIAN_MESSAGES.removeGuardianDetail(mail('mum')));

    // No connection: said in the confirmation, nothing removed.
    await page.route('**/api/guardians/unlink', (route) => route.abort('internetdisconnected'));
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect
      .poll(() => confirm.getByRole('alert').textContent())
      .toBe('Paula Edwards could not be removed. The portal cannot be reached. Check your connection and try again.');
    await expectAxeClean(page, 'remove, failed', '.pf-modal');
    await page.screenshot({ path: screenshotPath('guardian-student-remove-failed-360') });
    expect((await mum.get(`/api/student-record/${studentId}`)).status).toBe(200);

    // Again with the connection back: the button shows it is working, then the list says she is gone.
    await page.unroute('**/api/guardians/unlink');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/guardians/unlink', async (route) => {
      await held;
      await route.continue();
    });
    const remove = confirm.getByRole('button', { name: 'Remove', exact: true });
    await remove.click();
    await expect.poll(() => remove.evaluate((el) => el.classList.contains('pf-btn-loading'))).toBe(true);
    expect(await confirm.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect
      .poll(() => dialog.getByText(GUARDIAN_MESSAGES.guardianRemoved('Paula Edwards')).isVisible())
      .toBe(true);
    expect(await dialog.getByText(GUARDIAN_MESSAGES.noGuardians).isVisible()).toBe(true);
    // The focus is on the list's heading (the button she pressed is gone).
    await expect.poll(() => hasFocusWithin(dialog.getByRole('heading', { name: 'Parents and guardians' }))).toBe(true);
    // Her mother's account is signed out and sees nothing of hers.
    expect((await mum.get(`/api/student-record/${studentId}`)).status).toBe(401);
    await expectNoSidewaysScroll(page, 'who can see my registration, removed');
    await expectAxeClean(page, 'who can see my registration, removed', '.pf-modal');
    await page.screenshot({ path: screenshotPath('guardian-student-removed-360') });
  });
});
