import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { MAIL_MESSAGES } from '../../shared/mail.js';
import { signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath } from '../fixtures/browser.js';
import { browserTest } from '../fixtures/browser-test.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  clientView,
  expectPath,
  fieldItem,
  horizontalOverflow,
  pageLive,
  signInStudent,
  smallTargets,
} from './support.js';

// E-mail without a mail server (no SMTP_URL, the test default): every message is kept in the Outbox, and the
// reset link is read from it as the office would, to pass it on. At 360 px a family gets back into her account
// from the sign-in page; at 1366 px the office reads the Outbox, gives her own address and reminds a class.

const it = browserTest;

const PHONE = 360;
const ADMIN_PASSWORD = 'Office-Admin-Pass-1';
const RESET_LINK = /\/reset-password\?token=[A-Za-z0-9_-]+/;

let t: TestApp;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', ADMIN_PASSWORD);
  await createStudent(t, {
    id: '20269001',
    first_name: 'Brianna',
    last_name: 'Cooper',
    class_id: '1A',
    password: 'Brianna-Old-Pass-1',
    extra: { email: 'brianna@example.org' },
  });
  // Class 2B: one family with an address, one without.
  await createStudent(t, {
    id: '20269101',
    first_name: 'Alana',
    last_name: 'Reyes',
    class_id: '2B',
    password: 'Alana-Reyes-Pass-1',
    extra: { email: 'reyes.family@example.org' },
  });
  await createStudent(t, { id: '20269102', first_name: 'Beth', last_name: 'Khan', class_id: '2B' });
});

/** The newest kept reset link to `to`, as its path and query ('/reset-password?token=…'), once it is there. */
async function resetLinkTo(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const rows: { text_body: string }[] = await t.ds.query(
        "SELECT text_body FROM outbox WHERE to_address = ? AND kind = 'password-reset' ORDER BY id DESC",
        [to],
      );
      link = RESET_LINK.exec(rows[0]?.text_body ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(RESET_LINK);
  return link;
}

/**
 * No WCAG 2.2 AA violations, once the screen has settled: a dialog fades in and a button's colour eases into its
 * enabled state, and axe would measure the contrast half-way.
 */
async function expectAxeClean(page: Page, what: string, within?: string): Promise<void> {
  await expect.poll(() => axeViolations(page, within), { message: what }).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

async function signInAdmin(page: Page, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill('office');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectPath(page, '/admin/dashboard');
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Administrator menu' });

describe('a forgotten password, on a phone (360 px)', () => {
  it('asks for a link, opens it, chooses a new password and is signed in; the link is then spent', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/forgot-password');
    await expect.poll(() => page.getByRole('button', { name: 'Send link' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Forgot your password? · Student Portal');
    await expectNoSidewaysScroll(page, 'forgot password');
    expect(await smallTargets(page)).toEqual([]);
    await expectAxeClean(page, 'forgot password');

    // Empty: said on the field, nothing sent.
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect
      .poll(() => fieldItem(page, 'Student ID').getByText('Please enter your student ID.').isVisible())
      .toBe(true);
    await page.screenshot({ path: screenshotPath('forgot-password-360'), fullPage: true });

    await page.getByLabel('Student ID').fill('20269001');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByText(MAIL_MESSAGES.forgotStudent).isVisible()).toBe(true);
    expect(await page.locator('.pf-alert-success').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to Student Login' }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'forgot password, sent');
    await expectAxeClean(page, 'forgot password, sent');
    await page.screenshot({ path: screenshotPath('forgot-password-sent-360'), fullPage: true });

    // The link of the message, as the office reads it in the Outbox (kept: no mail server).
    const link = await resetLinkTo('brianna@example.org');
    await page.goto(link);
    const newPassword = page.getByLabel('New Password', { exact: true });
    await expect.poll(() => newPassword.isVisible()).toBe(true);
    // The token is taken out of the address bar (and so out of the history) once read.
    await expect.poll(() => page.url()).not.toContain('token');
    await expectPath(page, '/reset-password');
    expect(await page.getByText('Choose a new password', { exact: true }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'reset password');
    expect(await smallTargets(page)).toEqual([]);
    await expectAxeClean(page, 'reset password');

    // Too short: the shared password policy, on the field.
    const change = page.getByRole('button', { name: 'Change Password' });
    await newPassword.fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await change.click();
    const tooShort = 'The new password must have at least 8 characters.';
    await expect
      .poll(() => fieldItem(page, 'New Password').getByText(tooShort, { exact: true }).isVisible())
      .toBe(true);

    // Different: the button waits, with the hint.
    await newPassword.fill('Bright-Morning-47');
    // Enter in New moves on to Confirm, as on the sign-in card.
    await newPassword.press('Enter');
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('name')"))
      .toBe('confirm_password');
    await page.getByLabel('Confirm New Password').fill('Bright-Morning-48');
    await expect.poll(() => change.isDisabled()).toBe(true);
    expect(await page.getByText(MESSAGES.passwordsDiffer).isVisible()).toBe(true);
    await expectAxeClean(page, 'reset password, passwords differ');
    await page.screenshot({ path: screenshotPath('reset-password-360'), fullPage: true });

    await page.getByLabel('Confirm New Password').fill('Bright-Morning-47');
    await expect.poll(() => change.isEnabled()).toBe(true);
    await change.click();
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Brianna Cooper' }).isVisible())
      .toBe(true);
    // The cards come together after the registration round's first answer (dashboard-page.tsx).
    await expect.poll(() => page.getByRole('link', { name: /Edit\/View Registration/ }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'dashboard after the reset');

    // The same link again: spent.
    await page.goto(link);
    await expect.poll(() => page.getByText(MAIL_MESSAGES.tokenGone).isVisible()).toBe(true);
    await expect.poll(() => page.url()).not.toContain('token');
    expect(await page.getByRole('link', { name: 'Student: ask for a new link' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Administrator: ask for a new link' }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'spent link');
    await expectAxeClean(page, 'spent link');
    await page.screenshot({ path: screenshotPath('reset-password-spent-360'), fullPage: true });

    // The new password is the one that works; the old one no longer does.
    await page.goto('/logout');
    await expectPath(page, '/');
    await signInStudent(page, '20269001', 'Brianna-Old-Pass-1');
    await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
    await signInStudent(page, '20269001', 'Bright-Morning-47');
    await expectPath(page, '/dashboard');
  });

  it('says so when the link is unknown or missing, and the ask-again link leads to the form', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740 });
    await page.goto('/reset-password?token=not-a-token-the-portal-made');
    await expect.poll(() => page.getByText(MAIL_MESSAGES.tokenGone).isVisible()).toBe(true);
    await page.goto('/reset-password');
    await expect.poll(() => page.getByText(/opens from the link in the e-mail/).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Student: ask for a new link' }).click();
    await expectPath(page, '/forgot-password');
    await expect.poll(() => page.getByLabel('Student ID').isVisible()).toBe(true);
  });
});

describe('the office: Outbox, her own address and reminders (1366 px)', () => {
  it('reminds a class and chosen students, reads the kept messages in the Outbox, sends a failed one again', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await signInAdmin(page);

    // Registration progress at a glance (its details): a reminder to the whole class 2B.
    await page.getByRole('button', { name: 'Show details' }).click();
    const remindClass = page.getByRole('button', { name: /^Send reminder: Class 2B, 2 not finished/ });
    await expect.poll(() => remindClass.isVisible()).toBe(true);
    await remindClass.click();
    const dialog = page.getByRole('dialog', { name: 'Send a reminder' });
    await expect
      .poll(() =>
        dialog.getByText('Send a reminder to the families of the 2 students of 2B who have not finished?').isVisible(),
      )
      .toBe(true);
    expect(
      await dialog.getByText('They get an e-mail listing what is still missing and the deadline.').isVisible(),
    ).toBe(true);
    await expectAxeClean(page, 'reminder dialog', '.ant-modal');
    await page.screenshot({ path: screenshotPath('reminder-confirm-1366') });
    await dialog.getByRole('button', { name: 'Send reminder' }).click();
    await expect
      .poll(() =>
        dialog.getByText('Reminders queued: 1 message to 1 family. 1 has no e-mail address on record.').isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: screenshotPath('reminder-sent-1366') });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Chosen students only: tick her in the class's list.
    await page.getByText('Class 2B: 2 not finished').click();
    const tick = page.getByRole('checkbox', { name: 'Select Reyes, Alana' });
    await expect.poll(() => tick.isVisible()).toBe(true);
    const selected = page.getByRole('button', { name: 'Send reminder to selected' });
    expect(await selected.isDisabled()).toBe(true);
    await tick.check();
    await expect.poll(() => selected.isEnabled()).toBe(true);
    await expectAxeClean(page, 'dashboard with a class opened and a student ticked');
    await page.screenshot({ path: screenshotPath('reminder-selected-1366'), fullPage: true });
    await selected.click();
    await expect
      .poll(() => dialog.getByText('Send a reminder to the family of the 1 selected student of 2B?').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Send reminder' }).click();
    await expect.poll(() => dialog.getByText('Reminders queued: 1 message to 1 family.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => tick.isChecked()).toBe(false);

    // The Outbox: kept messages (no mail server), newest first.
    await menu(page).getByRole('link', { name: 'Outbox' }).click();
    await expectPath(page, '/admin/outbox');
    await expect.poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Outbox' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^No mail server is set \(SMTP_URL\)/).isVisible()).toBe(true);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.filter({ hasText: 'reyes.family@example.org' }).count()).toBeGreaterThanOrEqual(2);
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'Created',
      'To',
      'Student',
      'Subject',
      'Status',
      'Attempts',
      'Sent',
      'Last error',
      'Actions',
    ]);
    expect(await rows.first().getByText('Kept', { exact: true }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'outbox');
    await expectAxeClean(page, 'outbox');
    await page.screenshot({ path: screenshotPath('outbox-1366'), fullPage: true });

    // View: the text as the family gets it.
    await rows
      .filter({ hasText: 'reyes.family@example.org' })
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const message = page.getByRole('dialog');
    await expect.poll(() => message.getByRole('region', { name: 'Message text' }).isVisible()).toBe(true);
    expect(await message.locator('pre').textContent()).toContain('Alana');
    await expectAxeClean(page, 'message dialog', '.ant-modal');
    await page.screenshot({ path: screenshotPath('outbox-message-1366') });
    await message.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => message.isVisible()).toBe(false);

    // A message that failed (as after 24 hours of a mail server refusing it) is sent again after a question.
    const [{ id: failedId }] = await t.ds.query(
      "SELECT id FROM outbox WHERE to_address = 'reyes.family@example.org' ORDER BY id DESC",
    );
    await t.ds.query(
      "UPDATE outbox SET status = 'failed', attempts = 9, last_error = '550 Mailbox unavailable' WHERE id = ?",
      [failedId],
    );
    await page.locator('.ant-segmented').getByText('Failed', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?status=failed');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByText('550 Mailbox unavailable').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('outbox-failed-1366'), fullPage: true });
    await rows
      .first()
      .getByRole('button', { name: /^Send again/ })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Send this message again?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => page.getByText('No failed messages.').isVisible()).toBe(true);
    const [{ status }] = await t.ds.query('SELECT status FROM outbox WHERE id = ?', [failedId]);
    expect(status).not.toBe('failed');
  });

  it('keeps her own address in Settings; her forgotten password comes back through it', async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 900, bypassCSP: true });
    await signInAdmin(page);
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    const box = page.getByLabel('E-mail address');
    await expect.poll(() => box.isVisible()).toBe(true);
    const save = page.getByRole('button', { name: 'Save e-mail address' });
    await box.fill('not an address');
    await save.click();
    await expect.poll(() => fieldItem(page, 'E-mail address').getByText(MESSAGES.email).isVisible()).toBe(true);
    // Her current password is asked for, and checked.
    await box.fill('office@example.org');
    const password = page.getByLabel('Your current password');
    await password.fill('not-her-password');
    await save.click();
    await expect
      .poll(() => fieldItem(page, 'Your current password').locator('.ant-form-item-explain-error').count())
      .toBe(1);
    await password.fill(ADMIN_PASSWORD);
    await save.click();
    await expect
      .poll(() => page.getByText('Saved. A link to choose a new password goes to office@example.org.').isVisible())
      .toBe(true);
    expect(await password.inputValue()).toBe('');
    await expect.poll(() => fieldItem(page, 'E-mail address').getByText(MESSAGES.email).count()).toBe(0);
    await expectAxeClean(page, 'settings');
    await page.screenshot({ path: screenshotPath('settings-email-1366'), fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe('office@example.org');

    // Signed out, she asks for a link from the Administrator Login.
    await page.goto('/logout');
    await expectPath(page, '/');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/admin/forgot-password');
    // The page is there once its code has loaded (the sign-in page has a Username box too).
    await expect.poll(() => page.getByRole('button', { name: 'Send link' }).isVisible()).toBe(true);
    await page.getByLabel('Username').fill('office');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByText(MAIL_MESSAGES.forgotAdmin).isVisible()).toBe(true);
    await expectAxeClean(page, 'admin forgot password');
    await page.screenshot({ path: screenshotPath('admin-forgot-password-1366') });

    const link = await resetLinkTo('office@example.org');
    await page.goto(link);
    await expect.poll(() => page.getByText('Choose a new password (administrator)').isVisible()).toBe(true);
    await expect.poll(() => page.url()).not.toContain('token');
    await page.getByLabel('New Password', { exact: true }).fill('Harbour-Lights-2031');
    await page.getByLabel('Confirm New Password').fill('Harbour-Lights-2031');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPath(page, '/admin/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible())
      .toBe(true);

    // In the Outbox her own reset message does not show a working link to the office.
    await menu(page).getByRole('link', { name: 'Outbox' }).click();
    const own = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'office@example.org' });
    await expect.poll(() => own.count()).toBeGreaterThan(0);
    await own
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const pre = page.getByRole('dialog').locator('pre');
    await expect.poll(() => pre.isVisible()).toBe(true);
    expect(await pre.textContent()).not.toMatch(RESET_LINK);
    await page.keyboard.press('Escape');

    // On a phone the Outbox is a list of cards, without sideways scrolling.
    await page.setViewportSize({ width: PHONE, height: 740 });
    const cards = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(
      await cards
        .first()
        .getByRole('button', { name: /^View / })
        .isVisible(),
    ).toBe(true);
    await expectNoSidewaysScroll(page, 'outbox on a phone');
    await expectAxeClean(page, 'outbox on a phone');
    await page.screenshot({ path: screenshotPath('outbox-360'), fullPage: true });
  });
});

describe('an administrator with two-step sign-in, on a phone (360 px)', () => {
  it('asks an administrator with two-step sign-in for her code after the new password', async ({ openPage }) => {
    // Two-step sign-in turned on and an address given, through the API as she would in Settings.
    await createAdmin(t, 'deputy', 'Deputy-Admin-Pass-1');
    const api = await signedInAdmin(t, 'deputy', 'Deputy-Admin-Pass-1');
    const { secret } = (await api.post('/api/admin-mfa/setup').expect(200)).body as { secret: string };
    const code = await generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) });
    const { recovery_codes } = (await api.post('/api/admin-mfa/confirm', { code }).expect(200)).body as {
      recovery_codes: string[];
    };
    await api.post('/api/admin-email', { email: 'deputy@example.org', password: 'Deputy-Admin-Pass-1' }).expect(200);

    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await page.goto('/admin/forgot-password');
    await expect.poll(() => page.getByRole('button', { name: 'Send link' }).isVisible()).toBe(true);
    await page.getByLabel('Username').fill('deputy');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByText(MAIL_MESSAGES.forgotAdmin).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 'admin forgot password');

    await page.goto(await resetLinkTo('deputy@example.org'));
    await expect.poll(() => page.getByText('Choose a new password (administrator)').isVisible()).toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('Quiet-Lagoon-5150');
    await page.getByLabel('Confirm New Password').fill('Quiet-Lagoon-5150');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => page.getByText('Your new password is saved. Enter your code to finish signing in.').isVisible())
      .toBe(true);
    expect(await page.getByText('Enter the 6-digit code from your authenticator app.').isVisible()).toBe(true);
    await expectPath(page, '/reset-password');
    await expectNoSidewaysScroll(page, 'code step after the reset');
    await expectAxeClean(page, 'code step after the reset');
    await page.screenshot({ path: screenshotPath('reset-password-code-step-360'), fullPage: true });

    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recovery_codes[0]);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await expectPath(page, '/admin/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible())
      .toBe(true);
  });
});
