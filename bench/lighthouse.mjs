// The Lighthouse figures of the bench: the performance score of the sign-in page and of the signed-in pages
// (docs/design.md §7),
// with Lighthouse's default mobile settings (simulated slow 4G and a 4× slower CPU), in the system
// Chromium started by puppeteer-core. Lighthouse reaches it through its debugging port. One run
// varies by several points on a shared machine: the figure is the median of RUNS runs, as
// Lighthouse's own guidance on variability advises.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const RUNS = 3;

export async function signInLighthouse(origin) {
  return pageLighthouse(origin, '/');
}

/**
 * Lighthouse on `pagePath`, signed in when `cookie` is given: Lighthouse sends it as a Cookie header with every
 * request (its `extraHeaders` flag), so the page is measured as she sees it after signing in. Median of RUNS runs, with
 * its LCP in seconds.
 */
export async function pageLighthouse(origin, pagePath, cookie) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = (await import('puppeteer-core')).default;
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`],
  });
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    const runs = [];
    for (let n = 0; n < RUNS; n++) {
      const { lhr } = await lighthouse(`${origin}${pagePath}`, {
        port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      runs.push(lhr);
    }
    const score = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
    const median = runs.sort((a, b) => score(a) - score(b))[Math.floor(RUNS / 2)];
    const audit = (id) => median.audits[id]?.displayValue ?? 'n/a';
    return {
      score: score(median),
      lcpSeconds: (median.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
      finalUrl: median.finalDisplayedUrl ?? median.finalUrl,
      lhr: median,
      note:
        `median of ${RUNS} (${runs.map(score).join(', ')}): FCP ${audit('first-contentful-paint')}, ` +
        `LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ` +
        `${audit('cumulative-layout-shift')}, usable (TTI) ${audit('interactive')}`,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
