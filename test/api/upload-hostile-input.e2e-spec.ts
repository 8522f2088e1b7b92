import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_PAGES, UPLOAD_MESSAGES } from '../../shared/documents.js';
import { expectStatus, signedInStudent } from '../fixtures/api-client.js';
import { jpegWithMetadata, pdfOf, SAMPLE_JPEG } from '../fixtures/files.js';
import { pdfImageSizes, pdfText, photo, RED } from '../fixtures/photos.js';
import { createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Hostile uploads: a body that ends inside a file, and PDFs that hide what a cleaning of only the usual
// places would not look for (docs/product.md §5 Uploads).

let t: TestApp;
const PASSWORD = 'Hostile-Input-Pass-1';

/**
 * A one-page PDF (text `text`, and `draw` after it) whose catalog, page and resources have these extra entries,
 * and these objects from 6 on.
 */
function pdfWith(text: string, { catalog = '', page = '', resources = '', draw = '' }, more: string[]): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET ${draw}`;
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ` +
      `/Resources << /Font << /F1 5 0 R >> ${resources} >> ${page} >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...more,
  ]);
}

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  for (const id of ['H100', 'H200', 'H300'])
    await createStudent(t, { id, first_name: `Student ${id}`, password: PASSWORD });
});
afterAll(() => t.close());

describe('a body that ends inside a file part', () => {
  it('is answered 400, and the server goes on answering', async () => {
    const c = await signedInStudent(t, 'H100', PASSWORD);
    const boundary = 'hostile-boundary';
    // Complete as HTTP (its declared length), but the multipart form stops in the middle of the file.
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nH100\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nsea_slip\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.pdf"\r\n\r\n%PDF-1.4 half`,
      'latin1',
    );
    // On the server such an error, thrown out of the process, stopped it: every upload and page with it.
    const thrown: unknown[] = [];
    const record = (e: unknown) => thrown.push(e);
    process.prependListener('uncaughtException', record);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${t.baseUrl}/api/store-file`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': body.length,
          Cookie: c.cookieHeader(),
          'X-XSRF-TOKEN': c.xsrfToken(),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.end(body);
    });
    await new Promise((r) => setTimeout(r, 100)); // an error emitted on the next tick has been thrown by now
    process.off('uncaughtException', record);
    expect(thrown).toEqual([]);
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as { message: string }).message).toBe(
      'The upload could not be understood. Please choose the file again.',
    );
    expect((await expectStatus(c.get('/api/get-files/H100'), 200)).body).toEqual([]);
  });
});

describe('what a stored PDF keeps, wherever the sender hid it', () => {
  const fieldScript = pdfWith('Form with a field', { page: '/Annots [6 0 R]' }, [
    '<< /Type /Annot /Subtype /Widget /Rect [72 600 300 620] /Parent 7 0 R >>',
    '<< /FT /Tx /T (f) /Kids [6 0 R] /AA << /K << /S /JavaScript /JS (app.alert\\(1\\)) >> >> >>',
  ]);
  const attached = pdfWith('With an attachment', { page: '/Annots [6 0 R]', catalog: '/AF [8 0 R]' }, [
    '<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 90 620] ' +
      '/FS << /Type /Filespec /F (a.exe) /EF << /F 7 0 R >> >> >>',
    '<< /Type /EmbeddedFile /Length 16 >>\nstream\nATTACHED-PAYLOAD\nendstream',
    '<< /Type /Filespec /F (b.exe) /EF << /F 7 0 R >> >>',
  ]);
  const phone = jpegWithMetadata(1);
  const scan = pdfWith(
    'Scanned page',
    { resources: '/XObject << /Im1 6 0 R >>', draw: 'q 48 0 0 64 72 500 cm /Im1 Do Q' },
    [
      `<< /Type /XObject /Subtype /Image /Width 48 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 ` +
        `/Filter /DCTDecode /Length ${phone.length} >>\nstream\n${phone.toString('latin1')}\nendstream`,
    ],
  );
  const secrets = [
    '/JavaScript',
    '/JS',
    '/AA',
    'ATTACHED-PAYLOAD',
    '/EmbeddedFile',
    'SecretPhone',
    'Secret Street',
    '10,39N',
    'Port of Spain',
    'SECONDARY-IMAGE',
  ];

  it.each([
    ['on its own', (pdf: Buffer) => [{ bytes: pdf, name: 'doc.pdf' }]],
    [
      'with a photo',
      (pdf: Buffer) => [
        { bytes: pdf, name: 'doc.pdf' },
        { bytes: SAMPLE_JPEG, name: 'back.jpg' },
      ],
    ],
  ])("%s: no field's script, no attached file, no photo's EXIF; the pages and the image kept", async (_, parts) => {
    const c = await signedInStudent(t, 'H200', PASSWORD);
    const sent = Buffer.concat([fieldScript, attached, scan]).toString('latin1');
    for (const secret of secrets) expect(sent).toContain(secret);
    const stored: Buffer[] = [];
    for (const [type, pdf] of [
      ['birth_certificate', fieldScript],
      ['immunization_card', attached],
      ['sea_slip', scan],
    ] as const) {
      await expectStatus(c.storeFile('H200', type, parts(pdf)), 200);
      stored.push(await c.currentFile('H200', type));
    }
    for (const pdf of stored) for (const secret of secrets) expect(pdf.toString('latin1')).not.toContain(secret);
    expect(pdfText(stored[0])).toContain('Form with a field');
    expect(pdfText(stored[1])).toContain('With an attachment');
    expect(pdfImageSizes(stored[2])[0]).toBe('48x64');
  });

  it('an annotation with an action or list of the wrong type: stored, with a photo too (never a 500)', async () => {
    const c = await signedInStudent(t, 'H300', PASSWORD);
    const wrongAction = pdfWith('Careless link', { page: '/Annots [6 0 R]' }, [
      '<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /A [1 2 3] >>',
    ]);
    const wrongList = pdfWith('Careless list', { page: '/Annots 6 0 R' }, [
      '<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] >>',
    ]);
    const back = await photo({ width: 40, height: 40, colour: RED });
    for (const [n, pdf] of [wrongAction, wrongList].entries()) {
      await expectStatus(c.storeFile('H300', 'sea_slip', [{ bytes: pdf, name: 'a.pdf' }]), 200);
      await expectStatus(
        c.storeFile('H300', 'birth_certificate', [
          { bytes: pdf, name: 'a.pdf' },
          { bytes: back, name: 'b.jpg' },
        ]),
        200,
      );
      const text = pdfText(await c.currentFile('H300', 'birth_certificate'));
      expect(text).toContain(n === 0 ? 'Careless link' : 'Careless list');
    }
  });
});

describe('a document of more pages than one has, and a part of another name', () => {
  /** One page named `times` times in the page tree: small to send, each copy a page to assemble. */
  const pagesOf = (times: number, text: string) => {
    const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    return pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${'3 0 R '.repeat(times)}] /Count ${times} >>`,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
  };

  it(`over ${MAX_DOCUMENT_PAGES} pages: 422, alone and with a photo; at the limit: stored`, async () => {
    const c = await signedInStudent(t, 'H100', PASSWORD);
    const back = await photo({ width: 40, height: 40, colour: RED });
    const tooMany = pagesOf(5_000, 'Many pages');
    for (const parts of [
      [{ bytes: tooMany, name: 'many.pdf' }],
      [
        { bytes: back, name: 'b.jpg' },
        { bytes: tooMany, name: 'many.pdf' },
      ],
    ]) {
      const res = await expectStatus(c.storeFile('H100', 'immunization_card', parts), 422);
      expect(res.body.message).toBe(UPLOAD_MESSAGES.tooManyPages(MAX_DOCUMENT_PAGES));
    }
    // At the limit with the photo's page: 29 + 1.
    await expectStatus(
      c.storeFile('H100', 'immunization_card', [
        { bytes: pagesOf(MAX_DOCUMENT_PAGES - 1, 'Just enough'), name: 'card.pdf' },
        { bytes: back, name: 'b.jpg' },
      ]),
      200,
    );
    expect(pdfText(await c.currentFile('H100', 'immunization_card'))).toContain('Just enough');
  });

  it('a file part named other than `file`: 400 saying the form was not understood (not "too many files")', async () => {
    const c = await signedInStudent(t, 'H200', PASSWORD);
    const res = await expectStatus(
      c.agent
        .post('/api/store-file')
        .set('X-XSRF-TOKEN', c.xsrfToken())
        .field('id', 'H200')
        .field('file_type', 'picture')
        .attach('file2', SAMPLE_JPEG, { filename: 'me.jpg', contentType: 'image/jpeg' }),
      400,
    );
    expect(res.body.message).toBe(UPLOAD_MESSAGES.badForm);
  });
});
