import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { TestBrowser } from '../fixtures/browser.js';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export { launchBrowser } from '../fixtures/browser.js';

/**
 * A page for axe-core: its script is injected from outside, which the portal's strict CSP
 * (script-src 'self') rightly refuses, so this context alone bypasses CSP.
 */
export async function newAxePage(b: TestBrowser, baseUrl: string, width: number, height = 800): Promise<Page> {
  const context = await b.browser.newContext({ baseURL: baseUrl, viewport: { width, height }, bypassCSP: true });
  return context.newPage();
}

/** The WCAG 2.2 AA rule set the portal is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns its violations, summarised so a failure message is readable.
 * `within` (a CSS selector) checks only an open menu or drawer: the page under it is covered, which
 * axe's target-size rule would count against the covered controls.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate<AxeViolation[], { tags: string[]; within?: string }>(
    async ({ tags, within }) => {
      const axe = (
        globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const context = within ? { include: [within] } : (globalThis as unknown as { document: unknown }).document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: AXE_TAGS, within },
  );
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** How wide the document is, against the viewport: wider means the page scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  );
}

export function sessionStorageLength(page: Page): Promise<number> {
  return page.evaluate<number>('sessionStorage.length');
}

/** Signs a student in through the login form (the way a person does). */
export async function signInStudent(page: Page, studentId: string, password: string): Promise<void> {
  await page.goto('/');
  await pageLive(page);
  await page.getByLabel('Student ID').fill(studentId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Signs an administrator in through the office's login form, and waits for her dashboard. */
export async function signInAdmin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin');
  await pageLive(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectPath(page, '/admin/dashboard');
}

/** Collects every JavaScript file the page downloads, with its gzipped size. */
export function recordScripts(page: Page): {
  scripts: Map<string, { gzip: number; text: string }>;
  settled: () => Promise<void>;
} {
  const scripts = new Map<string, { gzip: number; text: string }>();
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().endsWith('.js')) return;
    pending.push(
      res.body().then(
        (body) => {
          scripts.set(new URL(res.url()).pathname, {
            gzip: gzipSync(body, { level: 9 }).length,
            text: body.toString('utf8'),
          });
        },
        // A download still under way when the test closed its page, or left it for another, is no longer the test's.
        (error: unknown) => {
          if (!page.isClosed() && !/has been closed|unavailable/i.test(String(error))) throw error;
        },
      ),
    );
  });
  return { scripts, settled: async () => void (await Promise.all(pending)) };
}

/**
 * Waits until the client has adopted the server's page (main.tsx marks the document). The sign-in helpers type only
 * then: typing before the code arrives is a journey of its own (sign-in-before-script.browser-spec.ts), and on a
 * loaded machine the other journeys would otherwise type while the page is being adopted.
 */
export async function pageLive(page: Page): Promise<void> {
  await page.locator('html[data-client]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** Waits for the address's path; a sign-in's answer waits on bcrypt, which a loaded machine makes slow. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(path);
}

// The functions below run inside the page, where the DOM exists; the project's type library has none
// (the server's code must not see DOM types), so they reach it through an untyped `globalThis`.
/* eslint-disable @typescript-eslint/no-explicit-any -- in-page code: no DOM types in this project (see above) */

/**
 * Presses Tab (or Shift+Tab) until `target`, or something inside it, has the keyboard focus, as a
 * person without a mouse does. Fails when it cannot be reached in `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<number> {
  await target.waitFor({ state: 'visible' });
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocusWithin(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * Walks the page with Tab from its start and returns a description of every visible, enabled control
 * inside `scope` that never received the focus (an empty list: all of them are reachable by keyboard).
 */
export async function unreachableByTab(page: Page, scope: Locator): Promise<string[]> {
  const count = await scope.evaluate((root: any) => {
    const g = globalThis as any;
    const controls = [
      ...root.querySelectorAll(
        'input:not([type=hidden]):not([type=file]), textarea, select, button, a[href], [role=switch], ' +
          '[role=checkbox], [role=combobox], [role=button], [role=tab]',
      ),
    ].filter(
      (el: any) =>
        !el.disabled &&
        el.getClientRects().length > 0 &&
        !el.closest('[aria-hidden="true"], [inert]') &&
        g.getComputedStyle(el).visibility !== 'hidden',
    );
    controls.forEach((el: any, i: number) => el.setAttribute('data-kb', String(i)));
    g.document.activeElement?.blur?.();
    return controls.length;
  });
  const reached = new Set<string>();
  for (let i = 0; i < count * 2 + 20 && reached.size < count; i++) {
    await page.keyboard.press('Tab');
    const kb = await page.evaluate(
      () => (globalThis as any).document.activeElement?.closest('[data-kb]')?.getAttribute('data-kb') ?? null,
    );
    if (kb !== null) reached.add(kb);
  }
  return scope.evaluate(
    (root: any, seen: string[]) =>
      [...root.querySelectorAll('[data-kb]')]
        .filter((el: any) => !seen.includes(el.getAttribute('data-kb')))
        .map((el: any) => {
          const label =
            el.getAttribute('aria-label') ??
            (el.id ? (globalThis as any).document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
          const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '';
          return `${el.tagName.toLowerCase()}${role} "${String(label ?? el.textContent ?? '')
            .trim()
            .slice(0, 40)}"`;
        }),
    [...reached],
  );
}

/** Whether the keyboard focus is inside `scope`. */
export function hasFocusWithin(scope: Locator): Promise<boolean> {
  return scope.evaluate((el: any) => el.contains((globalThis as any).document.activeElement));
}

/** Whether the focus rests on the document itself (between the last control and the browser's own). */
export function focusIsOnDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as any).document.activeElement === (globalThis as any).document.body);
}

/** The element that has the keyboard focus, described for a failure message. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = (globalThis as any).document.activeElement;
    if (!el) return '(nothing)';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.id ?? ''} ${String(el.textContent ?? '')
      .trim()
      .slice(0, 40)}`;
  });
}

/**
 * The form item (label, field, hint and error) of the field labelled `label`. Look for a field's error
 * in here: the same words are also in the page's hidden live region that announces errors.
 */
export function fieldItem(page: Page, label: string): Locator {
  // antd's form items, and the sign-in pages' fields drawn without antd (web/src/components/plain-controls.tsx).
  return page.locator('.ant-form-item, .plain-field').filter({ has: page.getByLabel(label, { exact: true }) });
}

/**
 * The computed text size of every visible text box of the page (inputs, password boxes, selects'
 * search boxes, date pickers, autocompletes, text areas): iOS Safari zooms into any below 16 px.
 */
export function inputFontSizes(page: Page): Promise<{ field: string; px: number }[]> {
  return page.evaluate(() => {
    const g = globalThis as any;
    return [
      ...g.document.querySelectorAll(
        'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea, select',
      ),
    ]
      .filter(
        (el: any) =>
          el.getClientRects().length > 0 &&
          g.getComputedStyle(el).visibility !== 'hidden' &&
          !el.closest('[aria-hidden="true"]'),
      )
      .map((el: any) => ({ field: el.id || el.name || el.className, px: parseFloat(g.getComputedStyle(el).fontSize) }));
  });
}

/**
 * Every visible control whose tap target is smaller than 24 × 24 px (WCAG 2.2 target size), measured
 * as a finger meets it: a tick by its label (text included), a link in a menu by its menu row, a
 * select's or date picker's box rather than the text box inside it.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const g = globalThis as any;
    const selector =
      'a[href], button, input:not([type=hidden]), [role=switch], [role=checkbox], [role=button], ' +
      '[role=menuitem], [role=tab]';
    const seen = new Set<any>();
    const small: string[] = [];
    for (const el of g.document.querySelectorAll(selector)) {
      const wrapper =
        el.tagName === 'INPUT'
          ? '.ant-checkbox-wrapper, .ant-select, .ant-picker, .rf-check'
          : el.tagName === 'A'
            ? '[role=menuitem]'
            : null;
      const target = (wrapper && el.closest(wrapper)) || el;
      if (seen.has(target)) continue;
      seen.add(target);
      const style = g.getComputedStyle(target);
      const r = target.getBoundingClientRect();
      if (
        r.width === 0 ||
        r.height === 0 ||
        style.visibility === 'hidden' ||
        style.pointerEvents === 'none' ||
        target.closest('[aria-hidden="true"]')
      )
        continue;
      if (r.width < 24 || r.height < 24) {
        const name = target.getAttribute('aria-label') ?? target.textContent ?? '';
        small.push(
          `${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]} ` +
            `"${name.trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return small;
  });
}

/** Chooses the option of a native select whose words start with `text`, as a person picks it from the list. */
export async function chooseOption(field: Locator, text: string): Promise<void> {
  await field.waitFor();
  const label = await field
    .locator('option')
    .evaluateAll(
      (options, start) => options.map((o) => (o.textContent ?? '').trim()).find((l) => l.startsWith(start)),
      text,
    );
  if (!label) throw new Error(`No option starting with "${text}"`);
  await field.selectOption({ label });
}

/** The words of the option a native select shows. */
export function chosenOption(field: Locator): Promise<string> {
  return field.evaluate((select) => (select as any).selectedOptions[0]?.textContent?.trim() ?? '');
}

/**
 * Types a date (YYYY-MM-DD) into the focused native date box by keys, in the order the browser's language writes a
 * date (month first in en-US): the box moves from part to part as each is typed.
 */
export async function typeDate(page: Page, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat((globalThis as any).navigator.language)
      .formatToParts(new Date(2013, 1, 14))
      .map((part) => part.type)
      .filter((type) => type === 'day' || type === 'month' || type === 'year'),
  );
  for (const part of order) await page.keyboard.type(part === 'year' ? year : part === 'month' ? month : day);
}

/** The phone's step chooser (the registration form's native select, 'Registration step'). */
export function stepChooser(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Registration step' });
}

/** The step chooser's options, as the phone's list shows them ("Step 2 of 6: Family Data (done)"). */
export async function stepChooserOptions(page: Page): Promise<string[]> {
  return stepChooser(page)
    .locator('option')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

/** Chooses the step whose option starts with `prefix` in the step chooser, as she picks it in the phone's list. */
export async function chooseStep(page: Page, prefix: string): Promise<void> {
  await chooseOption(stepChooser(page), prefix);
}

/**
 * The page once the client has adopted it: nothing while only the server's HTML is on screen (the same components
 * draw a student page's heading, her name and her dashboard's cards before the client's code has arrived, but nothing
 * answers a press yet). A test that waits for a heading to know the page is ready looks for it here.
 */
export const clientView = (page: Page) => page.locator('html[data-client] #root');

/**
 * Signs her in, then opens a registration step as a bookmark would (the server's first view, then the page): ready
 * once the client has drawn the step.
 */
export async function openStepAs(page: Page, studentId: string, password: string, path: string): Promise<Page> {
  await signInStudent(page, studentId, password);
  await expectPath(page, '/dashboard');
  await page.goto(path);
  await stepDrawn(page);
  return page;
}

/** A document slot of the Upload Documents step, by its heading ('Birth Certificate'). */
export function documentSlot(page: Page, label: string): Locator {
  return page
    .locator('[data-document-type]')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${label} \\(`) }) });
}

/** Waits until the client has drawn a registration step (not only the server's first view of its heading). */
export async function stepDrawn(page: Page, message?: string): Promise<void> {
  const heading = clientView(page).getByRole('heading', { level: 1, name: /^Registration:/ });
  const loading = page.getByText('Loading the registration form…');
  await expect.poll(async () => (await heading.isVisible()) && (await loading.count()) === 0, { message }).toBe(true);
}

/**
 * What shows that antd came with the page: antd's theme chunk (components/antd-theme.tsx), a script with antd's
 * CSS-in-JS code (its style tags' attributes), or such a style tag in the document.
 */
export async function antdSigns(page: Page, scripts: Map<string, { text: string }>): Promise<string[]> {
  const signs: string[] = [];
  for (const [path, { text }] of scripts) {
    if (/\/antd-theme-[\w-]+\.js$/.test(path)) signs.push(`antd's theme chunk ${path}`);
    else if (text.includes('data-css-hash') || text.includes('data-token-hash'))
      signs.push(`antd's CSS-in-JS in ${path}`);
  }
  const styles = await page.evaluate<number>(
    "document.querySelectorAll('style[data-css-hash], style[data-token-hash], style[data-rc-order]').length",
  );
  if (styles > 0) signs.push(`${styles} antd style tags in the document`);
  return signs;
}
