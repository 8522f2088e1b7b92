import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect } from 'vitest';
import { browserTest as it } from '../fixtures/browser-test.js';
import { createAdmin, createGuardian, createStudent } from '../fixtures/test-app.js';

// One renderer: every page the server sends is drawn by the same React components the browser then runs. Opened with
// JavaScript off, a page shows the headings, landmarks and words the running page shows; opened with it on, the
// browser adopts that HTML (hydration) without a mismatch and without anything moving (CLS 0).

const PASSWORD = 'Renderer-Pass-2026';
const ADMIN_PASSWORD = 'Office-Admin-Pass-1';

it.beforeAll(async ({ app }) => {
  await createStudent(app, {
    id: '7301',
    first_name: 'Kezia',
    last_name: 'Ramdial',
    class_id: '1A',
    password: PASSWORD,
  });
  await createStudent(app, {
    id: '7302',
    first_name: 'Anya',
    last_name: 'Ramdial',
    class_id: '3B',
    password: PASSWORD,
  });
  await createGuardian(app, { email: 'mum@example.com', password: PASSWORD, students: ['7302'] });
  await createAdmin(app, 'office', ADMIN_PASSWORD);
});

/** What a reader of the page finds: its headings, its landmarks, and its words (outside any loading status). */
interface Reading {
  headings: string[];
  landmarks: string[];
  words: string[];
}

const READ = `(() => {
  const visible = (el) => el.checkVisibility();
  const headings = [...document.querySelectorAll('#root h1, #root h2, #root h3')].filter(visible)
    .map((h) => h.tagName + ' ' + h.textContent.trim());
  const landmarks = [...document.querySelectorAll('#root header, #root main, #root nav, #root form[aria-label]')]
    .filter(visible).map((l) => l.tagName + ' ' + (l.getAttribute('aria-label') || ''));
  const split = (text) => (text || '').split(/\\s+/).filter(Boolean);
  const words = split(document.getElementById('root').innerText);
  // A loading status says what is on its way: its words are not the page's.
  for (const status of document.querySelectorAll('#root [role=status], #root [aria-busy=true]'))
    for (const word of split(status.innerText)) if (words.includes(word)) words.splice(words.indexOf(word), 1);
  return { headings, landmarks, words };
})()`;

async function signedIn(context: BrowserContext, path: string, fields: Record<string, string>): Promise<void> {
  const page = await context.newPage();
  await page.goto(path);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(path);
  await page.close();
}

/** The console's complaints of a page: errors and warnings, hydration's among them. */
function complaints(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(String(e)));
  return seen;
}

const CASES: { who: 'visitor' | 'student' | 'guardian' | 'admin'; path: string; expectText: string }[] = [
  { who: 'visitor', path: '/', expectText: 'Student Login' },
  { who: 'visitor', path: '/admin', expectText: 'Administrator Login' },
  { who: 'visitor', path: '/guardian-login', expectText: 'Parent or Guardian Login' },
  { who: 'visitor', path: '/forgot-password', expectText: 'Forgot your password?' },
  { who: 'student', path: '/dashboard', expectText: 'Welcome, Kezia' },
  { who: 'student', path: '/registration/student-data', expectText: 'Kezia Ramdial' },
  { who: 'student', path: '/registration/documents', expectText: 'Kezia Ramdial' },
  { who: 'student', path: '/term-reports', expectText: 'Term Reports' },
  { who: 'guardian', path: '/dashboard', expectText: 'Anya' },
  { who: 'admin', path: '/admin/dashboard', expectText: 'Administrator' },
];

const SIGN_IN: Record<'student' | 'guardian' | 'admin', [string, Record<string, string>]> = {
  student: ['/', { 'Student ID': '7301', Password: PASSWORD }],
  guardian: ['/guardian-login', { 'E-mail address': 'mum@example.com', Password: PASSWORD }],
  admin: ['/admin', { Username: 'office', Password: ADMIN_PASSWORD }],
};

for (const width of [360, 1366]) {
  for (const { who, path, expectText } of CASES) {
    it(`${who} ${path} at ${width} px: the server's HTML reads as the page does, which adopts it as it is`, async ({
      browser,
      app,
    }) => {
      const open = (javaScriptEnabled: boolean) =>
        browser.browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 800 }, javaScriptEnabled });
      const on = await open(true);
      const off = await open(false);
      try {
        if (who !== 'visitor') {
          const [from, fields] = SIGN_IN[who];
          await signedIn(on, from, fields);
          await off.addCookies(await on.cookies());
        }
        const still = await off.newPage();
        await still.goto(path);
        const server = (await still.evaluate(READ)) as Reading;
        expect(server.words.join(' ')).toContain(expectText);

        const page = await on.newPage();
        const said = complaints(page);
        // Every shift of the layout not caused by her (CLS) that moved an element the server drew: those present when
        // the document was parsed, before the client's code ran (boot.ts starts it after the first frame). What the
        // page draws later in the browser (the office's antd screens, a list once loaded) is the page's own.
        await page.addInitScript(`window.shifts = 0;
          const drawn = new WeakSet();
          document.addEventListener('DOMContentLoaded', () => {
            for (const el of document.querySelectorAll('#root *')) drawn.add(el);
          });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              if (!entry.hadRecentInput && entry.sources.some((source) => source.node && drawn.has(source.node)))
                window.shifts += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });`);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const client = (await page.evaluate(READ)) as Reading;
        expect(client.headings.slice(0, server.headings.length)).toEqual(server.headings);
        expect(client.landmarks).toEqual(expect.arrayContaining(server.landmarks));
        for (const word of server.words) expect(client.words).toContain(word);
        expect(said).toEqual([]);
        expect(await page.evaluate<number>('window.shifts')).toBe(0);
      } finally {
        await Promise.all([on.close(), off.close()]);
      }
    });
  }
}
