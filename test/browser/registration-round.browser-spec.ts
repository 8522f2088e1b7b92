import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type RegistrationRound, ROUND_WORDS } from '../../shared/registration-round.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { screenshotPath } from '../fixtures/browser.js';
import { browserTest } from '../fixtures/browser-test.js';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import {
  createAdmin,
  createGuardian,
  createStudent,
  setRegistrationStatus,
  type TestApp,
} from '../fixtures/test-app.js';
import {
  axeViolations,
  chooseStep,
  clientView,
  documentSlot,
  expectPath,
  horizontalOverflow,
  pageLive,
  stepChooserOptions,
  stepDrawn,
} from './support.js';

// A school year's registration round, the family's side, on a 360 px phone: the office rolls the school over to the
// next year and opens registration; the mother of a returning daughter signs in and lands on her dashboard, whose
// first card says what is left to confirm; she confirms four steps with one tap each ("Still correct"), changes an
// allergy on the medical step, keeps last year's documents slot by slot, agrees to the terms on the Complete step,
// and the round and the dashboard say it is complete. Each screen fits the phone and passes axe.

const it = browserTest;

const PHONE = 360;
const ADMIN_PASSWORD = 'Office-Admin-Pass-1';
const MOTHER = 'rita.ramjit@example.org';
const MOTHER_PASSWORD = 'Mango-Season-2027';
const DAUGHTER = '20257101';
const DOCUMENTS = ['Birth Certificate', 'Immunization Card', 'SEA Slip', 'Picture'];

let t: TestApp;
let admin: ApiClient;
let year: number;

it.beforeAll(async ({ app }) => {
  t = app;
  mkdirSync('test-results', { recursive: true });
  await createAdmin(t, 'office', ADMIN_PASSWORD);
  // Last year's registration, complete: every step's answers, the terms agreed and the four documents.
  await createStudent(t, {
    id: DAUGHTER,
    first_name: 'Priya',
    last_name: 'Ramjit',
    class_id: '2A',
    extra: {
      birth_certificate_no: 'EBP7101',
      home_address: '4 Cedar Hill',
      address_line_2: 'Arima',
      place_of_birth: 'Trinidad',
      nationality: 'Trinidadian',
      living_status: 'Mother Only',
      mother_name: 'Rita Ramjit',
      mobile_phone_mother: '3005551',
      emergency_contact: 'Anil Ramjit',
      emergency_home_phone: '6225551',
      hepatitis: 1,
      polio: 1,
      allergy: 'Peanuts',
      device_type: 'Phone',
      agree_terms_conditions: 1,
    },
  });
  // The class she goes up to.
  await createStudent(t, { id: '20247102', first_name: 'Asha', last_name: 'Singh', class_id: '3A' });
  await createGuardian(t, { email: MOTHER, name: 'Rita Ramjit', password: MOTHER_PASSWORD, students: [DAUGHTER] });
  admin = await signedInAdmin(t, 'office', ADMIN_PASSWORD);
  for (const [type, name] of [
    ['birth_certificate', 'birth-certificate.pdf'],
    ['immunization_card', 'immunization-card.pdf'],
    ['sea_slip', 'sea-slip.pdf'],
  ])
    await admin.storeFile(DAUGHTER, type, [{ bytes: samplePdf(name), name }]).expect(200);
  await admin.storeFile(DAUGHTER, 'picture', [{ bytes: SAMPLE_JPEG, name: 'priya.jpg' }]).expect(200);

  // The office rolls the school over to the next year, then opens registration.
  year = ((await admin.get('/api/school-year').expect(200)).body as { year: number }).year;
  await admin.post('/api/rollover/preview', { to_year: year + 1 }).expect(200);
  await admin.post('/api/rollover', { to_year: year + 1 }).expect(200);
  year += 1;
  await setRegistrationStatus(t, 1);
});

async function round(): Promise<RegistrationRound> {
  return (await admin.get(`/api/registration-round/${DAUGHTER}`).expect(200)).body as RegistrationRound;
}

async function checkScreen(page: Page, name: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  await expect.poll(() => axeViolations(page), { message: name }).toEqual([]);
  await page.screenshot({ path: screenshotPath(`round-${name}-360`), fullPage: true });
}

const roundCard = (page: Page) => clientView(page).locator('.round-card');
const stillCorrect = (page: Page) => page.getByRole('button', { name: ROUND_WORDS.stillCorrect, exact: true });
/** The line under the stepper: the open step's state in this year's round ("Medical Data: Changed"). */
const stepState = (page: Page) => page.locator('.reg-round-state');

/** One tap on "Still correct", and the next step opens. */
async function confirmStep(page: Page, label: string, nextPath: string): Promise<void> {
  await expect.poll(() => stepState(page).textContent()).toBe(`${label}: ${ROUND_WORDS.states.to_confirm}`);
  await stillCorrect(page).click();
  await expectPath(page, nextPath);
  await stepDrawn(page);
}

describe('a returning family confirms last year’s registration', () => {
  it('lands on the dashboard after signing in with the round card drawn at once, nothing moving', async ({
    openPage,
  }) => {
    const page = await openPage({ width: PHONE, height: 740 });
    // Every shift of the layout not caused by her, from the sign-in page to her dashboard.
    await page.addInitScript(`window.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });`);
    await page.goto('/guardian-login');
    await pageLive(page);
    await page.getByLabel('E-mail address').fill(MOTHER);
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expectPath(page, '/dashboard');
    await expect
      .poll(() => roundCard(page).getByRole('heading').textContent())
      .toBe(`${schoolYearLabel(year)}: confirm 6 steps`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate<number>('window.shifts')).toBe(0);
  });

  it('signs in, confirms, changes an allergy, keeps the documents and agrees, at 360 px', async ({ openPage }) => {
    const page = await openPage({ width: PHONE, height: 740, bypassCSP: true });
    await page.goto('/guardian-login');
    await pageLive(page);
    await page.getByLabel('E-mail address').fill(MOTHER);
    await page.getByLabel('Password', { exact: true }).fill(MOTHER_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();

    // She lands on the dashboard, whose first card is this year's round.
    await expectPath(page, '/dashboard');
    const card = roundCard(page);
    await expect.poll(() => card.getByRole('heading').textContent()).toBe(`${schoolYearLabel(year)}: confirm 6 steps`);
    expect((await card.getByRole('listitem').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
      'Step 1: Student Data To confirm',
      'Step 2: Family Data To confirm',
      'Step 3: Medical Data To confirm',
      'Step 4: Other Data To confirm',
      'Step 5: Upload Documents To confirm',
      'Step 6: Complete To agree',
    ]);
    // It is the first card, above the term reports and the registration card.
    const firstCard = clientView(page).locator('.dashboard-cards > *').first();
    expect(await firstCard.getAttribute('class')).toContain('round-card');
    await checkScreen(page, 'dashboard');

    // Four steps confirmed with one tap each; each opens the next.
    await card.getByRole('link', { name: 'Confirm Step 1: Student Data' }).click();
    await expectPath(page, '/registration/student-data');
    await stepDrawn(page);
    await checkScreen(page, 'student-data');
    await confirmStep(page, 'Student Data', '/registration/family-data');
    await confirmStep(page, 'Family Data', '/registration/health-data');
    // On the medical step, still to confirm, she changes the allergy: the step says Changed, and the panel at its end
    // keeps its place (the buttons under her finger do not move) and offers the next step.
    const panel = page.locator('.round-still-correct');
    const bottom = () =>
      panel.evaluate((e) =>
        Math.round(e.getBoundingClientRect().bottom + (globalThis as unknown as { scrollY: number }).scrollY),
      );
    await panel.scrollIntoViewIfNeeded();
    const before = await bottom();
    const allergy = page.getByLabel('Allergies');
    await allergy.fill('Peanuts, penicillin');
    await allergy.blur();
    await expect.poll(() => stepState(page).textContent()).toBe(`Medical Data: ${ROUND_WORDS.states.changed}`);
    expect(await stillCorrect(page).count()).toBe(0);
    expect(await bottom()).toBe(before);
    await page.getByRole('button', { name: 'Next: Other Data' }).click();
    await expectPath(page, '/registration/other-data');
    await stepDrawn(page);
    await confirmStep(page, 'Other Data', '/registration/documents');
    expect((await round()).steps).toMatchObject({
      studentData: 'confirmed',
      familyData: 'confirmed',
      healthData: 'changed',
      otherData: 'confirmed',
    });

    // Back on the medical step, already changed: no Still correct is offered there.
    await chooseStep(page, 'Step 3 of 6');
    await expectPath(page, '/registration/health-data');
    await stepDrawn(page);
    expect(await stillCorrect(page).count()).toBe(0);
    await expect
      .poll(async () => (await stepChooserOptions(page)).slice(0, 4))
      .toEqual([
        'Step 1 of 6: Student Data (Confirmed)',
        'Step 2 of 6: Family Data (Confirmed)',
        'Step 3 of 6: Medical Data (Changed)',
        'Step 4 of 6: Other Data (Confirmed)',
      ]);
    expect((await round()).steps.healthData).toBe('changed');

    // Documents: each slot's file of last year is kept with one tap; the immunization card asks to be checked.
    await chooseStep(page, 'Step 5 of 6');
    await expectPath(page, '/registration/documents');
    await stepDrawn(page);
    const immunization = documentSlot(page, 'Immunization Card');
    await expect.poll(() => immunization.getByText(ROUND_WORDS.checkUpToDate).isVisible()).toBe(true);
    await checkScreen(page, 'documents');
    for (const label of DOCUMENTS) {
      const slot = documentSlot(page, label);
      await slot.getByRole('button', { name: `${ROUND_WORDS.keepFile}: ${label}` }).click();
      await expect.poll(() => slot.getByText("Last year's file kept").isVisible()).toBe(true);
    }
    await expect
      .poll(async () => (await round()).documents)
      .toEqual({
        birth_certificate: 'kept',
        immunization_card: 'kept',
        sea_slip: 'kept',
        picture: 'kept',
      });

    // On the Complete step only this year's agreement is left: its checklist says so (no list of other steps to
    // confirm, which would name this very step), then she agrees.
    await chooseStep(page, 'Step 6 of 6');
    await expectPath(page, '/registration/complete');
    await stepDrawn(page);
    const toConfirm = page.getByRole('list', { name: 'Steps still to confirm' });
    await expect
      .poll(() => clientView(page).getByText('Agreement to the terms and conditions').first().isVisible())
      .toBe(true);
    expect(await toConfirm.count()).toBe(0);
    await checkScreen(page, 'complete-before');
    await page.getByLabel('I agree to the terms and conditions').check();
    await expect.poll(() => stepState(page).textContent()).toBe(`Complete: ${ROUND_WORDS.states.agreed}`);
    await expect.poll(() => toConfirm.count()).toBe(0);
    await expect.poll(async () => (await round()).complete).toBe(true);
    await checkScreen(page, 'complete-after');

    // The dashboard no longer asks for anything: no round card, and her registration is complete.
    await page.goto('/dashboard');
    await expect
      .poll(() => clientView(page).getByRole('heading', { name: 'Edit/View Registration' }).isVisible())
      .toBe(true);
    await expect.poll(() => roundCard(page).count()).toBe(0);
    await checkScreen(page, 'dashboard-complete');
  });
});
