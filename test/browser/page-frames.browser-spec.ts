import { mkdirSync } from 'node:fs';
import type { Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';
import { browserTest as it } from '../fixtures/browser-test.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, newAxePage, signInAdmin, signInStudent } from './support.js';

// A phone on slow mobile data opening a signed-in page directly (a bookmark, a link): the server's HTML already
// shows the page's frame (the top bar with the school's name, the head of the page with her name, "Loading…";
// her dashboard whole) before any script has run, the page then shows her data, and her record is asked for without
// waiting for the page's code.

const PHONE = 360;
const PASSWORD = 'Frames-Pass-2026';
const SCHOOL = 'Test Girls High School';
const ADMIN_PASSWORD = 'Office-Admin-Pass-1';

let t: TestApp;
let b: TestBrowser;

it.beforeAll(async ({ app, browser }) => {
  t = app;
  b = browser;
  mkdirSync('test-results', { recursive: true });
  await createStudent(t, { id: '7101', first_name: 'Kezia', last_name: 'Ramdial', class_id: '1A', password: PASSWORD });
  await createAdmin(t, 'office', ADMIN_PASSWORD);
});

async function signedInPhone(): Promise<Page> {
  // axe-core is added to the page as a script: this context lets it in past the CSP.
  const page = await newAxePage(b, t.baseUrl, PHONE, 800);
  await signInStudent(page, '7101', PASSWORD);
  await expectPath(page, '/dashboard');
  return page;
}

const blockScripts = (page: Page) => page.route('**/assets/*.js', (route: Route) => route.abort());

it("draws the top bar, the step's heading with her name, and a loading status before any script", async () => {
  const page = await signedInPhone();
  await blockScripts(page);
  await page.goto('/registration/student-data');
  const bar = page.getByRole('banner');
  await expect.poll(() => bar.getByText(SCHOOL).isVisible()).toBe(true);
  expect(await page.getByText('Loading the registration form…').isVisible()).toBe(true);
  expect(await bar.getByRole('link', { name: 'Logout' }).isVisible()).toBe(true);
  // Where she is and whose record it is; nothing else of hers (her answers come with the page).
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Registration: Student Data');
  expect(await page.getByText(/^Kezia Ramdial · Student ID 7101( · |$)/).isVisible()).toBe(true);
  expect(await page.getByText('Kezia').count()).toBe(1);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath('page-frame-student-data-360') });

  // With its code, the page replaces the frame in place and shows her data.
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Kezia');
  expect(await page.getByRole('banner').getByText(SCHOOL).isVisible()).toBe(true);
  await page.context().close();
});

/** Where the chrome the frame and the layout share is drawn (the `page-frame…` classes), rounded to the pixel. */
function chromeBoxes(page: Page): Promise<Record<string, number[] | null>> {
  return page.evaluate(() => {
    // In the page, where the DOM is (the project's type library has none).
    type Rect = { x: number; y: number; width: number; height: number };
    const { document } = globalThis as unknown as {
      document: { querySelector(selector: string): { getBoundingClientRect(): Rect } | null };
    };
    const box = (selector: string, keep = 4) => {
      const el = document.querySelector(selector);
      const r = el?.getBoundingClientRect();
      return r && r.width > 0 ? [r.x, r.y, r.width, r.height].slice(0, keep).map(Math.round) : null;
    };
    return {
      bar: box('.page-frame-bar'),
      menuButton: box('.page-frame-menu-button'),
      title: box('.page-frame-title'),
      avatar: box('.page-frame-avatar'),
      logout: box('.page-frame-logout'),
      // Their heights follow the page's length: where they start and how wide they are.
      sider: box('.page-frame-sider', 3),
      content: box('main', 3),
    };
  });
}

it('the student layout replaces the frame without a shift: bar, menu button, avatar, Logout, side column', async () => {
  for (const width of [PHONE, 1366]) {
    const page = await newPage(b, t.baseUrl, width, 800);
    await signInStudent(page, '7101', PASSWORD);
    await expectPath(page, '/dashboard');
    for (const [path, drawn] of [
      ['/registration/student-data', () => page.getByLabel('First Name').isVisible()],
      // The frame draws the dashboard's heading and cards too: the layout's own class says the client has drawn it.
      ['/dashboard', () => page.locator('.student-layout').isVisible()],
    ] as const) {
      await blockScripts(page);
      await page.goto(path);
      await expect.poll(() => page.getByRole('banner').getByText(SCHOOL).isVisible()).toBe(true);
      const frame = await chromeBoxes(page);
      expect(frame.bar, `${path} at ${width} px: the frame's bar`).not.toBeNull();
      expect(frame.menuButton === null, `${path} at ${width} px: the frame's menu button`).toBe(
        width >= 992 || path === '/dashboard',
      );
      expect(frame.sider === null, `${path} at ${width} px: the frame's side column`).toBe(
        width < 992 || path === '/dashboard',
      );
      await page.unroute('**/assets/*.js');
      await page.reload();
      await expect.poll(drawn).toBe(true);
      expect(await chromeBoxes(page), `${path} at ${width} px`).toEqual(frame);
    }
    await page.context().close();
  }
});

it('draws the head of the dashboard and of a step where the page then draws it, in the same words', async () => {
  const page = await signedInPhone();
  // Whether the heading ever left the screen once the first view had drawn it (a spinner in its place, say).
  await page.addInitScript(`window.__headGone = false;
    new MutationObserver(() => {
      if (document.querySelector('h1')) window.__headSeen = true;
      else if (window.__headSeen) window.__headGone = true;
    }).observe(document, { childList: true, subtree: true });`);
  // Each heading, the line under a step's heading and each dashboard card: its words and its box.
  const head = (p: Page) =>
    p.evaluate<string[]>(`[...document.querySelectorAll('h1, .reg-form-subtitle, .dashboard-card')].map((e) => {
      const r = e.getBoundingClientRect();
      return e.textContent + ' @ ' + [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    })`);
  for (const [path, clientDrawn] of [
    ['/dashboard', '.student-layout .dashboard-card'],
    ['/registration/student-data', '.student-layout .plain-field'],
  ]) {
    await blockScripts(page);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const first = await head(page);
    expect(first.join('\n'), path).toContain('Kezia Ramdial');
    // The dashboard's cards are drawn whole, her progress included.
    if (path === '/dashboard') expect(first.join('\n')).toMatch(/\d of 6 steps complete/);
    await page.screenshot({ path: screenshotPath(`page-frame-head-${path.slice(1).replace('/', '-')}-360`) });
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.locator(clientDrawn).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => head(page), { message: path }).toEqual(first);
    // From the first view to the page, the heading stayed on screen: no spinner in between.
    expect(await page.evaluate('window.__headGone'), path).toBe(false);
  }
  await page.context().close();
});

it("draws the admin shell's bar for an admin page, and page-not-found for an unknown address", async () => {
  const page = await newPage(b, t.baseUrl, 1366, 800);
  await signInAdmin(page, 'office', ADMIN_PASSWORD);
  await blockScripts(page);
  await page.goto('/admin/dashboard');
  await expect.poll(() => page.getByRole('banner').getByText(`${SCHOOL} · Administrator`).isVisible()).toBe(true);
  // The frame and its menu, before any script; the office's screens (antd's) come with the client.
  expect(await page.getByRole('navigation', { name: 'Administrator menu' }).getByRole('link').count()).toBe(12);
  expect(await page.getByText('Loading…').isVisible()).toBe(true);
  await page.screenshot({ path: screenshotPath('page-frame-admin-1366') });
  await page.goto('/no-such-page');
  await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
  expect(await page.getByRole('banner').count()).toBe(0);
  await page.context().close();
});

it("brings her record with the page: neither it nor who she is is asked for before the page's code", async () => {
  const page = await signedInPhone();
  const order: string[] = [];
  page.on('request', (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/student-record/')) order.push('record');
    if (pathname === '/api/session') order.push('session');
  });
  await page.route('**/assets/registration-form-*.js', async (route: Route) => {
    order.push('form code');
    await route.continue();
  });
  await page.goto('/registration/student-data');
  await expect.poll(() => page.getByLabel('First Name').inputValue(), { timeout: 20_000 }).toBe('Kezia');
  // The page came with her record and the session's answer (the server drew it with them): the client asks for
  // neither, before or after its code.
  expect(order).toEqual(['form code']);
  await page.context().close();
});
