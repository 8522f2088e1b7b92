import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/sessions/session-cookie.js';
import { type DocumentFile, UPLOAD_MESSAGES } from '../../shared/documents.js';
import { waitPhrase } from '../../shared/waiting.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { browserTest } from '../fixtures/browser-test.js';
import { screenshotPath } from '../fixtures/browser.js';
import { SAMPLE_JPEG } from '../fixtures/files.js';
import { BLUE, photo } from '../fixtures/photos.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  clientView,
  documentSlot,
  expectPath,
  horizontalOverflow,
  openStepAs,
  sessionStorageLength,
  signInStudent,
  stepDrawn,
} from './support.js';

const it = browserTest;

// Nothing silently vanishes on a phone whose connection comes and goes (360 px): a chosen document is sent at once
// and leaving while it is on its way asks first; one chosen offline waits, says so and goes when the connection is
// back; signing out offline signs the device out at once and the server when it can be reached; a step's Next right
// after the connection dropped keeps her on her page.

const PASSWORD = 'Offline-Pass-1';

let t: TestApp;
let admin: ApiClient;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

let nextId = 9300;
async function newStudent(): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, { id, first_name: 'Nadia', last_name: 'Boodram', class_id: '2A', password: PASSWORD });
  return id;
}

async function filesOf(id: string): Promise<string[]> {
  return ((await admin.get(`/api/get-files/${id}`).expect(200)).body as DocumentFile[]).map((f) => f.type);
}

/** Whether the session of this cookie is still signed in, asked of the server without the browser's other cookies. */
async function sessionSignedIn(sid: string): Promise<boolean> {
  const res = await fetch(`${t.baseUrl}/api/session`, { headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
  return ((await res.json()) as { authenticated: boolean }).authenticated;
}

const PHONE = { width: 360, height: 740, bypassCSP: true };
const pageError = (page: Page) => page.getByText('This page could not be shown');

describe('a chosen document', () => {
  it('is sent as soon as it is chosen; leaving while it is sent asks first; Next and a reload keep it', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/documents');
    const birth = documentSlot(page, 'Birth Certificate');
    // The upload is held on its way, so that leaving meanwhile can be tried.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/store-file', async (route) => {
      await held;
      await route.continue();
    });
    await birth.locator('input[data-chooser=files]').setInputFiles({
      name: 'birth.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo({ width: 1600, height: 1200, colour: BLUE }),
    });
    await expect.poll(() => birth.getByRole('progressbar').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('offline-document-sending-360') });

    // Next step while it is on its way: she is asked, and staying keeps her here.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect.poll(() => asked).toEqual([UPLOAD_MESSAGES.leaving]);
    await expectPath(page, '/registration/documents');
    // A reload or a closed tab asks too (the browser's own question, on beforeunload).
    expect(
      await page.evaluate<boolean>(
        '(() => { const e = new Event("beforeunload", { cancelable: true }); dispatchEvent(e); ' +
          'return e.defaultPrevented; })()',
      ),
    ).toBe(true);

    release();
    const open = birth.getByRole('link', { name: 'Open Birth Certificate: Birth Certificate.pdf' });
    await expect.poll(() => open.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await filesOf(id)).toEqual(['birth_certificate']);
    expect(await birth.getByRole('progressbar').count()).toBe(0);

    // Next and back, then a reload: the document is the school's.
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/complete');
    expect(asked).toHaveLength(1); // nothing on its way any more: no question
    await page.getByRole('button', { name: 'Previous step' }).click();
    await expectPath(page, '/registration/documents');
    await expect.poll(() => open.isVisible()).toBe(true);
    await page.reload();
    await stepDrawn(page);
    await expect.poll(() => open.isVisible()).toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('chosen without a connection: it says it is waiting, and is sent when the connection is back', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/documents');
    const picture = documentSlot(page, 'Picture');
    await page.context().setOffline(true);
    await picture
      .locator('input[data-chooser=files]')
      .setInputFiles({ name: 'nadia.jpg', mimeType: 'image/jpeg', buffer: SAMPLE_JPEG });
    const waiting = picture.getByRole('status').filter({ hasText: UPLOAD_MESSAGES.waiting });
    await expect.poll(() => waiting.isVisible()).toBe(true);
    expect(await picture.getByRole('alert').count(), 'no failure is reported').toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('offline-document-waiting-360'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: screenshotPath('offline-document-waiting-1366'), fullPage: true });
    expect(await filesOf(id)).toEqual([]);

    await page.context().setOffline(false);
    await expect.poll(() => picture.getByRole('link', { name: 'Open Picture: nadia.jpg' }).isVisible()).toBe(true);
    expect(await waiting.count()).toBe(0);
    expect(await filesOf(id)).toEqual(['picture']);
  });

  it('three chosen without a connection: when it is back they go two at a time, all arrive, no failure', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/documents');
    // Counts the uploads the page has in flight at once; each is held a moment so that they overlap on the way.
    let inFlight = 0;
    let most = 0;
    await page.route('**/api/store-file', async (route) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The server answers here; the page hears it only after the count is down, so a next upload it starts then
      // is never counted beside this one.
      let response;
      try {
        response = await route.fetch();
      } finally {
        inFlight--;
      }
      await route.fulfill({ response });
    });
    const labels = ['Birth Certificate', 'Immunization Card', 'Picture'];
    await page.context().setOffline(true);
    for (const label of labels)
      await documentSlot(page, label)
        .locator('input[data-chooser=files]')
        .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: SAMPLE_JPEG });
    for (const label of labels)
      await expect
        .poll(() => documentSlot(page, label).getByRole('status').filter({ hasText: UPLOAD_MESSAGES.waiting }).count())
        .toBe(1);

    await page.context().setOffline(false);
    const turn = page.getByRole('status').filter({ hasText: UPLOAD_MESSAGES.waitingTurn });
    await expect.poll(() => turn.count()).toBe(1);
    await page.screenshot({ path: screenshotPath('offline-documents-turn-360'), fullPage: true });
    await expect
      .poll(async () => (await filesOf(id)).sort(), { timeout: 20_000 })
      .toEqual(['birth_certificate', 'immunization_card', 'picture']);
    await expect.poll(() => page.locator('.doc-slot [role=status]').count()).toBe(0);
    expect(await page.getByRole('alert').count(), 'no failure is reported').toBe(0);
    expect(await page.getByText(UPLOAD_MESSAGES.failed).count()).toBe(0);
    expect(most, 'uploads in flight at once').toBe(2);
  });

  it('the server still busy with two uploads of her account: it waits Retry-After and sends again by itself', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/documents');
    // The first try is answered as the server's gate answers a third upload in flight (another tab of hers).
    let tries = 0;
    await page.route('**/api/store-file', async (route) => {
      if (++tries > 1) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': '2' },
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 429, message: UPLOAD_MESSAGES.uploadInProgress(waitPhrase(2)) }),
      });
    });
    const picture = documentSlot(page, 'Picture');
    await picture
      .locator('input[data-chooser=files]')
      .setInputFiles({ name: 'nadia.jpg', mimeType: 'image/jpeg', buffer: SAMPLE_JPEG });
    await expect
      .poll(() => picture.getByRole('status').filter({ hasText: UPLOAD_MESSAGES.waitingTurn }).count())
      .toBe(1);
    expect(await picture.getByRole('alert').count(), 'no failure is reported').toBe(0);
    await expect.poll(() => picture.getByRole('link', { name: 'Open Picture: nadia.jpg' }).isVisible()).toBe(true);
    expect(tries).toBe(2);
    expect(await filesOf(id)).toEqual(['picture']);
  });
});

describe('signing out without a connection', () => {
  it('signs the device out at once; a new tab shows nobody; the server ends the session when reached', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openPage(PHONE);
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await expect
      .poll(() =>
        clientView(page)
          .getByRole('heading', { name: /^Welcome, Nadia/ })
          .isVisible(),
      )
      .toBe(true);
    const context = page.context();
    const sid = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!.value;

    await context.setOffline(true);
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await pageError(page).count()).toBe(0);
    expect(await page.getByText('Nadia').count()).toBe(0);
    expect(await sessionStorageLength(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('offline-signed-out-360') });
    // The server has not heard yet.
    expect(await sessionSignedIn(sid)).toBe(true);

    // Back online, the next person opens the portal in a new tab: nobody's record, not even in the server's first view.
    await page.close();
    await context.setOffline(false);
    const tab = await context.newPage();
    const first = await tab.goto('/dashboard');
    expect(await first!.text()).not.toContain('Nadia');
    await expectPath(tab, '/');
    await expect.poll(() => tab.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await tab.getByText('Nadia').count()).toBe(0);
    // The old cookie no longer signs anyone in.
    expect(await sessionSignedIn(sid)).toBe(false);
  });

  it('her other tabs leave her pages at once; the server is told as soon as the connection is back', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/student-data');
    const context = page.context();
    const sid = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!.value;
    // Her dashboard open in another tab of the same browser.
    const otherTab = await context.newPage();
    await otherTab.goto('/dashboard');
    await expect
      .poll(() =>
        clientView(otherTab)
          .getByRole('heading', { name: /^Welcome, Nadia/ })
          .isVisible(),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await sessionSignedIn(sid)).toBe(true);
    // The other tab leaves her pages at once, without a connection.
    await expectPath(otherTab, '/');
    await expect.poll(() => otherTab.getByText('Nadia').count()).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => sessionSignedIn(sid)).toBe(false);
    expect(await page.getByText('Nadia').count()).toBe(0);
  });
});

describe('Next step right after the connection dropped', () => {
  it('opens the next step, whose code came with this one; when it could not come she stays, and is told', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openStepAs(await openPage(PHONE), id, PASSWORD, '/registration/student-data');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectPath(page, '/registration/family-data');
    await expect
      .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Registration: Family Data' }).isVisible())
      .toBe(true);
    expect(await pageError(page).count()).toBe(0);
    await page.context().setOffline(false);

    // The next step's code did not come before the connection dropped (refused here): she stays where she is.
    const other = await openPage(PHONE);
    await other.route('**/assets/health-data-page-*.js', (route) => route.abort('internetdisconnected'));
    await openStepAs(other, id, PASSWORD, '/registration/family-data');
    await other.context().setOffline(true);
    await other.getByRole('button', { name: 'Next step' }).click();
    const notice = other.getByRole('alert').filter({ hasText: 'No connection: Medical Data could not be opened.' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expectPath(other, '/registration/family-data');
    expect(
      await clientView(other).getByRole('heading', { level: 1, name: 'Registration: Family Data' }).isVisible(),
    ).toBe(true);
    expect(await pageError(other).count()).toBe(0);
    expect(await axeViolations(other)).toEqual([]);
    await other.screenshot({ path: screenshotPath('offline-next-step-360') });
    await other.setViewportSize({ width: 1366, height: 768 });
    await other.screenshot({ path: screenshotPath('offline-next-step-1366') });
    expect(await axeViolations(other)).toEqual([]);

    // When the connection is back the step opens by itself.
    await other.unroute('**/assets/health-data-page-*.js');
    await other.context().setOffline(false);
    await expectPath(other, '/registration/health-data');
    await stepDrawn(other);
    expect(await notice.count()).toBe(0);
  });
});
