import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { MESSAGES } from '../../shared/constants.js';
import { createStudent, type TestApp } from '../fixtures/test-app.js';
import { FIRST_PASSWORD_HINT } from '../../shared/first-password.js';
import { screenshotPath } from '../fixtures/browser.js';
import {
  axeViolations,
  clientView,
  expectPath,
  horizontalOverflow,
  pageLive,
  sessionStorageLength,
  signInStudent,
} from './support.js';

const PTA_URL = 'https://pta.example.org/register';
const PHONE = 360;

const it = browserTest.override('serverEnv', { PTA_FORM_URL: PTA_URL, STUDENT_ID_LOOKUP: 'on' });

describe('student sign-in (docs/product.md §2 Student login, §4 Sign-in)', () => {
  let t: TestApp;
  let janeTries = 0;

  it.beforeAll(async ({ app }) => {
    t = app;
    await createStudent(t, { id: '2025005', first_name: 'Kezia', last_name: 'Ramdass', date_of_birth: '2013-05-17' });
    await createStudent(t, {
      id: '2024002',
      first_name: 'Mary',
      last_name: 'Roberts',
      class_id: '2B',
      password: 'Form-Two-Pass-7',
    });
    await createStudent(t, {
      id: '2024003',
      first_name: 'Keisha',
      last_name: 'Ali',
      class_id: '3C',
      password: 'Keisha-Pass-33',
    });
    await createStudent(t, {
      id: '2024004',
      first_name: 'Alicia',
      last_name: 'Mohammed',
      class_id: '4A',
      password: 'Alicia-Pass-44',
    });
  });

  it('forces a first-time student to change her password, then keeps her signed in until she logs out', async ({
    page,
  }) => {
    // Reset flag set: her password is her date of birth, yyyymmdd. A student of her own for each try: a try that
    // failed after changing her password would leave a retry nothing to sign in with.
    const id = String(2025010 + janeTries++);
    await createStudent(t, { id, first_name: 'Jane', last_name: 'Doe', class_id: '1A', date_of_birth: '2013-05-17' });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Test Girls High School' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByLabel('Password', { exact: true }).getAttribute('placeholder'))
      .toBe('Enter password');

    await signInStudent(page, id, '20130517');

    // Reset mode: only the new password is asked for; the date of birth she has just typed is not asked again.
    await expect.poll(() => page.getByLabel('New Password', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Confirm New Password').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'LOGIN' }).count()).toBe(0);
    await expectPath(page, '/');

    // New and Confirm differ: nothing happens (docs/product.md §4 Password change); the button is disabled meanwhile
    // and a hint says why, instead of nothing happening without a word.
    await page.getByLabel('New Password', { exact: true }).fill('Blue-Kite-River-9');
    await page.getByLabel('Confirm New Password').fill('Blue-Kite-River-8');
    const changeCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/change-password-student')) changeCalls.push(req.url());
    });
    await expect.poll(() => page.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: MESSAGES.passwordsDiffer }).isVisible()).toBe(true);
    await page.getByLabel('Confirm New Password').press('Enter');
    await page.waitForTimeout(700);
    expect(changeCalls).toEqual([]);
    await expectPath(page, '/');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('Blue-Kite-River-9');

    // Matching: the password changes and she lands on her dashboard, signed in.
    await page.getByLabel('Confirm New Password').fill('Blue-Kite-River-9');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPath(page, '/dashboard');
    expect(changeCalls).toHaveLength(1);
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Jane Doe' }).isVisible())
      .toBe(true);
    // Drawn by the browser after the change, the cards wait for the registration round's first answer and come
    // together (dashboard-page.tsx): on a loaded machine they can follow the heading by a moment.
    await expect.poll(() => page.getByRole('link', { name: /View Term Reports/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Edit\/View Registration/ }).isVisible()).toBe(true);
    // Class 1A is Form 1: the PTA card is shown.
    await expect.poll(() => page.getByRole('link', { name: /PTA Registration/ }).isVisible()).toBe(true);
    // Top bar: school name and the initials avatar (the user menu's button) named for her; no side menu on the
    // dashboard.
    expect(await page.getByRole('banner').getByRole('button', { name: 'JD, Jane Doe' }).textContent()).toBe('JD');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    expect(await page.evaluate<string | null>("sessionStorage.getItem('portal.authenticated')")).toBe('true');

    // A reload keeps her signed in (the server's session, restored through /api/session).
    await page.reload();
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Jane Doe' }).isVisible())
      .toBe(true);
    await expectPath(page, '/dashboard');

    // The PTA card opens the external form in a new window and comes back to the dashboard.
    await page
      .context()
      .route('https://pta.example.org/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>PTA form</title><h1>PTA form</h1>' }),
      );
    const popup = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /PTA Registration/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Redirecting to PTA Registration' }).isVisible())
      .toBe(true);
    const form = await popup;
    await form.waitForLoadState();
    expect(form.url()).toBe(PTA_URL);
    await form.close();
    await expectPath(page, '/dashboard');

    // The side menu is hidden on the dashboard (docs/product.md §2 Student layout).
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    // Logout: back at the sign-in page, session storage cleared, and the dashboard is closed to her.
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await sessionStorageLength(page)).toBe(0);
    await page.goto('/dashboard');
    await expectPath(page, '/');
  });

  it('first sign-in at 360 px: the first password said, a day-first date signs in, one new password asked', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => page.getByText(FIRST_PASSWORD_HINT).isVisible()).toBe(true);
    expect(await password.getAttribute('aria-describedby')).toBe('student-login_password_help');
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: PHONE, clientWidth: PHONE });
    await page.screenshot({ path: screenshotPath('first-sign-in-card-360'), fullPage: true });
    expect(await axeViolations(page), 'sign-in card').toEqual([]);

    // Her date of birth as the family writes it, day first.
    await page.getByLabel('Student ID').fill('2025005');
    await password.fill('17/05/2013');
    await page.getByRole('button', { name: 'LOGIN' }).click();

    // Only a new password: the form has no box for the date of birth, and the caret waits in New Password.
    await expect.poll(() => page.getByLabel('New Password', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.locator('#student-login input').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('name'))),
    ).toEqual(['student_id', 'new_password', 'confirm_password']);
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('name')"))
      .toBe('new_password');
    expect(await page.getByText(FIRST_PASSWORD_HINT).count()).toBe(0);
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: PHONE, clientWidth: PHONE });
    await page.screenshot({ path: screenshotPath('first-sign-in-new-password-360'), fullPage: true });
    expect(await axeViolations(page), 'new password').toEqual([]);

    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/change-password-student')) sent.push(req.postData() ?? '');
    });
    await page.getByLabel('New Password', { exact: true }).fill('Blue-Kite-River-5');
    await page.getByLabel('Confirm New Password').fill('Blue-Kite-River-5');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectPath(page, '/dashboard');
    expect(sent.map((body) => Object.keys(JSON.parse(body) as object).sort())).toEqual([['password', 'student_id']]);
  });

  it('does not show the PTA card to a Form 2 student, and shows the side menu on other pages', async ({ page }) => {
    await signInStudent(page, '2024002', 'Form-Two-Pass-7');
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Mary Roberts' }).isVisible())
      .toBe(true);
    // Wait until her record (class 2B) has loaded, then make sure no PTA card appeared. Signed in on the same page,
    // its network may have gone idle before she did (waiting for 'networkidle' then waits for nothing): the sign that
    // her record is in is the registration card's progress, drawn with it (dashboard-page.tsx).
    await expect.poll(() => page.getByRole('link', { name: /Edit\/View Registration/ }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: /Edit\/View Registration/ }).textContent())
      .toMatch(/of 6 steps complete/);
    expect(await page.getByRole('link', { name: /PTA Registration/ }).count()).toBe(0);

    // On Term Reports the side menu lists the other pages and leaves the current one out.
    await page.getByRole('link', { name: /View Term Reports/ }).click();
    await expectPath(page, '/term-reports');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Edit/View Registration', 'Logout']);
    await expect.poll(() => page.getByText('Select Term Report').isVisible()).toBe(true);
  });

  it('shows the server message in a red alert when the password is wrong', async ({ page }) => {
    await signInStudent(page, '2024002', 'not-her-password');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain(MESSAGES.badCredentials);
    expect(await page.getByRole('alert').filter({ hasText: MESSAGES.badCredentials }).count()).toBe(1);
    await expectPath(page, '/');
    expect(await sessionStorageLength(page)).toBe(0);
  });

  it('moves from Student ID to Password on Enter, and signs in on Enter in Password', async ({ page }) => {
    await page.goto('/');
    await pageLive(page);
    const id = page.getByLabel('Student ID');
    await id.fill('2024003');
    await id.press('Enter');
    // Enter in the ID field does not submit: nothing is sent, focus is on the password box.
    await expect
      .poll(() =>
        page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('autocomplete')"),
      )
      .toBe('current-password');
    await expectPath(page, '/');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.keyboard.type('Keisha-Pass-33');
    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Keisha Ali' }).isVisible())
      .toBe(true);
  });

  it('finds a student ID by name in the "Search for Student ID" dialog when the operator allows it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Click here to get your student ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search for Student ID' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Student Name').fill('Ali Moh');
    // Too short: no request, a hint instead.
    await expect.poll(() => dialog.getByText('at least 3 letters of each', { exact: false }).isVisible()).toBe(true);
    await dialog.getByLabel('Student Name').fill('Alicia Moham');
    const option = dialog.getByRole('option', { name: '2024004 – Alicia Mohammed' });
    await expect.poll(() => option.isVisible(), { timeout: 10_000 }).toBe(true);
    // The list shows "ID – name"; the screen reader's listbox option carries the same name.
    expect(await page.getByRole('option', { name: '2024004 – Alicia Mohammed' }).count()).toBe(1);
    expect(await dialog.getByRole('status').textContent()).toBe('1 found. Choose your name to use its ID.');
    await option.click();
    await expect.poll(() => page.getByLabel('Student ID').inputValue()).toBe('2024004');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('chooses in the "Search for Student ID" dialog with the keyboard, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Click here to get your student ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search for Student ID' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The name box has the focus; the arrow keys go through the matches, Enter chooses one.
    await page.keyboard.type('Alicia Moham');
    const option = dialog.getByRole('option', { name: '2024004 – Alicia Mohammed' });
    await expect.poll(() => option.isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Student ID').inputValue()).toBe('2024004');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('name')"))
      .toBe('password');

    await page.getByRole('button', { name: 'Click here to get your student ID' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});
