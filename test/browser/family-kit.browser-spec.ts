import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createGuardian, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  antdSigns,
  axeViolations,
  expectPath,
  focusIsOnDocument,
  hasFocusWithin,
  horizontalOverflow,
  pageLive,
  recordScripts,
  signInStudent,
} from './support.js';

const it = browserTest;

// docs/design.md §7: every page and dialog a student or parent sees is drawn with the light kit; antd draws only the
// office. A guard for the pages and dialogs outside the registration steps: a guardian's chooser, the PTA page, the
// page-not-found, a student's own account dialogs and the full-screen PDF viewer download no antd and draw none.

const PASSWORD = 'Nadia-Kit-Pass-1';
const GUARDIAN = 'rhea.kit@example.org';
const GUARDIAN_PASSWORD = 'Rhea-Kit-Pass-1';

/** Opens `path` in a page of its own (signed in: the same browser) and waits until `ready`. */
async function openFresh(page: Page, path: string, ready: (p: Page) => Locator) {
  const tab = await page.context().newPage();
  const recorded = recordScripts(tab);
  await tab.goto(path);
  await expect.poll(() => ready(tab).isVisible(), { message: path }).toBe(true);
  return { tab, ...recorded };
}

/** Tab a few times inside an open dialog: the focus never reaches the page behind it. */
async function expectFocusKeptIn(page: Page, dialog: Locator) {
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    if (!(await focusIsOnDocument(page))) expect(await hasFocusWithin(dialog), `Tab ${i + 1}`).toBe(true);
  }
}

describe("a family's pages and dialogs, drawn with the light kit", () => {
  let t: TestApp;

  it.beforeAll(async ({ app }) => {
    t = app;
    for (const [id, first] of [
      ['7101', 'Nadia'],
      ['7102', 'Leah'],
    ])
      await createStudent(t, { id, first_name: first, last_name: 'Kitson', class_id: '1A', password: PASSWORD });
    await createGuardian(t, {
      email: GUARDIAN,
      name: 'Rhea Kitson',
      password: GUARDIAN_PASSWORD,
      students: ['7101', '7102'],
    });
  });

  for (const width of [360, 1366]) {
    it(`a guardian's chooser, the PTA page and page-not-found load no antd at ${width} px`, async ({ openPage }) => {
      const guardian = await openPage({ width, height: 800, bypassCSP: true });
      await guardian.goto('/guardian-login');
      await pageLive(guardian);
      await guardian.getByLabel('E-mail address').fill(GUARDIAN);
      await guardian.getByLabel('Password', { exact: true }).fill(GUARDIAN_PASSWORD);
      await guardian.getByRole('button', { name: 'LOGIN' }).click();
      await expectPath(guardian, '/my-students');
      const student = await openPage({ width, height: 800, bypassCSP: true });
      await signInStudent(student, '7101', PASSWORD);
      await expectPath(student, '/dashboard');

      const pages: [Page, string, (p: Page) => Locator][] = [
        [guardian, '/my-students', (p) => p.getByRole('list', { name: 'Your daughters' }).getByRole('listitem').nth(1)],
        // No PTA form address in this school: the page says so.
        [student, '/pta', (p) => p.getByRole('heading', { level: 1, name: 'PTA Registration is not available' })],
        [student, '/no-such-page', (p) => p.getByRole('heading', { level: 1, name: 'Page not found' })],
      ];
      for (const [page, path, ready] of pages) {
        const { tab, scripts, settled } = await openFresh(page, path, ready);
        await tab.waitForLoadState('networkidle');
        await settled();
        expect(await antdSigns(tab, scripts), `${path} at ${width} px`).toEqual([]);
        expect((await horizontalOverflow(tab)).scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(width);
        expect(await axeViolations(tab), path).toEqual([]);
        await tab.screenshot({ path: screenshotPath(`family-kit-${path.slice(1)}-${width}`), fullPage: true });
        await tab.close();
      }
    });
  }

  it("a student's account dialogs and the PDF viewer load no antd; Escape closes each, the focus goes back", async ({
    openPage,
  }) => {
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(page, '7101', PASSWORD);
    await expectPath(page, '/dashboard');
    const avatar = (p: Page) => p.getByRole('banner').getByRole('button', { name: 'NK, Nadia Kitson' });
    // The account menu's first entry, Change Password, is a page of its own that may still be drawn with antd: the
    // menu brings its code (and antd's theme) as soon as the entry has the focus. So antd's theme is refused here,
    // and a dialog that needed it would not open.
    await page.context().route(/\/antd-theme-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    const { tab, settled } = await openFresh(page, '/dashboard', avatar);

    for (const entry of ['Invite a parent', 'Who can see my registration']) {
      await avatar(tab).click();
      await tab.getByRole('menu').getByRole('menuitem', { name: entry }).click();
      const dialog = tab.getByRole('dialog', { name: entry });
      await expect.poll(() => dialog.isVisible(), { message: entry }).toBe(true);
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      if (entry === 'Invite a parent')
        await expect
          .poll(() => hasFocusWithin(dialog.getByLabel("Your parent's e-mail address")), { message: 'focus' })
          .toBe(true);
      else await expect.poll(() => dialog.getByText('None.').isVisible()).toBe(true);
      await expectFocusKeptIn(tab, dialog);
      expect(await axeViolations(tab, '.pf-modal'), entry).toEqual([]);
      await tab.screenshot({ path: screenshotPath(`family-kit-${entry.replaceAll(' ', '-').toLowerCase()}-360`) });
      await tab.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible(), { message: `${entry} closes` }).toBe(false);
      await expect.poll(() => hasFocusWithin(avatar(tab)), { message: `${entry}: focus back` }).toBe(true);
    }

    await tab.goto('/registration/complete');
    const generate = tab.getByRole('button', { name: 'Generate Registration Form' });
    await expect.poll(() => generate.isVisible()).toBe(true);
    await generate.click();
    const viewer = tab.getByRole('dialog', { name: 'Registration Form' });
    await expect.poll(() => viewer.isVisible()).toBe(true);
    await expect.poll(() => viewer.locator('iframe[title="Registration Form"]').getAttribute('src')).toMatch(/^blob:/);
    for (const name of ['Open', 'Download']) expect(await viewer.getByRole('link', { name }).isVisible()).toBe(true);
    await tab.keyboard.press('Escape');
    await expect.poll(() => viewer.isVisible()).toBe(false);
    await expect.poll(() => hasFocusWithin(generate), { message: 'focus back on Generate' }).toBe(true);

    // Nothing on the page was drawn with antd (its style tags).
    expect(await antdSigns(tab, new Map())).toEqual([]);
    await tab.waitForLoadState('networkidle');
    await settled();
    await tab.close();
  });
});
