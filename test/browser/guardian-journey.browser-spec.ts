import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../shared/guardians.js';
import { MAIL_MESSAGES } from '../../shared/mail.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath } from '../fixtures/browser.js';
import { browserTest } from '../fixtures/browser-test.js';
import { createAdmin, createStudent, setRegistrationStatus, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  chooseOption,
  clientView,
  expectPath,
  fieldItem,
  hasFocusWithin,
  horizontalOverflow,
  signInStudent,
} from './support.js';

// Guardian accounts (docs/product.md §11), the family's side, on a 360 px phone: a mother of two is invited by the
// office for each daughter (the e-mails are kept in the outbox: no SMTP_URL), creates her account from the first
// link, accepts the second while signed in, signs in with her e-mail, switches daughters from the top bar and fills
// in a registration step for each, each answer reaching the daughter it was typed for. No student ID is typed.

const it = browserTest;

const PHONE = 360;
const ADMIN_PASSWORD = 'Office-Admin-Pass-1';
const MOTHER = 'sara.mohammed@example.org';
const MOTHER_NAME = 'Sara Mohammed';
const MOTHER_PASSWORD = 'Kite-Harbour-2041';
const AISHA = { id: '20267001', first_name: 'Aisha', last_name: 'Mohammed', class_id: '2A' };
const ZARA = { id: '20267002', first_name: 'Zara', last_name: 'Mohammed', class_id: '4B' };
const LINA = { id: '20267003', first_name: 'Lina', last_name: 'Mohammed', class_id: '1B' };
const INVITATION_LINK = /\/guardian-invitation\?token=[A-Za-z0-9_-]+/;
const RESET_LINK = /\/reset-password\?token=[A-Za-z0-9_-]+/;
const STEP_COMPLETE = 'This step is complete: nothing is missing here.';

let t: TestApp;
let admin: ApiClient;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', ADMIN_PASSWORD);
  await setRegistrationStatus(t, 1);
  for (const s of [AISHA, ZARA, LINA]) await createStudent(t, { ...s, password: `${s.first_name}-Pass-2026` });
  admin = await signedInAdmin(t, 'office', ADMIN_PASSWORD);
});

/** The office invites her (or `to`) for a daughter; answers the e-mailed link ('/guardian-invitation?token=…'). */
async function invite(studentId: string, to = MOTHER): Promise<string> {
  const before: { n: number }[] = await t.ds.query(
    "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'guardian-invitation' AND to_address = ?",
    [to],
  );
  const res = await admin.post('/api/guardians/invite', { student_id: studentId, email: to });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const rows: { text_body: string }[] = await t.ds.query(
        "SELECT text_body FROM outbox WHERE kind = 'guardian-invitation' AND to_address = ? ORDER BY id DESC",
        [to],
      );
      if (rows.length <= Number(before[0].n)) return '';
      link = INVITATION_LINK.exec(rows[0].text_body)?.[0] ?? '';
      return link;
    })
    .toMatch(INVITATION_LINK);
  return link;
}

async function record(id: string): Promise<Record<string, unknown>> {
  return (await admin.get(`/api/student-record/${id}`).expect(200)).body[0];
}

async function expectAxeClean(page: Page, what: string, within?: string): Promise<void> {
  await expect.poll(() => axeViolations(page, within), { message: what }).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

const banner = (page: Page) => page.getByRole('banner');
const switcher = (page: Page) => page.getByRole('button', { name: /^Switch student: / });
/** The notice of a fresh page (lib/flash-notice.tsx, a status region), e.g. "You are now linked to Zara." */
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

/** Types into a text field and leaves it, as a person does: the field saves on blur. */
async function type(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
}

/** Chooses an option of a select by its words. */
async function pick(_page: Page, field: Locator, text: string): Promise<void> {
  await chooseOption(field, text);
}

/**
 * Chooses a daughter in the switcher, as she would: on a loaded machine a click can land while antd's menu is still
 * opening (and miss), so she opens it and taps again until the switcher names her daughter.
 */
async function switchTo(page: Page, label: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: label });
  await expect
    .poll(
      async () => {
        const shown = (await switcher(page).getAttribute('aria-label')) === `Switch student: ${label}`;
        if (shown) return true;
        if (!(await item.isVisible())) await switcher(page).click();
        await item.click({ timeout: 3000 }).catch(() => undefined);
        return (await switcher(page).getAttribute('aria-label')) === `Switch student: ${label}`;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** The family data step's heading line names whose record is open. */
async function expectFamilyDataOf(page: Page, s: { first_name: string; last_name: string; id: string }) {
  await expect
    .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Registration: Family Data' }).isVisible())
    .toBe(true);
  await expect
    .poll(() => page.getByText(`${s.first_name} ${s.last_name} · Student ID ${s.id}`, { exact: false }).isVisible())
    .toBe(true);
}

const card = (page: Page, title: string) =>
  page.locator('.pf-panel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('a mother of two, on a phone (360 px)', () => {
  it('is invited, creates her account, accepts a second invitation, then registers each daughter', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });

    // 1. The office invites her for Aisha; she opens the e-mailed link: no account yet, she creates one.
    const first = await invite(AISHA.id);
    await page.goto(first);
    const create = page.getByRole('button', { name: 'Create account' });
    await expect.poll(() => create.isVisible()).toBe(true);
    expect(
      await page
        .getByRole('heading', { level: 2, name: "Create your parent account to follow Aisha's registration" })
        .isVisible(),
    ).toBe(true);
    // The token is taken out of the address bar once read; her address is shown, not editable.
    await expect.poll(() => page.url()).not.toContain('token');
    const email = page.getByLabel('E-mail address');
    expect(await email.inputValue()).toBe(MOTHER);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await expectNoSidewaysScroll(page, 'invitation');
    await expectAxeClean(page, 'invitation');

    // The password policy is checked on the phone, said on the field; different passwords keep the button waiting.
    await page.getByLabel('Your name').fill(MOTHER_NAME);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await create.click();
    await expect
      .poll(() =>
        fieldItem(page, 'Password').getByText('The new password must have at least 8 characters.').isVisible(),
      )
      .toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByLabel('Confirm password').fill(`${MOTHER_PASSWORD}x`);
    await expect.poll(() => create.isDisabled()).toBe(true);
    expect(await page.getByText('Password and Confirm password must match.').isVisible()).toBe(true);
    await expectAxeClean(page, 'invitation, passwords differ');
    await page.screenshot({ path: screenshotPath('guardian-invitation-360'), fullPage: true });
    await page.getByLabel('Confirm password').fill(MOTHER_PASSWORD);
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();

    // Signed in, with one daughter: her dashboard, the daughter named at the top.
    await expectPath(page, '/dashboard');
    await expect
      .poll(() =>
        clientView(page)
          .getByRole('heading', { name: `Welcome, ${MOTHER_NAME}` })
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => notice(page, GUARDIAN_MESSAGES.accepted('Aisha')).isVisible()).toBe(true);
    expect(await page.getByText('Aisha Mohammed (2A)', { exact: true }).first().isVisible()).toBe(true);
    expect(
      await banner(page)
        .getByRole('button', { name: `SM, ${MOTHER_NAME}` })
        .isVisible(),
    ).toBe(true);
    await expectNoSidewaysScroll(page, 'dashboard of her only daughter');

    // 2. A second invitation, for Zara, accepted while signed in: on to the chooser.
    const second = await invite(ZARA.id);
    await page.goto(second);
    const accept = page.getByRole('button', { name: 'Accept invitation' });
    await expect.poll(() => accept.isVisible()).toBe(true);
    expect(await page.getByText(`You are signed in as ${MOTHER}.`, { exact: false }).isVisible()).toBe(true);
    await accept.click();
    await expectPath(page, '/my-students');
    await expect.poll(() => notice(page, GUARDIAN_MESSAGES.accepted('Zara')).isVisible()).toBe(true);

    // 3. Signed out, she signs in once with her e-mail, from the student sign-in page.
    await banner(page).getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: GUARDIAN_MESSAGES.signInPrompt }).click();
    await expectPath(page, '/guardian-login');
    await expect.poll(() => page.getByText('Parent or Guardian Login', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('E-mail address').fill(MOTHER);
    await page.getByLabel('Password', { exact: true }).fill('not-her-password');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.badCredentials }).isVisible())
      .toBe(true);
    await expectPath(page, '/guardian-login');
    await expectNoSidewaysScroll(page, 'parent sign-in');
    await expectAxeClean(page, 'parent sign-in, wrong password');
    await page.screenshot({ path: screenshotPath('guardian-sign-in-360'), fullPage: true });
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();

    // Two daughters: she chooses (large cards with name and class).
    await expectPath(page, '/my-students');
    const aishaCard = page.getByRole('button', { name: /^Aisha Mohammed Class 2A/ });
    const zaraCard = page.getByRole('button', { name: /^Zara Mohammed Class 4B/ });
    await expect.poll(() => aishaCard.isVisible()).toBe(true);
    expect(await zaraCard.isVisible()).toBe(true);
    expect((await aishaCard.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page, 'chooser');
    await expectAxeClean(page, 'chooser');
    await page.screenshot({ path: screenshotPath('guardian-chooser-360'), fullPage: true });
    await aishaCard.click();
    await expectPath(page, '/dashboard');
    await expect.poll(() => switcher(page).getAttribute('aria-label')).toBe('Switch student: Aisha Mohammed (2A)');

    // 4. Aisha's family data. One answer cannot reach the server at first (a dropped connection): she switches to
    // Zara before it is sent, and it still goes to Aisha.
    await page.goto('/registration/family-data');
    await expectFamilyDataOf(page, AISHA);
    await pick(page, page.getByLabel('The student lives with'), 'Mother Only');
    const mother = card(page, 'Mother');
    await expect.poll(() => mother.isVisible()).toBe(true);
    await type(mother.getByLabel('Name'), 'Sara Mohammed');
    await type(mother.getByLabel('Mobile'), '3001111');
    await type(card(page, 'Emergency Contact').getByLabel('Home Phone'), '6221111');
    await expect
      .poll(() => record(AISHA.id))
      .toMatchObject({ living_status: 'Mother Only', mobile_phone_mother: '3001111', emergency_home_phone: '6221111' });

    await page.route('**/api/student', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, message: 'Service Unavailable' } }),
    );
    await type(page.getByLabel('Emergency Contact'), 'Omar Mohammed');
    await expect.poll(() => page.getByText('Not saved yet', { exact: false }).first().isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'registration step with the switcher');
    await expectAxeClean(page, 'registration step with the switcher');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: screenshotPath('guardian-registration-360') });
    await switchTo(page, 'Zara Mohammed (4B)');
    await page.unroute('**/api/student');

    // Same page, Zara's record: nothing of Aisha's answers shows.
    await expectFamilyDataOf(page, ZARA);
    await expectPath(page, '/registration/family-data');
    await expect.poll(() => page.getByLabel('The student lives with').isVisible()).toBe(true);
    expect(await card(page, 'Mother').count()).toBe(0);
    await pick(page, page.getByLabel('The student lives with'), 'Mother Only');
    await expect.poll(() => card(page, 'Mother').isVisible()).toBe(true);
    await type(card(page, 'Mother').getByLabel('Name'), 'Sara Mohammed');
    await type(card(page, 'Mother').getByLabel('Mobile'), '3002222');
    await type(page.getByLabel('Emergency Contact'), 'Leila Mohammed');
    await type(card(page, 'Emergency Contact').getByLabel('Home Phone'), '6222222');

    // Each daughter's record holds what was typed for her, nothing crossed over; Aisha's step is complete.
    await expect
      .poll(() => record(AISHA.id), { timeout: 20_000 })
      .toMatchObject({ emergency_contact: 'Omar Mohammed', emergency_home_phone: '6221111' });
    await expect
      .poll(() => record(ZARA.id))
      .toMatchObject({
        living_status: 'Mother Only',
        mother_name: 'Sara Mohammed',
        mobile_phone_mother: '3002222',
        emergency_contact: 'Leila Mohammed',
        emergency_home_phone: '6222222',
      });
    expect(await record(AISHA.id)).toMatchObject({ mobile_phone_mother: '3001111' });
    await expect.poll(() => page.getByText(STEP_COMPLETE).isVisible()).toBe(true);

    // After a reload she is still on Zara's (this tab remembers), and back on Aisha's her own answers are there.
    await page.reload();
    await expectFamilyDataOf(page, ZARA);
    await expect.poll(() => page.getByLabel('Emergency Contact').inputValue()).toBe('Leila Mohammed');
    await switchTo(page, 'Aisha Mohammed (2A)');
    await expectFamilyDataOf(page, AISHA);
    await expect.poll(() => page.getByLabel('Emergency Contact').inputValue()).toBe('Omar Mohammed');
    expect(await card(page, 'Mother').getByLabel('Mobile').inputValue()).toContain('3001111');
    await expect.poll(() => page.getByText(STEP_COMPLETE).isVisible()).toBe(true);

    // Her session ends under the page (the cookie is gone): she signs in again in place, with her e-mail, and the
    // answer typed meanwhile reaches Aisha.
    await page.context().clearCookies({ name: 'portal.sid' });
    await type(page.getByLabel('Relation to Child'), 'Uncle');
    const dialog = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('E-mail address').inputValue()).toBe(MOTHER);
    await expectAxeClean(page, 'sign in again', '.pf-modal');
    await dialog.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expectFamilyDataOf(page, AISHA);
    await expect.poll(() => record(AISHA.id)).toMatchObject({ relation_to_child: 'Uncle' });
    expect((await record(ZARA.id)).relation_to_child ?? null).toBeNull();

    // The dashboard follows the switcher too.
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByText('Registration and term reports of Aisha Mohammed (2A).').isVisible())
      .toBe(true);
    await switchTo(page, 'Zara Mohammed (4B)');
    await expect
      .poll(() => page.getByText('Registration and term reports of Zara Mohammed (4B).').isVisible())
      .toBe(true);
    await expectPath(page, '/dashboard');
    // No administrator page for her.
    await page.goto('/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Administrators only' }).isVisible()).toBe(true);
  });

  it('shows the gone message for a used, unknown or missing link', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    const [{ text_body }]: { text_body: string }[] = await t.ds.query(
      "SELECT text_body FROM outbox WHERE kind = 'guardian-invitation' AND to_address = ? ORDER BY id ASC",
      [MOTHER],
    );
    // The first invitation, used in the journey above.
    await page.goto(INVITATION_LINK.exec(text_body)![0]);
    await expect.poll(() => page.getByText(GUARDIAN_MESSAGES.invitationGone).isVisible()).toBe(true);
    await expect.poll(() => page.url()).not.toContain('token');
    expect(await page.getByRole('link', { name: 'Go to the sign-in page' }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'gone invitation');
    await expectAxeClean(page, 'gone invitation');
    await page.screenshot({ path: screenshotPath('guardian-invitation-gone-360'), fullPage: true });

    await page.goto('/guardian-invitation?token=not-a-token-the-portal-made');
    await expect.poll(() => page.getByText(GUARDIAN_MESSAGES.invitationGone).isVisible()).toBe(true);
    await page.goto('/guardian-invitation');
    await expect.poll(() => page.getByText(/opens from the link in the invitation e-mail/).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expectPath(page, '/');
  });

  it('opened while someone else is signed in: she signs out there, signs in with her account and accepts', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    // Aisha is signed in on the family's phone when her mother opens the invitation for Lina.
    await signInStudent(page, AISHA.id, 'Aisha-Pass-2026');
    await expectPath(page, '/dashboard');
    await page.goto(await invite(LINA.id));
    await expect.poll(() => page.getByText(GUARDIAN_MESSAGES.otherAccount(MOTHER)).isVisible()).toBe(true);
    await expectAxeClean(page, 'invitation for another account');
    await page.getByRole('button', { name: 'Sign out' }).click();

    // Still on the invitation: her account exists, so she signs in with it to accept.
    const signIn = page.getByRole('button', { name: 'Sign in and accept' });
    await expect.poll(() => signIn.isVisible()).toBe(true);
    await expectPath(page, '/guardian-invitation');
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(MOTHER);
    await expectNoSidewaysScroll(page, 'sign in to accept');
    await expectAxeClean(page, 'sign in to accept');
    await page.screenshot({ path: screenshotPath('guardian-invitation-sign-in-360'), fullPage: true });
    await page.getByLabel('Password', { exact: true }).fill('not-her-password');
    await signIn.click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.badCredentials }).isVisible())
      .toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await signIn.click();
    await expectPath(page, '/my-students');
    await expect.poll(() => notice(page, GUARDIAN_MESSAGES.accepted('Lina')).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('list', { name: 'Your daughters' }).getByRole('listitem').count()).toBe(3);
  });

  it('gets back into her account by e-mail, and changes her password from the account menu', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await page.goto('/guardian-login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/guardian-forgot-password');
    await expect.poll(() => page.getByRole('button', { name: 'Send link' }).isVisible()).toBe(true);
    await page.getByLabel('E-mail address').fill(MOTHER);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByText(MAIL_MESSAGES.forgotGuardian).isVisible()).toBe(true);
    await expectAxeClean(page, 'parent forgot password');

    let link = '';
    await expect
      .poll(async () => {
        const rows: { text_body: string }[] = await t.ds.query(
          "SELECT text_body FROM outbox WHERE to_address = ? AND kind = 'password-reset' ORDER BY id DESC",
          [MOTHER],
        );
        link = RESET_LINK.exec(rows[0]?.text_body ?? '')?.[0] ?? '';
        return link;
      })
      .toMatch(RESET_LINK);
    await page.goto(link);
    const newPassword = page.getByLabel('New Password', { exact: true });
    await expect.poll(() => newPassword.isVisible()).toBe(true);
    expect(await page.getByText('not your e-mail address', { exact: false }).isVisible()).toBe(true);
    await newPassword.fill('Lagoon-Morning-7070');
    await page.getByLabel('Confirm New Password').fill('Lagoon-Morning-7070');
    await page.getByRole('button', { name: 'Change Password' }).click();
    // Signed in as her: three daughters, so the chooser.
    await expectPath(page, '/my-students');

    await banner(page)
      .getByRole('button', { name: `SM, ${MOTHER_NAME}` })
      .click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expectPath(page, '/registration/change-password');
    await expect.poll(() => page.getByLabel('Old Password').isVisible()).toBe(true);
    expect(await page.getByText('not your e-mail address', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Old Password').fill('Lagoon-Morning-7070');
    await page.getByLabel('New Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(MOTHER_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => notice(page, MESSAGES.passwordChanged).isVisible()).toBe(true);
    await expectPath(page, '/my-students');
  });
});

describe('on a desktop (1366 px)', () => {
  it('offers the parent sign-in beneath the student one; chooser, switcher and invitation fit', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: GUARDIAN_MESSAGES.signInPrompt }).isVisible()).toBe(true);
    await expectAxeClean(page, 'sign-in page');
    await page.screenshot({ path: screenshotPath('sign-in-with-parent-link-1366'), fullPage: true });
    await page.getByRole('link', { name: GUARDIAN_MESSAGES.signInPrompt }).click();
    await expectPath(page, '/guardian-login');
    await expect.poll(() => page.getByLabel('E-mail address').isVisible()).toBe(true);
    await expectAxeClean(page, 'parent sign-in');
    await page.screenshot({ path: screenshotPath('guardian-sign-in-1366'), fullPage: true });

    await page.getByLabel('E-mail address').fill(MOTHER);
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/my-students');
    await expect.poll(() => page.getByRole('list', { name: 'Your daughters' }).getByRole('listitem').count()).toBe(3);
    await expectAxeClean(page, 'chooser at 1366 px');
    await page.screenshot({ path: screenshotPath('guardian-chooser-1366'), fullPage: true });
    await page.getByRole('button', { name: /^Zara Mohammed Class 4B/ }).click();
    await expectPath(page, '/dashboard');
    await page.goto('/registration/family-data');
    await expectFamilyDataOf(page, ZARA);
    await expect.poll(() => page.getByLabel('Emergency Contact').inputValue()).toBe('Leila Mohammed');
    // The side menu leads back to the chooser.
    expect(
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Your daughters' })
        .isVisible(),
    ).toBe(true);
    await expectAxeClean(page, 'registration step at 1366 px');
    await switcher(page).click();
    const lina = page.getByRole('menuitem', { name: 'Lina Mohammed (1B)' });
    await expect.poll(() => lina.isVisible()).toBe(true);
    // The one showing now says so in words, not only with a tick.
    expect(await page.getByRole('menuitem', { name: 'Zara Mohammed (4B) (showing now)' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('guardian-registration-1366') });
    await page.keyboard.press('Escape');
    // Escape closes it and the focus is back on the switcher (keyboard.browser-spec.ts switches by keys).
    await expect.poll(() => lina.count()).toBe(0);
    await expect.poll(() => hasFocusWithin(switcher(page))).toBe(true);

    // An invitation for another address, opened in a fresh browser: the account is to be created.
    const other = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await other.goto(await invite(LINA.id, 'grandmother@example.org'));
    await expect.poll(() => other.getByRole('button', { name: 'Create account' }).isVisible()).toBe(true);
    await expectAxeClean(other, 'invitation at 1366 px');
    await other.screenshot({ path: screenshotPath('guardian-invitation-1366'), fullPage: true });
  });
});
