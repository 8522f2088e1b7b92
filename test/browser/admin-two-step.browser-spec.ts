import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MFA_MESSAGES } from '../../shared/mfa.js';
import { screenshotPath } from '../fixtures/browser.js';
import { browserTest } from '../fixtures/browser-test.js';
import { MfaService } from '../../server/auth/mfa/mfa.service.js';
import { User } from '../../server/users/entities/user.entity.js';
import { createAdmin, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, pageLive } from './support.js';

// Every administrator must use two-step sign-in on this server.
const it = browserTest.override('serverEnv', { ADMIN_MFA: 'required' });

/** The code the authenticator app shows `steps` periods of 30 s from now. */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await expectPath(page, '/');
}

/** Her enrolment code, as the server logs it at start (MfaService). */
async function enrolmentCodeOf(app: TestApp, username: string): Promise<string> {
  return app.app.get(MfaService).enrolmentCode(await app.ds.getRepository(User).findOneByOrFail({ username }));
}

/**
 * Sets up two-step sign-in on the screen she is sent to, with her enrolment code (a wrong one first); answers the
 * secret and the recovery codes.
 */
async function enrolOnScreen(
  page: Page,
  enrolmentCode: string,
  shot: string,
  axe = false,
): Promise<{ secret: string; codes: string[] }> {
  await expect.poll(() => page.getByRole('heading', { name: 'Set up two-step sign-in' }).isVisible()).toBe(true);
  await page.getByLabel('Enrolment code').fill('aaaaa-aaaaa');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: MFA_MESSAGES.wrongEnrolmentCode }).isVisible())
    .toBe(true);
  await page.getByLabel('Enrolment code').fill(enrolmentCode);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const qr = page.getByRole('img', { name: /QR code to add/ });
  await expect.poll(() => qr.isVisible()).toBe(true);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = ((await page.locator('.ant-typography code').first().textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: screenshotPath(`${shot}-scan`), fullPage: true });
  if (axe) expect(await axeViolations(page), 'set-up').toEqual([]);
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(
    (await horizontalOverflow(page)).clientWidth,
  );

  const codeBox = page.getByLabel('Enter the 6-digit code the app shows');
  await codeBox.fill(String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect.poll(() => page.getByRole('alert').filter({ hasText: MFA_MESSAGES.wrongCode }).isVisible()).toBe(true);

  await codeBox.fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect.poll(() => list.isVisible()).toBe(true);
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  expect(await page.getByRole('button', { name: 'Download codes' }).isVisible()).toBe(true);
  await page.screenshot({ path: screenshotPath(`${shot}-recovery-codes`), fullPage: true });
  if (axe) expect(await axeViolations(page), 'recovery codes').toEqual([]);
  return { secret, codes };
}

describe('two-step sign-in for administrators (ADMIN_MFA=required)', () => {
  // A retried test (vitest.config.ts) starts again with an account of its own.
  let tries = 0;
  const freshAdmin = (name: string) => `${name}${++tries}`;

  it('makes her set it up at 360 px, then asks for a code or a recovery code at sign-in', async ({ app, openPage }) => {
    const username = freshAdmin('office');
    const password = await createAdmin(app, username);
    // bypassCSP: axe-core is injected from outside (test/browser/support.ts).
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });

    await signInWithPassword(page, username, password);
    // Every admin screen is the set-up until it is done.
    await expectPath(page, '/admin/dashboard');
    const { secret, codes } = await enrolOnScreen(
      page,
      await enrolmentCodeOf(app, username),
      'admin-mfa-enrolment-360',
      true,
    );
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Students' }).isVisible()).toBe(true);
    await signOut(page);

    // With a code from the app (the next period's: this period's was used for the set-up).
    await signInWithPassword(page, username, password);
    await expect
      .poll(() => page.getByText('Enter the 6-digit code from your authenticator app.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Signing in…').isVisible()).toBe(false);
    await page.screenshot({ path: screenshotPath('admin-mfa-code-step-360'), fullPage: true });
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect(await axeViolations(page), 'code step').toEqual([]);
    await page.getByLabel('Code', { exact: true }).fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await expectPath(page, '/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Students' }).isVisible()).toBe(true);
    await signOut(page);

    // With a recovery code; the same one again is refused.
    for (const attempt of ['first', 'again']) {
      await signInWithPassword(page, username, password);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(codes[0]);
      await page.getByRole('button', { name: 'VERIFY' }).click();
      if (attempt === 'first') {
        await expectPath(page, '/admin/dashboard');
        await signOut(page);
      } else {
        await expect
          .poll(() => page.getByRole('alert').filter({ hasText: MFA_MESSAGES.wrongRecoveryCode }).isVisible())
          .toBe(true);
      }
    }
  });

  it('shows the set-up and the code step at 1366 px; the sign-in-again dialog asks for a code too', async ({
    app,
    openPage,
  }) => {
    const username = freshAdmin('deputy');
    const password = await createAdmin(app, username);
    const page = await openPage({ width: 1366, height: 900 });
    await signInWithPassword(page, username, password);
    const { secret, codes } = await enrolOnScreen(
      page,
      await enrolmentCodeOf(app, username),
      'admin-mfa-enrolment-1366',
    );
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.goto('/admin/settings');
    await expect.poll(() => page.getByText('recovery codes are left').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-mfa-settings-on-1366'), fullPage: true });
    await signOut(page);
    await signInWithPassword(page, username, password);
    await expect.poll(() => page.getByLabel('Code', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Signing in…').isVisible()).toBe(false);
    await page.screenshot({ path: screenshotPath('admin-mfa-code-step-1366') });
    await page.getByLabel('Code', { exact: true }).fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await expectPath(page, '/admin/dashboard');

    // The session ends under the open page: the sign-in-again dialog asks for the password, then a code.
    await expect.poll(() => page.getByRole('heading', { name: 'Students' }).isVisible()).toBe(true);
    await page.context().clearCookies({ name: 'portal.sid' });
    await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => dialog.getByText('Enter the 6-digit code from your authenticator app.').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await dialog.getByLabel('Recovery code').fill(codes[1]);
    await dialog.getByRole('button', { name: 'VERIFY' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expectPath(page, '/admin/settings');
    await expect.poll(() => page.getByText('9 recovery codes are left').isVisible()).toBe(true);
  });
});
