import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { MESSAGES } from '../../shared/constants.js';
import { createStudent, type TestApp } from '../fixtures/test-app.js';
import { screenshotPath } from '../fixtures/browser.js';
import { axeViolations, clientView, expectPath, horizontalOverflow, signInStudent } from './support.js';

// No PTA_FORM_URL and no student-ID lookup: the operator's defaults.
const it = browserTest;

describe('route guard and history mode (docs/product.md §2)', () => {
  let t: TestApp;

  it.beforeAll(async ({ app }) => {
    t = app;
    await createStudent(t, {
      id: '3001',
      first_name: 'Ria',
      last_name: 'Singh',
      class_id: '1B',
      password: 'Ria-Singh-Pass-1',
    });
    await createStudent(t, {
      id: '3002',
      first_name: 'Tessa',
      last_name: 'Grant',
      class_id: '5A',
      password: 'Tessa-Grant-Pass-2',
    });
    await createStudent(t, { id: '3003', first_name: 'Maya', last_name: 'Ross', password: 'Maya-Ross-Pass-3' });
  });

  it('says why she must sign in again when her password was changed on another device', async ({ openPage }) => {
    const laptop = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(laptop, '3003', 'Maya-Ross-Pass-3');
    await expectPath(laptop, '/dashboard');
    // On her phone she changes her password: the laptop's session ends.
    const phone = await openPage();
    await signInStudent(phone, '3003', 'Maya-Ross-Pass-3');
    await expectPath(phone, '/dashboard');
    await phone.goto('/registration/change-password');
    await phone.getByLabel('Old Password').fill('Maya-Ross-Pass-3');
    await phone.getByLabel('New Password', { exact: true }).fill('Maya-Ross-Pass-4');
    await phone.getByLabel('Confirm New Password').fill('Maya-Ross-Pass-4');
    await phone.getByRole('button', { name: 'Change Password' }).click();
    await expectPath(phone, '/registration/student-data');

    await laptop.getByRole('link', { name: /View Term Reports/ }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      'You were signed out because the password of this account was changed on another device or with a reset link.',
    );
    expect(await dialog.textContent()).not.toContain('without activity');
    expect(await horizontalOverflow(laptop)).toMatchObject({ scrollWidth: 360 });
    await laptop.screenshot({ path: screenshotPath('signed-out-password-changed-360') });
    expect(await axeViolations(laptop)).toEqual([]);
    // Her new password signs her in again in place.
    await dialog.getByLabel('Password', { exact: true }).fill('Maya-Ross-Pass-4');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('sends a visitor who opens a signed-in page to the student login', async ({ page }) => {
    for (const path of ['/dashboard', '/registration/family-data', '/term-reports', '/admin/dashboard', '/pta']) {
      await page.goto(path);
      await expectPath(page, '/');
      await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    }
    // The lookup link is hidden unless the operator turns the lookup on.
    expect(await page.getByText('Click here to get your student ID').count()).toBe(0);
  });

  it('sends a signed-in student opening a visitor-only page to her registration; deep links survive', async ({
    page,
  }) => {
    await signInStudent(page, '3001', 'Ria-Singh-Pass-1');
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Ria Singh' }).isVisible())
      .toBe(true);

    await page.goto('/');
    await expectPath(page, '/registration/student-data');
    await expect.poll(() => clientView(page).getByRole('heading', { name: 'Student Data' }).isVisible()).toBe(true);
    await page.goto('/admin');
    await expectPath(page, '/registration/student-data');

    // History mode: a deep link loads (and reloads) straight into its page.
    await page.goto('/registration/family-data');
    await expect.poll(() => clientView(page).getByRole('heading', { name: 'Family Data' }).isVisible()).toBe(true);
    await page.reload();
    await expectPath(page, '/registration/family-data');
    await expect.poll(() => clientView(page).getByRole('heading', { name: 'Family Data' }).isVisible()).toBe(true);
    // The heading is drawn before the step's form, which waits for the lists the server's first view leaves out.
    await expect.poll(() => page.getByLabel('The student lives with').isVisible()).toBe(true);

    // Back and forward work like any web site.
    await page.goBack();
    await expectPath(page, '/registration/student-data');
    await page.goForward();
    await expectPath(page, '/registration/family-data');
  });

  it('shows no PTA card without a form address, and explains at /pta that PTA Registration is not set up', async ({
    page,
  }) => {
    await signInStudent(page, '3001', 'Ria-Singh-Pass-1');
    await expectPath(page, '/dashboard');
    // Form 1, but no card that leads nowhere: wait for her record (the registration card's progress) first.
    await expect
      .poll(() => page.getByRole('link', { name: /Edit\/View Registration/ }).textContent())
      .toMatch(/of 6 steps complete/);
    expect(await page.getByRole('link', { name: /PTA Registration/ }).count()).toBe(0);
    // A bookmarked /pta still says why.
    await page.goto('/pta');
    await expect
      .poll(() => page.getByRole('heading', { name: 'PTA Registration is not available' }).isVisible())
      .toBe(true);
    expect(page.context().pages()).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expectPath(page, '/dashboard');
  });

  it('changes the password on the old screen and shows the notice on the student-data page', async ({ page }) => {
    await signInStudent(page, '3002', 'Tessa-Grant-Pass-2');
    await expectPath(page, '/dashboard');
    await page.goto('/registration/change-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Change Password' }).isVisible()).toBe(true);

    await page.getByLabel('Old Password').fill('not-the-old-one');
    await page.getByLabel('New Password', { exact: true }).fill('Green-Harbour-42');
    await page.getByLabel('Confirm New Password').fill('Green-Harbour-42');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.locator('.pf-alert-error').textContent()).toContain(MESSAGES.wrongOldPassword);

    await page.getByLabel('Old Password').fill('Tessa-Grant-Pass-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPath(page, '/registration/student-data');
    await expect.poll(() => page.getByText(MESSAGES.passwordChanged).isVisible()).toBe(true);

    // The new password is the one that works now.
    await page.goto('/logout');
    await expectPath(page, '/');
    await signInStudent(page, '3002', 'Green-Harbour-42');
    await expectPath(page, '/dashboard');
  });

  it('shows a Not Found page with a way home for an unknown address', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expectPath(page, '/');
  });

  it('when the session is gone (401), asks her to sign in again on the same page; Sign out ends it', async ({
    page,
  }) => {
    await signInStudent(page, '3001', 'Ria-Singh-Pass-1');
    await expectPath(page, '/dashboard');
    await page.goto('/registration/change-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Change Password' }).isVisible()).toBe(true);
    // The session cookie disappears (it expired, say); the next API call answers 401.
    await page.context().clearCookies({ name: 'portal.sid' });
    await page.getByLabel('Old Password').fill('Ria-Singh-Pass-1');
    await page.getByLabel('New Password', { exact: true }).fill('Green-Harbour-43');
    await page.getByLabel('Confirm New Password').fill('Green-Harbour-43');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectPath(page, '/registration/change-password');
    // Without its cookie the browser has no session: signed out (in another tab, say), not idle.
    expect(await dialog.textContent()).toContain('You were signed out in another tab or window.');
    expect(await dialog.textContent()).not.toContain('without activity');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
  });
});
