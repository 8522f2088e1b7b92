import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { MESSAGES } from '../../shared/constants.js';
import { createAdmin, type TestApp } from '../fixtures/test-app.js';
import { expectPath, fieldItem, pageLive, sessionStorageLength } from './support.js';

const it = browserTest;

describe('administrator sign-in (docs/product.md §2 Administrator login, Admin shell)', () => {
  let t: TestApp;
  let adminPassword: string;

  it.beforeAll(async ({ app }) => {
    t = app;
    adminPassword = await createAdmin(t, 'office');
  });

  it('signs an administrator in at /admin and lands on the admin shell', async ({ page }) => {
    await page.goto('/admin');
    await expect.poll(() => page.getByText('Administrator Login').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Test Girls High School' }).isVisible()).toBe(true);

    // An empty username is refused with the wording of docs/product.md §5, without asking the server.
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect.poll(() => fieldItem(page, 'Username').getByText(MESSAGES.usernameEmpty).isVisible()).toBe(true);

    await page.getByLabel('Username').fill('office');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/admin/dashboard');

    const menu = page.getByRole('navigation', { name: 'Administrator menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByText('Student Portal').isVisible()).toBe(true);
    expect(await menu.getByText('Administrator', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Logout' }).isVisible()).toBe(true);
    // The menu is the shell's, drawn at once; the Students table waits for the dashboard's answers (students-page.tsx).
    await expect.poll(() => page.getByRole('heading', { name: 'Students' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Total Number of Students: 0').isVisible()).toBe(true);

    // A signed-in administrator who opens a sign-in page lands on her dashboard, never on a student-only page.
    await page.goto('/admin');
    await expectPath(page, '/admin/dashboard');

    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    expect(await sessionStorageLength(page)).toBe(0);
    await page.goto('/admin/dashboard');
    await expectPath(page, '/');
  });

  it('shows the server message in a red alert for a wrong administrator password', async ({ page }) => {
    await page.goto('/admin');
    await pageLive(page);
    await page.getByLabel('Username').fill('office');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain(MESSAGES.badCredentials);
    await expectPath(page, '/admin');
  });
});
