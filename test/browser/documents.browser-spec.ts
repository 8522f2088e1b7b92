import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserTest } from '../fixtures/browser-test.js';
import type { DocumentFile, DocumentVersion } from '../../shared/documents.js';
import { type ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { newPage, screenshotPath, type TestBrowser } from '../fixtures/browser.js';
import sharp from 'sharp';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { BLUE, CAMERA_SECRETS, GREEN, pdfInfo, pdfText, photo } from '../fixtures/photos.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import {
  axeViolations,
  clientView,
  expectPath,
  horizontalOverflow,
  newAxePage,
  signInAdmin,
  signInStudent,
} from './support.js';

const it = browserTest;

// The Upload Documents step and the registration form as a student (or parent) uses them: a PDF and a
// JPEG uploaded with a progress bar, the refusals, a failed upload, a resubmission, opening a file,
// and 'Generate Registration Form' in the full-screen viewer; the step on a 360 px phone, where a
// parent photographs the pages of a document and the picture.

const PASSWORD = 'Documents-Pass-1';
const DIR = path.resolve('test-results');

let t: TestApp;
let b: TestBrowser;
let admin: ApiClient;

it.beforeAll(async ({ app, browser }) => {
  t = app;
  b = browser;
  mkdirSync(DIR, { recursive: true });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

let nextId = 7100;
async function newStudent(): Promise<string> {
  const id = String(nextId++);
  await createStudent(t, {
    id,
    first_name: 'Keisha',
    last_name: 'Ramsaran',
    class_id: '1B',
    password: PASSWORD,
    extra: { home_address: '<script>alert(1)</script>' },
  });
  return id;
}

async function openDocuments(id: string, width = 1280, axe = false): Promise<Page> {
  const page = axe ? await newAxePage(b, t.baseUrl, width, 900) : await newPage(b, t.baseUrl, width, 900);
  await signInStudent(page, id, PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto('/registration/documents');
  await expect
    .poll(() => clientView(page).getByRole('heading', { level: 1, name: 'Registration: Upload Documents' }).isVisible())
    .toBe(true);
  return page;
}

/** A document slot by its heading. */
function slot(page: Page, label: string): Locator {
  return page
    .locator('[data-document-type]')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${label} \\(`) }) });
}

function file(name: string, mimeType: string, buffer: Buffer) {
  return { name, mimeType, buffer };
}

/** Chooses a file in a slot (the hidden input behind 'Choose …'): it is sent at once. */
async function uploadIn(s: Locator, f: ReturnType<typeof file>): Promise<void> {
  await s.locator('input[data-chooser=files]').setInputFiles(f);
  await expect.poll(() => s.getByText(f.name, { exact: false }).first().isVisible()).toBe(true);
}

/** Removes every chosen file of a slot (a refused upload keeps them, so a retry needs no new choice). */
async function clearChosen(s: Locator): Promise<void> {
  const remove = s.getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) await remove.first().click();
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
  it('uploads a PDF and a JPEG with progress, refuses wrong files, resubmits, opens a file and the form', async () => {
    const id = await newStudent();
    const page = await openDocuments(id);
    for (const label of [
      'Birth Certificate',
      'Immunization Card',
      'COVID-19 Immunization Card',
      'SEA Slip',
      'Picture',
    ]) {
      // The step's heading is drawn while the form still waits for its lists (registration-form.tsx): the slots after.
      await expect.poll(() => slot(page, label).isVisible(), { message: label }).toBe(true);
    }
    expect(await slot(page, 'Immigration Permit').count()).toBe(0);
    const birth = slot(page, 'Birth Certificate');

    // Nothing is sent before a file is chosen, and then at once. A Word file (caught by the page; photos are taken
    // now); text renamed .pdf (refused by the server).
    expect(await birth.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    await birth
      .locator('input[data-chooser=files]')
      .setInputFiles(
        file(
          'letter.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          Buffer.from('PK'),
        ),
      );
    await expect
      .poll(() => birth.getByRole('alert').textContent())
      .toBe('Please choose a PDF or a photo (JPG, PNG or WebP).letter.docx');
    await uploadIn(birth, file('birth.pdf', 'application/pdf', Buffer.from('not really a PDF')));
    await expect
      .poll(() => birth.getByRole('alert').textContent())
      .toBe('Could not upload the file!Please choose a PDF or a photo (JPG, PNG or WebP).');
    expect(await birth.getByRole('progressbar').count(), 'the progress resets').toBe(0);
    await clearChosen(birth);

    // The network fails mid-upload: the message of docs/product.md §8, the progress resets, the chosen file stays
    // for a retry.
    await page.route('**/api/store-file', (route) => route.abort('failed'));
    await uploadIn(birth, file('birth.pdf', 'application/pdf', samplePdf('Birth certificate')));
    await expect.poll(() => birth.getByRole('alert').textContent()).toBe('Could not upload the file!');
    expect(await birth.getByRole('progressbar').count()).toBe(0);
    expect(await birth.getByRole('button', { name: 'Remove page 1, birth.pdf' }).isVisible()).toBe(true);
    await page.unroute('**/api/store-file');
    expect(await filesOf(id)).toEqual([]);
    await clearChosen(birth);

    // A real PDF over a slowed network, so the bar is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const bigPdf = Buffer.concat([samplePdf('Birth certificate of Keisha'), Buffer.alloc(900 * 1024, 0x20)]);
    await uploadIn(birth, file('Birth Certificate Keisha.pdf', 'application/pdf', bigPdf));
    const seen = await watchProgress(birth);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const openBirth = birth.getByRole('link', { name: /Open Birth Certificate: Birth Certificate Keisha\.pdf/ });
    await expect.poll(() => openBirth.isVisible()).toBe(true);
    expect(await birth.getByRole('alert').count()).toBe(0);

    // The picture (JPEG).
    const picture = slot(page, 'Picture');
    await uploadIn(picture, file('keisha.jpg', 'image/jpeg', SAMPLE_JPEG));
    await expect.poll(() => picture.getByRole('link', { name: /Open Picture: keisha\.jpg/ }).isVisible()).toBe(true);
    expect((await filesOf(id)).map((f) => [f.type, f.name])).toEqual([
      ['birth_certificate', 'Birth Certificate Keisha.pdf'],
      ['picture', 'keisha.jpg'],
    ]);
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
    // stored without scripts and metadata (docs/product.md §5): the same page, not the same bytes
    expect(pdfText(await served.body())).toContain('Birth certificate of Keisha');

    // Resubmit: the new file replaces the shown one; the school keeps both.
    await birth.getByRole('button', { name: 'Resubmit File' }).click();
    expect(await openBirth.count()).toBe(0);
    await uploadIn(birth, file('birth-certified-copy.pdf', 'application/pdf', samplePdf('Certified copy')));
    await expect
      .poll(() => birth.getByRole('link', { name: /Open Birth Certificate: birth-certified-copy\.pdf/ }).isVisible())
      .toBe(true);
    const versions = (await admin.get(`/api/file-versions/${id}`).expect(200)).body as DocumentVersion[];
    expect(versions.filter((v) => v.type === 'birth_certificate').map((v) => v.name)).toEqual([
      'birth-certified-copy.pdf',
      'Birth Certificate Keisha.pdf',
    ]);

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
    for (const expected of [
      'Keisha Ramsaran',
      `Student ID ${id}`,
      '<script>alert(1)</script>',
      'birth-certified-copy.pdf',
      'keisha.jpg',
    ])
      expect(text).toContain(expected);

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
    await viewer.locator('.pf-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => viewer.isVisible()).toBe(false);
    await page.context().close();
  });

  it('on a phone: two photos become a two-page birth certificate, a PNG a JPEG; too big is not sent', async () => {
    const id = await newStudent();
    const context = await b.browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/store-file')) uploads.push(r.url());
    });
    await signInStudent(page, id, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/registration/documents');
    const birth = slot(page, 'Birth Certificate');
    await expect.poll(() => birth.getByRole('button', { name: 'Take Photo' }).isVisible()).toBe(true);
    // The camera straight away, or the picker (gallery, camera, files) for a PDF or several photos.
    expect(await birth.locator('input[data-chooser=camera]').getAttribute('capture')).toBe('environment');
    const chooser = birth.locator('input[data-chooser=files]');
    expect(await chooser.getAttribute('accept')).toBe(
      '.pdf,application/pdf,.jpg,.jpeg,image/jpeg,.png,image/png,.webp,image/webp',
    );
    expect(await chooser.getAttribute('multiple')).not.toBeNull();

    // A 6 MB scan over the 5 MB limit: refused on the phone, with the limit, and nothing is sent.
    const sea = slot(page, 'SEA Slip');
    const bigScan = Buffer.concat([samplePdf('SEA slip scan'), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    await sea.locator('input[data-chooser=files]').setInputFiles(file('SEA slip scan.pdf', 'application/pdf', bigScan));
    await expect
      .poll(() => sea.getByRole('alert').textContent())
      .toBe('The file is too large. The largest file accepted is 5 MB.SEA slip scan.pdf is 6.0 MB.');

    // The front with the camera: a 12-megapixel photo of 6 MB, taken with the phone turned (EXIF
    // orientation 6). The phone makes it smaller and upright, and sends it at once. The back from the gallery is
    // added to it: the document goes again, with both pages.
    const front = await photo({ width: 4000, height: 3000, colour: BLUE, orientation: 6, grain: true });
    expect(front.length).toBeGreaterThan(5 * 1024 * 1024);
    await birth.locator('input[data-chooser=camera]').setInputFiles(file('image.jpg', 'image/jpeg', front));
    await expect
      .poll(() => birth.getByText(/made smaller from 5\.\d MB|made smaller from 6\.\d MB/).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const openBirth = birth.getByRole('link', { name: 'Open Birth Certificate: Birth Certificate.pdf' });
    await expect.poll(() => openBirth.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(uploads).toHaveLength(1);
    await chooser.setInputFiles(
      file('back.png', 'image/png', await photo({ width: 800, height: 600, colour: GREEN, format: 'png' })),
    );
    await expect.poll(() => uploads.length).toBe(2);
    await expect.poll(() => birth.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0);
    expect(await birth.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^image\.jpg \(\d+ KB, made smaller/),
      expect.stringMatching(/^back\.png \(\d+ KB\)/),
    ]);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('documents-phone-two-photos-360'), fullPage: true });
    await expect.poll(() => openBirth.isVisible()).toBe(true);
    const pdf = await (await page.request.get((await openBirth.getAttribute('href'))!)).body();
    const info = pdfInfo(pdf);
    expect(info.fields.Pages).toBe('2');
    expect(info.pageSizes, 'the front upright (portrait), the back landscape').toEqual(['612x792', '792x612']);
    const version = ((await admin.get(`/api/file-versions/${id}`).expect(200)).body as DocumentVersion[]).find(
      (v) => v.type === 'birth_certificate',
    )!;
    expect(version.sources!.map((f) => [f.name, f.kind])).toEqual([
      ['image.jpg', 'jpeg'],
      ['back.png', 'png'],
    ]);
    expect(version.sources![0].size, 'the photo went up small').toBeLessThan(1024 * 1024);

    // The picture as a PNG: stored as a JPEG without the camera's details.
    const picture = slot(page, 'Picture');
    await picture
      .locator('input[data-chooser=files]')
      .setInputFiles(
        file('keisha.png', 'image/png', await photo({ width: 300, height: 400, colour: GREEN, format: 'png' })),
      );
    const openPicture = picture.getByRole('link', { name: 'Open Picture: keisha.jpg' });
    await expect.poll(() => openPicture.isVisible()).toBe(true);
    const served = await page.request.get((await openPicture.getAttribute('href'))!);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    const jpeg = await served.body();
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 300, 400, undefined]);
    for (const secret of CAMERA_SECRETS) expect(jpeg.toString('latin1')).not.toContain(secret);

    expect(
      (await filesOf(id)).map((f) => f.type),
      'the SEA slip was never sent',
    ).toEqual(['birth_certificate', 'picture']);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('documents-phone-uploaded-360'), fullPage: true });
    await context.close();
  });

  it('past 30 uploads in 10 minutes the phone says so, and the office sees the storage used', async () => {
    const id = await newStudent();
    const other = await signedInStudent(t, id, PASSWORD); // her account on another device
    for (let n = 1; n <= 30; n++)
      await other.agent
        .post('/api/store-file')
        .set('X-XSRF-TOKEN', other.xsrfToken())
        .field('id', id)
        .field('file_type', 'picture')
        .attach('file', SAMPLE_JPEG, `me-${n}.jpg`)
        .expect(200);
    const page = await openDocuments(id, 360);
    const picture = slot(page, 'Picture');
    await picture.getByRole('button', { name: 'Resubmit File' }).click();
    await uploadIn(picture, file('me.jpg', 'image/jpeg', SAMPLE_JPEG));
    await expect
      .poll(() => picture.getByRole('alert').textContent())
      .toBe(
        'Could not upload the file!Too many uploads: at most 30 uploads are taken in 10 minutes. Please try ' +
          'again in 10 minutes.',
      );
    await page.context().close();

    const office = await newPage(b, t.baseUrl, 1280, 900);
    await signInAdmin(office, 'office', 'Office-Admin-Pass-1');
    await office.goto(`/admin/students/${id}/registration/documents`);
    await expect
      .poll(() =>
        clientView(office)
          .getByText(/^Stored for this student, every version included: /)
          .textContent(),
      )
      .toBe(
        `Stored for this student, every version included: ${Math.ceil((30 * SAMPLE_JPEG.length) / 1024)} KB of 200 MB.`,
      );
    await office.context().close();
  });

  it('fits a 360 px phone and passes the accessibility checks', async () => {
    const id = await newStudent();
    await admin.agent
      .post('/api/store-file')
      .set('X-XSRF-TOKEN', admin.xsrfToken())
      .field('id', id)
      .field('file_type', 'sea_slip')
      .attach('file', samplePdf('SEA'), 'A very long file name of a scanned SEA slip from the printer.pdf')
      .expect(200);
    const page = await openDocuments(id, 360, true);
    await expect
      .poll(() => slot(page, 'SEA Slip').getByRole('button', { name: 'Resubmit File' }).isVisible())
      .toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('documents-360'), fullPage: true });
    await page.context().close();
  });
});
