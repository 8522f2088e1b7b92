import { request as httpRequest, type IncomingMessage } from 'node:http';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { type FileStorageUse, UPLOAD_MESSAGES } from '../../shared/documents.js';
import { StudentFile } from '../../server/files/entities/student-file.entity.js';
import { PdfRenderer } from '../../server/pdf/pdf-renderer.js';
import { ApiClient, expectStatus, expectWaitStated, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { PDF_SECRETS, SAMPLE_JPEG, samplePdf, scriptedPdf } from '../fixtures/files.js';
import { encryptedPdf, pdfImageSizes, pdfInfo, pdfText, photo, pngBomb, RED } from '../fixtures/photos.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Upload resources: what one account's uploads may cost the server (memory, disk, the PDF
// renderer) and what a stored PDF may still carry (docs/product.md §5 Uploads).

let t: TestApp;
let admin: ApiClient;
const PASSWORD = 'Upload-Res-Pass-1';
const signIn = (id: string) => signedInStudent(t, id, PASSWORD);

function storedCount(): number {
  try {
    return readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

const BOUNDARY = 'upload-resources-boundary';
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';

/**
 * A chunked multipart upload (no declared size) whose body is never finished: `head` is sent, and the answer
 * awaited while the request stays open. `answer` is null when none came within `waitMs`.
 */
function openUpload(c: ApiClient, head: string, firstBytes: Buffer, waitMs = 15_000) {
  const req = httpRequest(`${t.baseUrl}/api/store-file`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Transfer-Encoding': 'chunked',
      Cookie: c.cookieHeader(),
      'X-XSRF-TOKEN': c.xsrfToken(),
    },
  });
  req.on('error', () => undefined); // the server may close the connection after answering
  const answer = new Promise<{ status: number; body: { message: string }; headers: IncomingMessage['headers'] } | null>(
    (resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode!,
            body: JSON.parse(Buffer.concat(chunks).toString()) as { message: string },
            headers: res.headers,
          });
        });
      });
    },
  );
  req.write(head);
  req.write(firstBytes);
  return { answer, req, finish: (rest: string) => req.end(rest) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1', UPLOAD_BUDGET_MB: '10' }, listen: true });
  for (const id of ['R100', 'R200', 'R300', 'R400', 'R500', 'R600', 'R700'])
    await createStudent(t, { id, first_name: `Student ${id}`, password: PASSWORD });
  await createAdmin(t, 'resources-admin', 'Resources-Admin-Pass-1');
  admin = await signedInAdmin(t, 'resources-admin', 'Resources-Admin-Pass-1');
});
afterAll(() => t.close());

describe('pixel bombs', () => {
  it('a 97 KB PNG of 10,000 × 10,000 pixels is refused before it is decoded (422 saying the limit)', async () => {
    const c = await signIn('R100');
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = storedCount();
    const res = await expectStatus(c.storeFile('R100', 'picture', [{ bytes: bomb, name: 'bomb.png' }]), 422);
    expect(res.body.message).toBe(
      'The photo is too large to read (more than 70 megapixels). Please send a smaller copy.',
    );
    expect(storedCount()).toBe(before);
  });

  it('a picture under the pixel limit is stored at most 2,000 px on its longer side, a JPEG too', async () => {
    const c = await signIn('R100');
    await expectStatus(c.storeFile('R100', 'picture', [{ bytes: pngBomb(8000, 8000), name: 'big.png' }]), 200);
    let stored = await sharp(await c.currentFile('R100', 'picture')).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 2000, 2000]);

    const wide = await photo({ width: 3000, height: 1500, colour: RED });
    await expectStatus(c.storeFile('R100', 'picture', [{ bytes: wide, name: 'wide.jpg' }]), 200);
    stored = await sharp(await c.currentFile('R100', 'picture')).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([2000, 1000, undefined]);
  });

  it('a picture stored oversized before the limit is shrunk before the form embeds it', async () => {
    const c = await signIn('R200');
    await expectStatus(c.storeFile('R200', 'picture', [{ bytes: SAMPLE_JPEG, name: 'me.jpg' }]), 200);
    const row = await t.ds.getRepository(StudentFile).findOneByOrFail({ student_id: 'R200', file_type: 'picture' });
    const huge = await sharp({
      create: { width: 9000, height: 9000, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(t.config.uploadsDir, row.stored_name), huge); // as the old code stored it

    const form = await expectStatus(c.download('/api/registration-form/R200'), 200);
    const sizes = pdfImageSizes(form.body as Buffer);
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) for (const side of size.split('x').map(Number)) expect(side).toBeLessThanOrEqual(2000);
  });

  it("one student's form asked for again and again takes one render: another's is served meanwhile", async () => {
    const [slow, other] = [await signIn('R300'), await signIn('R400')];
    const renderer = t.app.get(PdfRenderer);
    const real = renderer.render.bind(renderer);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rendered: string[] = [];
    const spy = vi.spyOn(renderer, 'render').mockImplementation(async (html, options) => {
      const whose = options.footer?.includes('R300') ? 'R300' : 'R400';
      rendered.push(whose);
      if (whose === 'R300') await held; // a pathological form: its render does not end
      return real(html, options);
    });
    try {
      const slowForms = Array.from({ length: 6 }, () => slow.download('/api/registration-form/R300').then((r) => r));
      await vi.waitFor(() => expect(rendered).toContain('R300'));
      const otherForm = await expectStatus(other.download('/api/registration-form/R400'), 200);
      expect(pdfText(otherForm.body as Buffer)).toContain('R400');
      release();
      const answers = await Promise.all(slowForms);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(rendered.filter((w) => w === 'R300')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ownership before the body', () => {
  it('a chunked upload naming another student: 403 before its body is sent, and nothing is read', async () => {
    const c = await signIn('R100');
    const before = storedCount();
    const open = openUpload(
      c,
      fieldPart('id', 'R200') + fieldPart('file_type', 'birth_certificate') + filePart('big.pdf'),
      Buffer.alloc(64 * 1024, 0x20),
    );
    const answer = await open.answer;
    open.req.destroy();
    expect(answer, 'no answer while the body was still being sent').not.toBeNull();
    expect([answer!.status, answer!.body.message]).toEqual([403, MESSAGES.forbidden]);
    expect(storedCount()).toBe(before);
  });

  it('a chunked upload (no declared size) is refused as soon as its files pass 4 × UPLOAD_MAX_MB', async () => {
    const c = await signIn('R100');
    const page = Buffer.concat([samplePdf('page'), Buffer.alloc(900 * 1024, 0x20)]); // under 1 MB each
    const open = openUpload(c, fieldPart('id', 'R100') + fieldPart('file_type', 'sea_slip'), Buffer.alloc(0));
    for (let n = 0; n < 5; n++) open.req.write(`${filePart(`p${n}.pdf`)}${page.toString('latin1')}\r\n`, 'latin1');
    const answer = await open.answer;
    open.req.destroy();
    expect([answer?.status, answer?.body.message]).toEqual([
      413,
      'The files are too large together. At most 4 MB can be sent in one upload.',
    ]);
  });

  it('a file before the student id: 422, the id comes first', async () => {
    const c = await signIn('R100');
    const open = openUpload(c, filePart('a.pdf'), samplePdf());
    const answer = await open.answer;
    open.req.destroy();
    expect([answer?.status, answer?.body.message]).toEqual([422, 'The student ID must be sent before the files.']);
  });

  it('a field named like an object (id[toString]) is refused, never a 500', async () => {
    const c = await signIn('R100');
    const res = await c.agent
      .post('/api/store-file')
      .set('X-XSRF-TOKEN', c.xsrfToken())
      .field('id[toString]', 'x')
      .field('file_type', 'picture')
      .attach('file', SAMPLE_JPEG, 'me.jpg');
    expect(res.status).toBe(422);
  });

  it('at most two uploads of one account at once: the third is answered 429 with Retry-After', async () => {
    const c = await signIn('R500');
    const head = fieldPart('id', 'R500') + fieldPart('file_type', 'sea_slip') + filePart('slip.pdf');
    const pdf = samplePdf('slip');
    const first = openUpload(c, head, pdf.subarray(0, 100), 25_000); // answered once finished below
    const second = openUpload(c, head, pdf.subarray(0, 100), 25_000);
    // Until both are being read, a call without files is let in (422, nothing stored); then it is refused.
    await vi.waitFor(async () => expect((await c.post('/api/store-file', { id: 'R500' })).status).toBe(429), {
      timeout: 15_000,
    });
    const third = await expectStatus(c.storeFile('R500', 'sea_slip', [{ bytes: pdf, name: 'slip.pdf' }]), 429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.body.message).toBe(
      'Another upload from your account is still being sent. Please wait for it to finish, then try again in ' +
        'a few seconds.',
    );
    expectWaitStated(third, UPLOAD_MESSAGES.uploadInProgress);
    first.finish(`${pdf.subarray(100).toString('latin1')}\r\n--${BOUNDARY}--\r\n`);
    second.finish(`${pdf.subarray(100).toString('latin1')}\r\n--${BOUNDARY}--\r\n`);
    expect((await first.answer)?.status).toBe(200);
    expect((await second.answer)?.status).toBe(200);
    // both places are given back
    await expectStatus(c.storeFile('R500', 'sea_slip', [{ bytes: pdf, name: 'slip.pdf' }]), 200);
  });
});

describe('disk', () => {
  it('the 31st upload of an account in ten minutes: 429 with Retry-After and a message for the phone', async () => {
    await t.ds.query('DELETE FROM throttler_hits');
    const c = await signIn('R600');
    for (let n = 1; n <= 30; n++)
      await expectStatus(c.storeFile('R600', 'picture', [{ bytes: SAMPLE_JPEG, name: `me-${n}.jpg` }]), 200);
    const refused = await expectStatus(
      c.storeFile('R600', 'picture', [{ bytes: SAMPLE_JPEG, name: 'me-31.jpg' }]),
      429,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(refused.body.message).toBe(
      'Too many uploads: at most 30 uploads are taken in 10 minutes. Please try again in 10 minutes.',
    );
    expectWaitStated(refused, UPLOAD_MESSAGES.tooManyUploads(30, 10));
    // The office, uploading for her, is counted apart.
    await expectStatus(admin.storeFile('R600', 'picture', [{ bytes: SAMPLE_JPEG, name: 'office.jpg' }]), 200);
  });

  it('an upload that would take a student over her storage budget: 422, and the office sees the budget', async () => {
    const c = await signIn('R700');
    await expectStatus(c.storeFile('R700', 'picture', [{ bytes: SAMPLE_JPEG, name: 'me.jpg' }]), 200);
    const first = await t.ds.getRepository(StudentFile).findOneByOrFail({ student_id: 'R700' });
    // earlier versions taking all but 100 bytes of her 10 MB
    await t.ds.getRepository(StudentFile).insert({
      ...first,
      id: undefined,
      stored_name: 'ff/' + 'f'.repeat(32),
      size: 10 * 1024 * 1024 - 100 - first.size,
      replaced_at: first.created_at,
    });
    const use = (await expectStatus(admin.get('/api/file-storage/R700'), 200)).body as FileStorageUse;
    expect(use).toEqual({ used_bytes: 10 * 1024 * 1024 - 100, budget_bytes: 10 * 1024 * 1024 });
    await expectStatus(c.get('/api/file-storage/R700'), 403);

    const refused = await expectStatus(c.storeFile('R700', 'sea_slip', [{ bytes: scriptedPdf(), name: 's.pdf' }]), 422);
    expect(refused.body.message).toBe(
      "This upload would take the student's documents over their storage limit of 10 MB (every version sent " +
        'is kept). Please contact the school office.',
    );
  });
});

describe('what a stored file keeps', () => {
  it('a PDF with JavaScript, actions, an Author and XMP: stored without them, its page and web link kept', async () => {
    const c = await signIn('R400');
    const sent = scriptedPdf('Birth certificate of R400');
    for (const secret of PDF_SECRETS) expect(sent.toString('latin1')).toContain(secret);
    await expectStatus(c.storeFile('R400', 'birth_certificate', [{ bytes: sent, name: 'birth.pdf' }]), 200);
    const stored = await c.currentFile('R400', 'birth_certificate');
    const raw = stored.toString('latin1');
    for (const secret of PDF_SECRETS) expect(raw).not.toContain(secret);
    expect(raw).toContain('https://school.example/');
    expect(pdfText(stored)).toContain('Birth certificate of R400');
    expect(pdfInfo(stored).fields.Author).toBeUndefined();
  });

  it('a PDF combined with a photo loses its scripts too', async () => {
    const c = await signIn('R400');
    const parts = [
      { bytes: scriptedPdf('Card front'), name: 'front.pdf' },
      { bytes: await photo({ width: 80, height: 60, colour: RED }), name: 'back.jpg' },
    ];
    await expectStatus(c.storeFile('R400', 'immunization_card', parts), 200);
    const stored = await c.currentFile('R400', 'immunization_card');
    expect(pdfInfo(stored).fields.Pages).toBe('2');
    for (const secret of ['/JavaScript', '/OpenAction', '/Launch', 'SecretXmp', 'Secret Author'])
      expect(stored.toString('latin1')).not.toContain(secret);
  });

  it('a password-protected PDF on its own is stored still readable', async () => {
    const c = await signIn('R400');
    await expectStatus(
      c.storeFile('R400', 'sea_slip', [{ bytes: encryptedPdf('Bank letter'), name: 'bank.pdf' }]),
      200,
    );
    const stored = await c.currentFile('R400', 'sea_slip');
    expect(stored.toString('latin1')).toContain('/Encrypt');
    expect(pdfText(stored)).toContain('Bank letter');
  });

  it("a picture keeps its colour profile, without the profile's text", async () => {
    const c = await signIn('R100');
    const p3 = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c83232' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const texts = ['\0P\x003', '\0C\0C\x000']; // the profile's description and copyright, UTF-16
    for (const text of texts) expect(p3.toString('latin1')).toContain(text);
    await expectStatus(c.storeFile('R100', 'picture', [{ bytes: p3, name: 'p3.jpg' }]), 200);
    const stored = await c.currentFile('R100', 'picture');
    for (const text of texts) expect(stored.toString('latin1')).not.toContain(text);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.icc?.length]).toEqual([40, 30, (await sharp(p3).metadata()).icc?.length]);
  });

  it('a damaged PDF: 415 on its own and with a photo, never a 500', async () => {
    const c = await signIn('R400');
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< >>\n');
    const alone = await expectStatus(c.storeFile('R400', 'sea_slip', [{ bytes: damaged, name: 'd.pdf' }]), 415);
    expect(alone.body.message).toBe(
      'The PDF could not be read (it may be damaged). Please save it again from the app that made it, or upload ' +
        'photos of its pages.',
    );
    const withPhoto = await expectStatus(
      c.storeFile('R400', 'sea_slip', [
        { bytes: damaged, name: 'd.pdf' },
        { bytes: await photo({ width: 40, height: 40, colour: RED }), name: 'p.jpg' },
      ]),
      415,
    );
    expect(withPhoto.body.message).toMatch(/^A PDF sent together with other pages could not be read/);
  });
});
