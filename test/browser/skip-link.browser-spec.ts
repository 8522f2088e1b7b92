import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, focusedLabel, hasFocusWithin, openStepAs, signInAdmin, stepDrawn } from './support.js';

// A long school name: on a phone the sticky top bar takes two or three lines, the worst case for what it covers.
const it = browserTest.override('serverEnv', {
  SCHOOL_NAME: "Saint Catherine's Girls' Anglican High School of Port of Spain",
});

// A keyboard's way past the top bar and the menu (the skip link, first Tab stop of every signed-in page), and the
// step buttons on a scrolled phone page: never under the sticky bar, and big enough for a thumb.

const PASSWORD = 'Skip-Link-Pass-1';
let t: TestApp;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createStudent(t, { id: '9501', first_name: 'Maya', last_name: 'Ali', class_id: '3B', password: PASSWORD });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
});

const main = (page: Page) => page.locator('#main-content');

/** The first Tab of the page lands on the skip link, shown on the screen; Enter takes the focus into the page. */
async function skipsToMain(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  await page.reload(); // arriving on the page: no focus yet
  await ready();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect.poll(() => focusedLabel(page)).toContain('Skip to main content');
  const box = (await skip.boundingBox())!;
  expect(box.y, 'shown when focused').toBeGreaterThanOrEqual(0);
  expect(box.height).toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: screenshotPath(`skip-link-${name}`) });
  await page.keyboard.press('Enter');
  await expect.poll(() => hasFocusWithin(main(page))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await hasFocusWithin(main(page)), 'the next Tab stop is in the page, past the bar and the menu').toBe(true);
}

/** Whether the middle of `target` is the target itself, not something drawn over it (the sticky bar). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = (
      globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }
    ).document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el === hit || el.contains(hit as typeof el);
  });
}

describe('skip to main content', () => {
  it('is the first Tab stop of a student page and of the admin frame (1366 px)', async ({ openPage }) => {
    const page = await openStepAs(
      await openPage({ width: 1366, height: 768, bypassCSP: true }),
      '9501',
      PASSWORD,
      '/registration/student-data',
    );
    await skipsToMain(page, 'student-1366', () => stepDrawn(page));
    expect(await axeViolations(page)).toEqual([]);

    const office = await openPage({ width: 1366, height: 768 });
    await signInAdmin(office, 'office', 'Office-Admin-Pass-1');
    const table = () => expect.poll(() => office.getByRole('table').first().isVisible()).toBe(true);
    await table();
    await skipsToMain(office, 'admin-1366', table);
  });
});

describe('the step buttons on a phone', () => {
  it('are 44 px at least, and a scrolled page brings them into view below the sticky bar', async ({ openPage }) => {
    const page = await openStepAs(
      await openPage({ width: 360, height: 740, bypassCSP: true }),
      '9501',
      PASSWORD,
      '/registration/student-data',
    );
    const previous = page.getByRole('button', { name: 'Previous step' });
    const next = page.getByRole('button', { name: 'Next step' });
    const footer = page.locator('.reg-step-footer').getByRole('button');
    for (const button of [previous, next, footer.first(), footer.last()]) {
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height), (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
    // Shift+Tab back to the step buttons from further down a scrolled page: the browser scrolls the button just into
    // view, which puts it at the top edge, below the sticky bar only with the page's scroll padding.
    const missing = main(page).getByRole('link').first(); // the first of 'Still needed', just after Next step
    await missing.evaluate((el) => (el as unknown as { focus(o: object): void }).focus({ preventScroll: true }));
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedLabel(page)).toContain('Next step');
    expect(await uncovered(next), 'not under the top bar').toBe(true);
    // Scrolled to from further down (a fragment link, a script's scroll to the top of the buttons): below the bar.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await next.evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
    expect(await uncovered(next), 'scrolled to: not under the top bar').toBe(true);
    expect(await uncovered(previous)).toBe(true);
    await page.screenshot({ path: screenshotPath('step-buttons-scrolled-360') });
    expect(await axeViolations(page)).toEqual([]);
  });
});
