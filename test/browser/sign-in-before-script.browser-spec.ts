import type { Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createStudent, type TestApp } from '../fixtures/test-app.js';
import { clientView, expectPath, horizontalOverflow, recordScripts } from './support.js';

// A mother opens the sign-in page on her phone on mobile data: the server draws the form and she types at once, before
// the portal's code has arrived (docs/design.md §7). What she typed, and where, must still be there when the code
// takes over, and nothing she typed may leave the phone before (no form sent, no password in an address).

const PHONE = 360;
const it = browserTest;

/** Holds back the scripts whose path `held` accepts until `release()`: a slow connection, made exact. */
async function holdScripts(page: Page, held: (path: string) => boolean) {
  const waiting: Route[] = [];
  let open = false;
  await page.route('**/*.js', (route) => {
    if (open || !held(new URL(route.request().url()).pathname)) return route.continue();
    waiting.push(route);
  });
  return {
    waiting: () => waiting.length,
    release: async () => {
      open = true;
      await Promise.all(waiting.splice(0).map((r) => r.continue()));
    },
  };
}

/** The requests the page sends to the server's API (and any form submission), as they are sent. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || r.isNavigationRequest()) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

/** The client has adopted the server's page (main.tsx marks the document once it has). */
const adopted = (page: Page) => page.locator('html[data-client]').count();
const focusedName = (page: Page) =>
  page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('name')");

describe('the sign-in form drawn by the server (typeable before the code arrives)', () => {
  let t: TestApp;

  it.beforeAll(async ({ app }) => {
    t = app;
    await createStudent(t, {
      id: '2026101',
      first_name: 'Tamara',
      last_name: 'Joseph',
      class_id: '1A',
      password: 'Shell-Typed-Pass-1',
    });
  });

  it('keeps what she typed before the code arrived, at 360 px, and then signs her in', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740 });
    const scripts = await holdScripts(page, () => true);
    const calls = recordCalls(page);
    await page.goto('/', { waitUntil: 'commit' });

    // No script has run: the server's form, typeable.
    const id = page.getByLabel('Student ID');
    await expect.poll(() => id.isEditable()).toBe(true);
    await id.fill('2026101');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Shell-Typed-Pass-1');
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: PHONE, clientWidth: PHONE });
    await page.screenshot({ path: screenshotPath('sign-in-before-script-typed-360') });
    const before = await page.getByRole('button', { name: 'LOGIN' }).boundingBox();

    // Pressing LOGIN before the code is here sends nothing anywhere: no form, no password in an address.
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await password.press('Enter');
    await page.waitForTimeout(300);
    expect(calls).toEqual(['GET /']);
    expect(page.url()).not.toContain('?');
    expect(scripts.waiting()).toBeGreaterThan(0);

    // The code arrives: the page takes over the form, with her ID, her password and the caret in the password box.
    await password.focus();
    await scripts.release();
    await expect.poll(() => adopted(page)).toBe(1);
    expect(await id.inputValue()).toBe('2026101');
    expect(await password.inputValue()).toBe('Shell-Typed-Pass-1');
    expect(await focusedName(page)).toBe('password');
    // Drawn where the server's form was: nothing moves under her finger.
    expect(await page.getByRole('button', { name: 'LOGIN' }).boundingBox()).toEqual(before);
    expect(page.url()).not.toContain('?');

    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Welcome, Tamara Joseph' }).isVisible())
      .toBe(true);
    expect(calls.filter((c) => c === 'POST /api/login-student')).toHaveLength(1);
  });

  it('signs in once the page is here when she pressed LOGIN while its code was on the way', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740 });
    // The first script runs; the sign-in page's own code is slow.
    const scripts = await holdScripts(page, (path) => path.includes('/sign-in-page-'));
    const calls = recordCalls(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Student ID').fill('2026101');
    await page.getByLabel('Password', { exact: true }).fill('Shell-Typed-Pass-1');
    await expect.poll(() => scripts.waiting()).toBeGreaterThan(0);
    expect(await adopted(page)).toBe(0);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForTimeout(200);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await scripts.release();
    await expectPath(page, '/dashboard');
    expect(calls.filter((c) => c === 'POST /api/login-student')).toHaveLength(1);
  });

  it('keeps the typed e-mail on the parent sign-in, and moves on with Enter while the code is on the way', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740 });
    const scripts = await holdScripts(page, (path) => path.includes('/sign-in-page-'));
    await page.goto('/guardian-login', { waitUntil: 'commit' });
    const email = page.getByLabel('E-mail address');
    await email.fill('mother@example.org');
    await expect.poll(() => scripts.waiting()).toBeGreaterThan(0);
    await email.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('password');
    await page.keyboard.type('half-typ');
    await scripts.release();
    await expect.poll(() => adopted(page)).toBe(1);
    expect(await email.inputValue()).toBe('mother@example.org');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('half-typ');
    expect(await focusedName(page)).toBe('password');
    // She carries on typing where she was.
    await page.keyboard.type('ed');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('half-typed');
  });

  it('loads no antd on the sign-in pages: the form needs no script, the page no antd', async ({ openPage }) => {
    for (const path of ['/', '/admin', '/guardian-login']) {
      const page = await openPage({ width: PHONE, height: 740 });
      const { scripts, settled } = recordScripts(page);
      await page.goto(path);
      await expect.poll(() => adopted(page)).toBe(1);
      await page.waitForLoadState('networkidle');
      await settled();
      const total = [...scripts.values()].reduce((sum, s) => sum + s.gzip, 0);
      console.log(
        `${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped, none before she can type`,
      );
      expect(total).toBeGreaterThan(0);
      // React, its router and the query client; antd was 120 KB more of it.
      // With what adopting the server's page takes (React DOM's hydration, the query cache's hand-over, the early
      // input's hold): 143.7 KB measured.
      expect(total).toBeLessThanOrEqual(145 * 1024);
      for (const [file, s] of scripts) {
        // antd's style injector (@rc-component/util) marks every style element it writes with this attribute.
        expect(s.text, `${file} must not be antd`).not.toContain('data-rc-order');
      }
      await page.context().close();
    }
  });
});
