import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { createStudent, type TestApp } from '../fixtures/test-app.js';
import { antdSigns, axeViolations, expectPath, horizontalOverflow, recordScripts, signInStudent } from './support.js';

const it = browserTest;

// docs/design.md §7: the dashboard, the term reports and the six registration steps, the pages a student opens on a
// phone on mobile data, are drawn without antd. A regression guard: none downloads antd's code or draws antd's styles,
// and their own states (loading, error with a retry, empty) work without it.

describe('the dashboard, the term reports and the registration steps, drawn without antd', () => {
  let t: TestApp;

  it.beforeAll(async ({ app }) => {
    t = app;
    await createStudent(t, {
      id: '7001',
      first_name: 'Maya',
      last_name: 'Ramkissoon',
      class_id: '1A',
      password: 'Maya-Plain-Pass-1',
    });
  });

  for (const width of [360, 1366]) {
    it(`loads no antd on the dashboard, term reports and registration at ${width} px (a page each)`, async ({
      openPage,
    }) => {
      const page = await openPage({ width, height: 800 });
      await signInStudent(page, '7001', 'Maya-Plain-Pass-1');
      await expectPath(page, '/dashboard');

      const pages: [string, (p: Page) => Promise<boolean>][] = [
        ['/dashboard', (p) => p.getByRole('link', { name: /View Term Reports/ }).isVisible()],
        ['/term-reports', (p) => p.getByText('No term reports yet.').isVisible()],
      ];
      for (const [path, label] of [
        ['/registration/student-data', 'Student Data'],
        ['/registration/family-data', 'Family Data'],
        ['/registration/health-data', 'Medical Data'],
        ['/registration/other-data', 'Other Data'],
        ['/registration/documents', 'Upload Documents'],
        ['/registration/complete', 'Complete'],
      ])
        pages.push([path, (p) => p.getByRole('heading', { level: 1, name: `Registration: ${label}` }).isVisible()]);
      for (const [path, ready] of pages) {
        // Opened as she opens it from a bookmark: a page of its own (signed in: the same browser), loaded in full.
        const tab = await page.context().newPage();
        const { scripts, settled } = recordScripts(tab);
        await tab.goto(path);
        await expect.poll(() => ready(tab)).toBe(true);
        await tab.waitForLoadState('networkidle');
        await settled();
        expect(scripts.size, `${path} downloads its scripts`).toBeGreaterThan(0);
        expect(await antdSigns(tab, scripts), `${path} at ${width} px`).toEqual([]);
        expect((await horizontalOverflow(tab)).scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(width);
        await tab.screenshot({ path: screenshotPath(`plain-${path.slice(1)}-${width}`), fullPage: true });
        await tab.close();
      }
    });
  }

  it('term reports: a failed load says so with Try again, which loads them; no reports is said', async ({
    openPage,
  }) => {
    const page = await openPage({ width: 360, height: 740, bypassCSP: true });
    await signInStudent(page, '7001', 'Maya-Plain-Pass-1');
    await expectPath(page, '/dashboard');
    await page.route(
      '**/api/report-card-terms/**',
      (route) => route.fulfill({ status: 503, json: { statusCode: 503, message: 'The database is unavailable.' } }),
      { times: 3 }, // the first ask and the query's two retries (a server error may pass)
    );
    await page.getByRole('link', { name: /View Term Reports/ }).click();
    await expectPath(page, '/term-reports');
    const alert = page.getByRole('alert');
    // After the query's own two retries (a second and two).
    await expect.poll(() => alert.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await alert.textContent()).toBe('The term reports could not be loaded. The database is unavailable.');
    expect(await axeViolations(page), 'the error state').toEqual([]);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByText('No term reports yet.').isVisible()).toBe(true);
    expect(await alert.count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2, name: 'Select Term Report' }).isVisible()).toBe(true);
    expect(await axeViolations(page), 'the empty state').toEqual([]);
  });
});
