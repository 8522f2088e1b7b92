import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile, DocumentVersion } from '../../shared/documents.js';
import { type ApiClient, signedInAdmin } from '../fixtures/api-client.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, expectPath, horizontalOverflow, launchBrowser, newAxePage, pollPatiently, signInStudent } from './support.js';

// The Upload Documents step and the registration form as a student (or parent) uses them: a PDF and a
// JPEG uploaded with a progress bar, the refusals, a failed upload, a resubmission, opening a file,
// and 'Generate Registration Form' in the full-screen viewer; the step on a 360 px phone.

const PASSWORD = 'Documents-Pass-1';
const DIR = path.resolve('test-results');

let t: TestApp;
let b: TestBrowser;
let admin: ApiClient;

beforeAll(async () => {
  pollPatiently();
  t = await startTestApp({ listen: true });
  b = await launchBrowser();
  mkdirSync(DIR, { recursive: true });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

let nextId = 7100;
async function newStudent(): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, { id, first_name: 'Keisha', last_name: 'Ramsaran', class_id: '1B', password: PASSWORD, extra: { home_address: '<script>alert(1)</script>' } });
  return id;
}

async function openDocuments(id: string, width = 1280, axe = false): Promise<Page> {
  const page = axe ? await newAxePage(b, t.baseUrl, width, 900) : await newPage(b, t.baseUrl, width, 900);
  await signInStudent(page, id, PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto('/registration/documents');
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Registration: Upload Documents' }).isVisible()).toBe(true);
  return page;
}

/** A document slot by its heading. */
function slot(page: Page, label: string): Locator {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: new RegExp(`^${label} \\(`) }) });
}

function file(name: string, mimeType: string, buffer: Buffer) {
  return { name, mimeType, buffer };
}

/** Chooses a file in a slot (the hidden input behind 'Choose … File') and presses Upload. */
async function uploadIn(s: Locator, f: ReturnType<typeof file>): Promise<void> {
  await s.locator('input[type=file]').setInputFiles(f);
  await expect.poll(() => s.getByText(f.name, { exact: false }).first().isVisible()).toBe(true);
  await s.getByRole('button', { name: 'Upload' }).click();
}

/** The percentages the slot's progress bar shows until it goes away. */
async function watchProgress(s: Locator): Promise<number[]> {
  const seen: number[] = [];
  const bar = s.getByRole('progressbar');
  await expect.poll(() => bar.count()).toBe(1);
  while ((await bar.count()) > 0) {
    const value = await bar.getAttribute('aria-valuenow').catch(() => null);
    if (value !== null && seen.at(-1) !== Number(value)) seen.push(Number(value));
    await new Promise((r) => setTimeout(r, 25));
  }
  return seen;
}

async function filesOf(id: string): Promise<DocumentFile[]> {
  return (await admin.get(`/api/get-files/${id}`).expect(200)).body;
}

describe('Upload Documents', () => {
  it('uploads a PDF and a JPEG with progress, refuses wrong files, resubmits, opens a file and the registration form', async () => {
    const id = await newStudent();
    const page = await openDocuments(id);
    for (const label of ['Birth Certificate', 'Immunization Card', 'COVID-19 Immunization Card', 'SEA Slip', 'Picture']) {
      expect(await slot(page, label).isVisible(), label).toBe(true);
    }
    expect(await slot(page, 'Immigration Permit').count()).toBe(0);
    const birth = slot(page, 'Birth Certificate');

    // No file chosen; a photo in a PDF slot (caught by the page); a photo renamed .pdf (refused by the server).
    await birth.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => birth.getByRole('alert').textContent()).toBe('Please select a file!');
    await uploadIn(birth, file('photo.jpg', 'image/jpeg', SAMPLE_JPEG));
    await expect.poll(() => birth.getByRole('alert').textContent()).toBe('Please upload PDF File.');
    await uploadIn(birth, file('birth.pdf', 'application/pdf', SAMPLE_JPEG));
    await expect.poll(() => birth.getByRole('alert').textContent()).toBe('Could not upload the file!Please upload PDF File.');
    expect(await birth.getByRole('progressbar').count(), 'the progress resets').toBe(0);

    // The network fails mid-upload: the spec's message, the progress resets.
    await page.route('**/api/store-file', (route) => route.abort('failed'));
    await uploadIn(birth, file('birth.pdf', 'application/pdf', samplePdf('Birth certificate')));
    await expect.poll(() => birth.getByRole('alert').textContent()).toBe('Could not upload the file!');
    expect(await birth.getByRole('progressbar').count()).toBe(0);
    await page.unroute('**/api/store-file');
    expect(await filesOf(id)).toEqual([]);

    // A real PDF over a slowed network, so the bar is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const bigPdf = Buffer.concat([samplePdf('Birth certificate of Keisha'), Buffer.alloc(900 * 1024, 0x20)]);
    await uploadIn(birth, file('Birth Certificate Keisha.pdf', 'application/pdf', bigPdf));
    const seen = await watchProgress(birth);
    expect(seen.some((v) => v > 0 && v < 100), `progress seen: ${seen.join(', ')}`).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const openBirth = birth.getByRole('link', { name: /Open Birth Certificate: Birth Certificate Keisha\.pdf/ });
    await expect.poll(() => openBirth.isVisible()).toBe(true);
    expect(await birth.getByRole('alert').count()).toBe(0);

    // The picture (JPEG).
    const picture = slot(page, 'Picture');
    await uploadIn(picture, file('keisha.jpg', 'image/jpeg', SAMPLE_JPEG));
    await expect.poll(() => picture.getByRole('link', { name: /Open Picture: keisha\.jpg/ }).isVisible()).toBe(true);
    expect((await filesOf(id)).map((f) => [f.type, f.name])).toEqual([['birth_certificate', 'Birth Certificate Keisha.pdf'], ['picture', 'keisha.jpg']]);
    await page.screenshot({ path: screenshotPath('documents-uploaded-1280'), fullPage: true });

    // The file button opens the file in a new tab, from the authorised download route.
    const href = (await openBirth.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/files\/\d+$/);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), openBirth.click()]);
    await expect.poll(() => tab.url()).toBe(`${t.baseUrl}${href}`);
    await tab.close();
    const served = await page.request.get(href);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect((await served.body()).equals(bigPdf)).toBe(true);

    // Resubmit: the new file replaces the shown one; the school keeps both.
    await birth.getByRole('button', { name: 'Resubmit File' }).click();
    expect(await openBirth.count()).toBe(0);
    await uploadIn(birth, file('birth-certified-copy.pdf', 'application/pdf', samplePdf('Certified copy')));
    await expect.poll(() => birth.getByRole('link', { name: /Open Birth Certificate: birth-certified-copy\.pdf/ }).isVisible()).toBe(true);
    const versions = (await admin.get(`/api/file-versions/${id}`).expect(200)).body as DocumentVersion[];
    expect(versions.filter((v) => v.type === 'birth_certificate').map((v) => v.name)).toEqual(['birth-certified-copy.pdf', 'Birth Certificate Keisha.pdf']);

    // Complete: 'Generate Registration Form' opens the form full screen; it is Legal paper and shows her record.
    await page.getByRole('navigation', { name: 'Registration steps' }).getByText('Complete', { exact: true }).click();
    await expectPath(page, '/registration/complete');
    const [formResponse] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/registration-form/${id}`)),
      page.getByRole('button', { name: 'Generate Registration Form' }).click(),
    ]);
    expect(formResponse.status()).toBe(200);
    expect(formResponse.headers()['content-type']).toBe('application/pdf');
    const pdfFile = path.join(DIR, 'documents-journey-registration-form.pdf');
    // The same document as the viewer got (the server serves the unchanged record's form from its cache).
    const again = await page.request.get(`/api/registration-form/${id}`);
    writeFileSync(pdfFile, await again.body());
    expect(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 1008 pts/);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    for (const expected of ['Keisha Ramsaran', `Student ID ${id}`, '<script>alert(1)</script>', 'birth-certified-copy.pdf', 'keisha.jpg']) expect(text).toContain(expected);

    const viewer = page.getByRole('dialog', { name: 'Registration Form' });
    await expect.poll(() => viewer.isVisible()).toBe(true);
    const frame = viewer.locator('iframe[title="Registration Form"]');
    await expect.poll(() => frame.isVisible()).toBe(true);
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    const box = await frame.boundingBox();
    expect(box!.width).toBeGreaterThan(1000);
    expect(box!.height).toBeGreaterThan(600);
    await page.waitForTimeout(1500); // let the browser's PDF viewer paint before the screenshot
    await page.screenshot({ path: screenshotPath('documents-registration-form-viewer') });
    await viewer.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => viewer.isVisible()).toBe(false);
    await page.context().close();
  });

  it('fits a 360 px phone and passes the accessibility checks', async () => {
    const id = await newStudent();
    await admin.agent.post('/api/store-file').set('X-XSRF-TOKEN', admin.xsrfToken()).field('id', id).field('file_type', 'sea_slip')
      .attach('file', samplePdf('SEA'), 'A very long file name of a scanned SEA slip from the printer.pdf').expect(200);
    const page = await openDocuments(id, 360, true);
    await expect.poll(() => slot(page, 'SEA Slip').getByRole('button', { name: 'Resubmit File' }).isVisible()).toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('documents-360'), fullPage: true });
    await page.context().close();
  });
});
