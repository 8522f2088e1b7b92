import { SharedCache } from '../../server/cache/shared-cache.js';
import { mkdirSync } from 'node:fs';
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  chooseOption,
  expectPath,
  fieldItem,
  horizontalOverflow,
  openStepAs,
  pageLive,
} from './support.js';

// A one-minute idle limit, so that the warning and the end of a session happen within the test.
const it = browserTest.override('serverEnv', { SESSION_IDLE_MINUTES: '1' });

// Nothing a parent types is lost, on a 360 px phone: a save made offline is shown as not saved and sent
// when the connection is back, even after a reload in between; an answer saved meanwhile on another
// device is never overwritten without her choice; an ended session is picked up again in place.

const PHONE = 360;
const PASSWORD = 'Nothing-Lost-Pass-1';

let t: TestApp;
let b: TestBrowser;

it.beforeAll(async ({ app, browser }) => {
  t = app;
  b = browser;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
});

let nextId = 8100;
async function newStudent(): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, { id, first_name: 'Zara', last_name: 'Persad', class_id: '1A', password: PASSWORD });
  return id;
}

/** The record as stored (read from the database: an API session would itself go idle in these tests). */
async function record(id: string): Promise<Record<string, unknown>> {
  const [row] = (await t.ds.query('SELECT * FROM students WHERE id = ?', [id])) as Record<string, unknown>[];
  return row;
}

async function openAs(id: string, page?: Page, path = '/registration/student-data'): Promise<Page> {
  page ??= await newPage(b, t.baseUrl, PHONE, 780);
  return openStepAs(page, id, PASSWORD, path);
}

async function type(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
}

const NOT_SAVED = 'Not saved yet — will retry';

describe('a save that cannot be sent is kept and sent later', () => {
  it('offline: shown as not saved in words, sent when the connection is back', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    await page.context().setOffline(true);
    await type(page.getByLabel('Nationality'), 'Trinidadian');
    const item = fieldItem(page, 'Nationality');
    await expect.poll(() => item.getByText(NOT_SAVED).isVisible()).toBe(true);
    expect(await item.getByRole('img', { name: NOT_SAVED }).isVisible()).toBe(true);
    await item.screenshot({ path: screenshotPath('nothing-lost-offline-field') });
    const notice = page.getByRole('status').filter({ hasText: '1 answer is not saved yet' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('nothing-lost-offline-phone') });
    expect((await record(id)).nationality).toBeNull();

    await page.context().setOffline(false);
    await expect.poll(async () => (await record(id)).nationality).toBe('Trinidadian');
    await expect.poll(() => item.getByRole('img', { name: 'Saved' }).isVisible()).toBe(true);
    expect(await item.getByText(NOT_SAVED).count()).toBe(0);
    await expect.poll(() => notice.count()).toBe(0);
    await page.context().close();
  });

  it('a reload in between: leaving asks first, the value is still shown after it and sent once reachable', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    await page.context().setOffline(true);
    // A tap first: browsers ask before leaving only a page the person has interacted with.
    await page.getByLabel('Previous School').click();
    await type(page.getByLabel('Previous School'), 'Arima Girls RC');
    await expect.poll(() => fieldItem(page, 'Previous School').getByText(NOT_SAVED).isVisible()).toBe(true);

    // Back online, but the server cannot be reached (a dead wifi, a proxy): the reload goes ahead anyway.
    await page.route('**/api/student', (route) => route.abort('connectionrefused'));
    await page.context().setOffline(false);
    const dialogs: string[] = [];
    const accept = (d: Dialog) => {
      dialogs.push(d.type());
      void d.accept();
    };
    page.on('dialog', accept);
    // As her browser's reload button does (a reload driven from outside the page skips the question).
    await page.evaluate('location.reload()');
    await page.waitForEvent('load');
    page.off('dialog', accept);
    expect(dialogs).toEqual(['beforeunload']);

    await expect.poll(() => page.getByLabel('Previous School').inputValue()).toBe('Arima Girls RC');
    await expect.poll(() => fieldItem(page, 'Previous School').getByText(NOT_SAVED).isVisible()).toBe(true);
    expect((await record(id)).previous_school).toBeNull();

    await page.unroute('**/api/student');
    await expect.poll(async () => (await record(id)).previous_school, { timeout: 30_000 }).toBe('Arima Girls RC');
    await expect.poll(() => fieldItem(page, 'Previous School').getByText(NOT_SAVED).count()).toBe(0);
    await page.context().close();
  });

  it('a server error is retried by itself, and the field says so in words meanwhile', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    let failures = 2;
    await page.route('**/api/student', (route) => {
      if (failures-- > 0)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 503, message: 'The database is not reachable.' }),
        });
      return route.continue();
    });
    await type(page.getByLabel('Country of Birth'), 'Trinidad and Tobago');
    await expect.poll(() => fieldItem(page, 'Country of Birth').getByText(NOT_SAVED).isVisible()).toBe(true);
    await expect.poll(async () => (await record(id)).place_of_birth, { timeout: 30_000 }).toBe('Trinidad and Tobago');
    await expect
      .poll(() => fieldItem(page, 'Country of Birth').getByRole('img', { name: 'Saved' }).isVisible())
      .toBe(true);
    await page.context().close();
  });
});

describe('what stays on the device', () => {
  it('signing out with answers not saved asks first, and then removes them from the device', async () => {
    const id = await newStudent();
    const page = await openAs(id);
    await page.context().setOffline(true);
    await type(page.getByLabel('Nationality'), 'Vincentian');
    await expect.poll(() => fieldItem(page, 'Nationality').getByText(NOT_SAVED).isVisible()).toBe(true);
    const unsentKeys = () =>
      page.evaluate<number>("Object.keys(localStorage).filter((k) => k.startsWith('portal.unsent.')).length");
    expect(await unsentKeys()).toBe(1);

    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss(); // she stays
    });
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expect
      .poll(() => messages)
      .toEqual(['1 answer is not saved yet. If you sign out now, it is removed from this device. Sign out anyway?']);
    await expectPath(page, '/registration/student-data');
    expect(await unsentKeys()).toBe(1);

    page.once('dialog', (d) => void d.accept());
    await page.context().setOffline(false);
    await page.route('**/api/student', (route) => route.abort('connectionrefused'));
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/');
    expect(await unsentKeys()).toBe(0);
    await page.context().close();
  });

  it("signing out in one tab counts her other tabs' unsent answers too: they leave her pages with it", async () => {
    const id = await newStudent();
    const page = await openAs(id);
    const other = await page.context().newPage();
    await other.goto('/registration/student-data');
    await expect.poll(() => other.getByLabel('Nationality').isVisible()).toBe(true);
    await page.context().setOffline(true);
    await type(other.getByLabel('Nationality'), 'Vincentian');
    await expect.poll(() => fieldItem(other, 'Nationality').getByText(NOT_SAVED).isVisible()).toBe(true);

    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss(); // she stays, in both tabs
    });
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expect
      .poll(() => messages)
      .toEqual(['1 answer is not saved yet. If you sign out now, it is removed from this device. Sign out anyway?']);
    await expectPath(other, '/registration/student-data');
    expect(await fieldItem(other, 'Nationality').getByText(NOT_SAVED).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a second sitting days later starts a fresh idle count: no sign-in dialog after signing in', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openPage({ width: PHONE, height: 780 });
    await page.goto('/');
    await page.evaluate(`localStorage.setItem('portal.last-activity', String(Date.now() - 3 * 24 * 3600 * 1000))`);
    await openAs(id, page);
    await type(page.getByLabel('Nationality'), 'Jamaican');
    await expect.poll(async () => (await record(id)).nationality).toBe('Jamaican');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('two devices', () => {
  it('a stale save is answered 409 and she chooses: keep mine, or use the saved one', async ({ openPage }) => {
    const id = await newStudent();
    const phone = await openAs(id);
    const laptop = await openAs(id, await openPage({ width: 1366, height: 800 }));

    // The laptop saves first; the phone, still showing the empty field, saves something else.
    await type(laptop.getByLabel('Other Name'), 'Grace');
    await expect.poll(async () => (await record(id)).middle_name).toBe('Grace');
    await type(phone.getByLabel('Other Name'), 'Gail');
    const item = fieldItem(phone, 'Other Name');
    const choice = item.getByRole('group', { name: 'Changed on another device' });
    await expect.poll(() => choice.isVisible()).toBe(true);
    expect(await choice.textContent()).toContain('Saved there: “Grace”. Yours: “Gail”.');
    expect((await record(id)).middle_name).toBe('Grace');
    await item.screenshot({ path: screenshotPath('nothing-lost-conflict-phone') });

    expect(await horizontalOverflow(phone)).toMatchObject({ scrollWidth: PHONE });

    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await record(id)).middle_name).toBe('Gail');
    await expect.poll(() => choice.count()).toBe(0);

    // Now the laptop is behind: its change meets the phone's, and it takes the saved one.
    await type(laptop.getByLabel('Other Name'), 'Gwen');
    const laptopChoice = fieldItem(laptop, 'Other Name').getByRole('group', { name: 'Changed on another device' });
    await expect.poll(() => laptopChoice.isVisible()).toBe(true);
    await laptopChoice.getByRole('button', { name: 'Use the saved one' }).click();
    await expect.poll(() => laptop.getByLabel('Other Name').inputValue()).toBe('Gail');
    expect((await record(id)).middle_name).toBe('Gail');

    // Different fields on the two devices: both kept, as before.
    await type(laptop.getByLabel('Nationality'), 'Trinidadian');
    await type(phone.getByLabel('Country of Birth'), 'Grenada');
    await expect
      .poll(async () => await record(id))
      .toMatchObject({ nationality: 'Trinidadian', place_of_birth: 'Grenada' });
    await phone.context().close();
  });

  it('the conflict choice passes axe on a phone', async ({ openPage }) => {
    const id = await newStudent();
    const page = await openPage({ width: PHONE, height: 780, bypassCSP: true });
    await openAs(id, page);
    await t.ds.query('UPDATE students SET sea_no = ? WHERE id = ?', ['12345', id]); // saved on another device
    await type(page.getByLabel('SEA Number'), '54321');
    await expect
      .poll(() => fieldItem(page, 'SEA Number').getByRole('group', { name: 'Changed on another device' }).isVisible())
      .toBe(true);
    // From the top of the page: scrolled, the sticky top bar covers part of a field, which axe counts as a small
    // target.
    await page.evaluate('window.scrollTo(0, 0)');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('an ended session', () => {
  it('warns before the idle limit, and "Stay signed in" keeps the session', async ({ openPage }) => {
    const id = await newStudent();
    const page = await openAs(id, await openPage({ width: PHONE, height: 780, bypassCSP: true }));
    // One-minute idle limit: the warning comes half-way.
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect.poll(() => warning.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await warning.textContent()).toMatch(/You will be signed out in \d+ seconds/);
    await page.screenshot({ path: screenshotPath('nothing-lost-idle-warning-phone') });
    expect(await axeViolations(page)).toEqual([]);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    // The session is alive: a save goes straight through.
    await type(page.getByLabel('Nationality'), 'Grenadian');
    await expect.poll(async () => (await record(id)).nationality).toBe('Grenadian');
  }, 120_000);

  it('ended under the form: she signs in again in a dialog on the same page, and what she typed is saved', async ({
    openPage,
  }) => {
    const id = await newStudent();
    const page = await openAs(
      id,
      await openPage({ width: PHONE, height: 780, bypassCSP: true }),
      '/registration/family-data',
    );
    // The server ends every session (as the idle limit would between two of her requests).
    await t.ds.query('DELETE FROM sessions');
    // Behind the service's back: its memory of sessions is told, as an ended session would be (server/cache).
    t.app.get(SharedCache).forgetAll();
    await chooseOption(page.getByLabel('The student lives with'), 'Guardian');
    const dialog = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('1 answer not saved yet is kept on this device');
    await page.screenshot({ path: screenshotPath('nothing-lost-sign-in-again-phone') });
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: PHONE });

    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/credentials do not match/);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectPath(page, '/registration/family-data');
    await expect.poll(async () => (await record(id)).living_status).toBe('Guardian');
    // The page carries on under the new session.
    await type(page.getByLabel('Name'), 'Aunt Ruth');
    await expect.poll(async () => (await record(id)).guardian_name).toBe('Aunt Ruth');
  });

  it('past the idle limit the sign-in dialog comes by itself; after a reload she signs in on her page', async () => {
    const id = await newStudent();
    const page = await openAs(id, undefined, '/registration/other-data');
    const dialog = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => dialog.isVisible(), { timeout: 90_000, interval: 1000 }).toBe(true);
    expect(await dialog.getByLabel('Student ID').inputValue()).toBe(id);
    // The server agrees it was the idle time (the page asks it before saying so).
    expect(await dialog.textContent()).toContain('You were signed out after 1 minute without activity');

    await page.reload();
    await expectPath(page, '/');
    await page.getByLabel('Student ID').fill(id);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/registration/other-data');
    await page.context().close();
  }, 150_000);
});

describe('the terms she agrees to', () => {
  it('a tick under terms replaced meanwhile is refused, unticked, new text shown; ticking again agrees', async () => {
    const id = await newStudent();
    const page = await openAs(id, undefined, '/registration/complete');
    const tick = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    await expect.poll(() => tick.isVisible()).toBe(true);
    // The office publishes new terms while her page shows the old ones.
    await t.ds.query('INSERT INTO terms_versions (text, created_at, created_by) VALUES (?, ?, ?)', [
      'Rule one: be on time.\n\nRule two: be kind.',
      new Date().toISOString(),
      'admin:office',
    ]);
    await tick.click();
    const item = page.locator('.plain-field').filter({ has: tick });
    await expect
      .poll(() =>
        item.getByText(/Not saved: The school has changed its terms and conditions since you opened them/).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => tick.isChecked()).toBe(false);
    await expect.poll(() => page.getByText('Rule two: be kind.').isVisible()).toBe(true);
    expect((await record(id)).agree_terms_conditions).toBe(0);

    await tick.click();
    await expect.poll(async () => (await record(id)).agree_terms_conditions).toBe(1);
    const [{ latest }] = (await t.ds.query('SELECT MAX(id) AS latest FROM terms_versions')) as { latest: number }[];
    expect(Number((await record(id)).terms_version)).toBe(Number(latest));
    await page.context().close();
  });
});

describe('where a sign-in lands', () => {
  it('a signed-in administrator who opens / or /admin lands on /admin/dashboard', async ({ openPage }) => {
    const page = await openPage({ width: 1366, height: 800 });
    await page.goto('/admin');
    await pageLive(page);
    await page.getByLabel('Username').fill('office');
    await page.getByLabel('Password', { exact: true }).fill('Office-Admin-Pass-1');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/admin/dashboard');
    for (const path of ['/', '/admin']) {
      await page.goto(path);
      await expectPath(page, '/admin/dashboard');
    }
  });
});
