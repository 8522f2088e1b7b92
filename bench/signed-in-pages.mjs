// The signed-in pages' figures of the bench (docs/design.md §7): Lighthouse on the student pages and the admin
// dashboard, signed in, and the gzipped JavaScript a student page loads before it is usable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { pageLighthouse } from './lighthouse.mjs';

// A half-complete registration (seed-school: n % 10 in 6..8): every student page shows, with her answers.
export const BENCH_STUDENT = '20000006';
const SESSION_COOKIE = 'portal.sid';

/** Signs in through the API (as the sign-in page does) and returns the session cookie as a Cookie header. */
export async function signIn(origin, loginPath, body, address) {
  const csrf = await fetch(`${origin}/sanctum/csrf-cookie`);
  const cookies = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(csrf);
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(origin + loginPath, {
    method: 'POST',
    headers: {
      cookie: header(),
      'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      'content-type': 'application/json',
      'x-forwarded-for': address,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`bench sign-in at ${loginPath} failed: ${res.status}`);
  keep(res);
  if (!cookies.has(SESSION_COOKIE)) throw new Error(`no ${SESSION_COOKIE} cookie after signing in`);
  return `${SESSION_COOKIE}=${cookies.get(SESSION_COOKIE)}`;
}

/**
 * Opens `pagePath` signed in (a fresh browser, nothing cached) and sums the gzipped size of the JavaScript files
 * requested before the page is usable (`ready` resolves); sizes gzipped from dist/web.
 */
async function jsBeforeUsable(browser, origin, root, cookie, pagePath, ready) {
  const context = await browser.newContext();
  try {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    const seen = new Set();
    let usable = false;
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!usable && u.pathname.endsWith('.js')) seen.add(u.pathname);
    });
    await page.goto(origin + pagePath);
    await ready(page);
    usable = true;
    const gz = [...seen].reduce((a, f) => a + gzipSync(readFileSync(path.join(root, 'dist/web', f))).length, 0);
    return { bytes: gz, files: seen.size };
  } finally {
    await context.close();
  }
}

export async function benchSignedInPages({ origin, root, row }) {
  // Signed in just before measuring: the sessions' idle timeout does not end them meanwhile.
  const student = await signIn(
    origin,
    '/api/login-student',
    { student_id: BENCH_STUDENT, password: 'Bench-School-2026' },
    '10.8.0.1',
  );
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = [
      ['/registration/student-data', (p) => p.getByLabel('First Name').waitFor()],
      // The server's first view already has the heading and the cards: usable once the client has drawn them.
      ['/dashboard', (p) => p.locator('.student-layout .dashboard-card').first().waitFor()],
    ];
    for (const [pagePath, ready] of pages) {
      const js = await jsBeforeUsable(browser, origin, root, student, pagePath, ready);
      row(
        `Student page JS before usable (gzip), ${pagePath}`,
        `${(js.bytes / 1024).toFixed(1)} KB in ${js.files} files`,
        '',
        '<= 200 KB',
        js.bytes <= 200 * 1024,
      );
    }
  } finally {
    await browser.close();
  }
  const lighthouseRow = (pagePath, lh) =>
    row(
      `Lighthouse performance, ${pagePath} (signed in)`,
      String(lh.score),
      '',
      '>= 90, LCP <= 2 s',
      lh.score >= 90 && lh.lcpSeconds <= 2 && new URL(lh.finalUrl).pathname === pagePath,
      new URL(lh.finalUrl).pathname === pagePath ? lh.note : `redirected to ${lh.finalUrl}; ${lh.note}`,
    );
  for (const pagePath of ['/dashboard', '/registration/student-data', '/term-reports'])
    lighthouseRow(pagePath, await pageLighthouse(origin, pagePath, student));
  const admin = await signIn(
    origin,
    '/api/admin-login',
    { username: 'bench-admin', password: 'Bench-Admin-Pass-1' },
    '10.8.0.2',
  );
  lighthouseRow('/admin/dashboard', await pageLighthouse(origin, '/admin/dashboard', admin));
}
