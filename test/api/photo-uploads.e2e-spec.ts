import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile, DocumentVersion, UploadLimits } from '../../shared/documents.js';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { StudentFile } from '../../server/files/entities/student-file.entity.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { jpegSegments, jpegWithThumbnails, samplePdf } from '../fixtures/files.js';
import {
  BLUE,
  CAMERA_SECRETS,
  encryptedPdf,
  GREEN,
  heicHeader,
  nameOf,
  pageCentreColours,
  pdfImageSizes,
  pdfInfo,
  photo,
  pngBomb,
  RED,
} from '../fixtures/photos.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Documents from a phone camera (POST /api/store-file with several `file` parts): photos become one
// PDF, page by page in the order sent; the picture becomes a JPEG; what is refused refuses the whole
// upload and leaves the current file current. Read back through poppler and sharp, as the office would.

const ANA = 'P100';
let t: TestApp;
let ana: ApiClient;
let admin: ApiClient;

interface Part {
  bytes: Buffer;
  name: string;
}

async function current(type: string): Promise<DocumentFile | undefined> {
  return ((await ana.get(`/api/get-files/${ANA}`).expect(200)).body as DocumentFile[]).find((f) => f.type === type);
}

async function currentBytes(type: string): Promise<Buffer> {
  return (await ana.download((await current(type))!.url).expect(200)).body as Buffer;
}

function storedCount(): number {
  try {
    return readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile() && !e.name.startsWith('.ready-'),
    ).length;
  } catch {
    return 0;
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function pdfText(pdf: Buffer, page: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-text-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), path.join(dir, 'doc.pdf'), '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  await createStudent(t, { id: ANA, first_name: 'Ana', password: 'Ana-Photos-Pass-1' });
  await createAdmin(t, 'photos-admin', 'Photos-Admin-Pass-1');
  ana = await signedInStudent(t, ANA, 'Ana-Photos-Pass-1');
  admin = await signedInAdmin(t, 'photos-admin', 'Photos-Admin-Pass-1');
});
afterAll(() => t.close());

describe('photos into a document slot', () => {
  let parts: Part[];

  it('become one PDF: a page each, in the order sent, turned upright, downscaled, without metadata', async () => {
    parts = [
      { bytes: await photo({ width: 600, height: 800, colour: RED }), name: 'front.jpg' },
      { bytes: await photo({ width: 800, height: 600, colour: GREEN, format: 'png' }), name: 'back.png' },
      // the phone was turned: the pixels lie on their side, EXIF says to turn them upright (portrait)
      { bytes: await photo({ width: 800, height: 600, colour: BLUE, orientation: 6 }), name: 'IMG_0003.JPG' },
      // 12 megapixels: shrunk to the page at 200 dpi
      { bytes: await photo({ width: 4000, height: 3000, colour: RED, format: 'webp' }), name: 'scan.webp' },
    ];
    for (const p of parts) expect(p.bytes.toString('latin1')).toContain(CAMERA_SECRETS[0]);
    const res = await ana.storeFile(ANA, 'birth_certificate', parts);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Uploaded the file successfully: Birth Certificate.pdf');
    expect(res.body.file).toMatchObject({
      type: 'birth_certificate',
      name: 'Birth Certificate.pdf',
      mime: 'application/pdf',
    });

    const served = await ana.download(res.body.file.url).expect(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    const pdf = served.body as Buffer;
    const info = pdfInfo(pdf);
    expect(info.fields.Pages).toBe('4');
    expect(info.pageSizes).toEqual(['612x792', '792x612', '612x792', '792x612']); // US Letter, turned with the photo
    expect((await pageCentreColours(pdf)).map(nameOf)).toEqual(['red', 'green', 'blue', 'red']);
    expect(pdfImageSizes(pdf)).toEqual(['600x800', '800x600', '600x800', '2000x1500']);
    for (const field of ['Producer', 'Creator', 'CreationDate', 'ModDate', 'Author'])
      expect(info.fields[field], field).toBeUndefined();
    for (const secret of CAMERA_SECRETS) expect(pdf.toString('latin1')).not.toContain(secret);
  });

  it('keeps the SHA-256 of every file received in the version history and the audit trail', async () => {
    const versions = (await admin.get(`/api/file-versions/${ANA}`).expect(200)).body as DocumentVersion[];
    const version = versions.find((v) => v.type === 'birth_certificate')!;
    expect(version.sources).toEqual(
      parts.map((p, n) => ({
        name: p.name,
        kind: ['jpeg', 'png', 'jpeg', 'webp'][n],
        size: p.bytes.length,
        sha256: sha256(p.bytes),
      })),
    );
    expect(version.sha256).toBe(sha256(await currentBytes('birth_certificate')));
    const audit = await t.ds
      .getRepository(AuditEntry)
      .findOneByOrFail({ entity_id: ANA, field: 'birth_certificate', action: 'file.uploaded' });
    expect(JSON.parse(audit.new_value!).sources).toEqual(parts.map((p) => ({ name: p.name, sha256: sha256(p.bytes) })));
  });

  it('takes a PDF among the photos: its pages go where it was sent', async () => {
    const res = await ana.storeFile(ANA, 'immunization_card', [
      { bytes: await photo({ width: 600, height: 800, colour: GREEN }), name: 'cover.jpg' },
      { bytes: Buffer.concat([samplePdf('Vaccines page from the clinic')]), name: 'clinic.pdf' },
      { bytes: await photo({ width: 600, height: 800, colour: BLUE, format: 'png' }), name: 'last.png' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pdf = await currentBytes('immunization_card');
    expect(pdfInfo(pdf).fields.Pages).toBe('3');
    expect(pdfText(pdf, 2)).toContain('Vaccines page from the clinic');
    const colours = (await pageCentreColours(pdf)).map(nameOf);
    expect([colours[0], colours[2]]).toEqual(['green', 'blue']);
  });

  it('takes ten files, the most a document may have', async () => {
    const ten = await Promise.all(
      Array.from({ length: 10 }, async (_, n) => ({
        bytes: await photo({ width: 60, height: 80, colour: [RED, GREEN, BLUE][n % 3] }),
        name: `page-${n + 1}.jpg`,
      })),
    );
    const res = await ana.storeFile(ANA, 'immunization_covid', ten);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pdf = await currentBytes('immunization_covid');
    expect(pdfInfo(pdf).fields.Pages).toBe('10');
    expect((await pageCentreColours(pdf)).map(nameOf)).toEqual([
      'red',
      'green',
      'blue',
      'red',
      'green',
      'blue',
      'red',
      'green',
      'blue',
      'red',
    ]);
  });

  it('a password-protected PDF cannot be combined with photos (415 saying so), but is taken on its own', async () => {
    const locked = { bytes: encryptedPdf(), name: 'bank.pdf' };
    const refused = await ana.storeFile(ANA, 'sea_slip', [
      locked,
      { bytes: await photo({ width: 60, height: 80, colour: RED }), name: 'p.jpg' },
    ]);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(
      'A PDF sent together with other pages could not be read (it may be password-protected). Please ' +
        'upload it on its own.',
    );
    const alone = await ana.storeFile(ANA, 'sea_slip', [locked]);
    expect(alone.status).toBe(200);
    expect(pdfText(await currentBytes('sea_slip'), 1)).toContain('Protected');
  });
});

describe('refused uploads leave the current file current', () => {
  async function expectRefused(type: string, parts: Part[], status: number, message: string) {
    const before = {
      stored: storedCount(),
      rows: await t.ds.getRepository(StudentFile).count(),
      current: await current(type),
    };
    const res = await ana.storeFile(ANA, type, parts);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toBe(message);
    expect(storedCount()).toBe(before.stored);
    expect(await t.ds.getRepository(StudentFile).count()).toBe(before.rows);
    expect(await current(type)).toEqual(before.current);
  }

  it('a file that is not a PDF, JPEG, PNG or WebP among good photos: 415, none of them kept', async () => {
    expect(await current('birth_certificate')).toBeDefined();
    const good = await photo({ width: 60, height: 80, colour: RED });
    await expectRefused(
      'birth_certificate',
      [
        { bytes: good, name: 'one.jpg' },
        { bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), name: 'two.jpg' },
        { bytes: good, name: 'three.jpg' },
      ],
      415,
      'Please choose a PDF or a photo (JPG, PNG or WebP).',
    );
    await expectRefused(
      'birth_certificate',
      [
        { bytes: good, name: 'one.jpg' },
        { bytes: Buffer.from('just some notes'), name: 'notes.pdf' },
      ],
      415,
      'Please choose a PDF or a photo (JPG, PNG or WebP).',
    );
  });

  it('a damaged photo: 415', async () => {
    const broken = (await photo({ width: 600, height: 800, colour: RED, format: 'png' })).subarray(0, 200);
    await expectRefused(
      'birth_certificate',
      [{ bytes: broken, name: 'broken.png' }],
      415,
      'Please choose a PDF or a photo (JPG, PNG or WebP).',
    );
  });

  it('more than ten files: 413 with a clear message', async () => {
    const tiny = await photo({ width: 20, height: 20, colour: GREEN });
    await expectRefused(
      'birth_certificate',
      Array.from({ length: 11 }, (_, n) => ({ bytes: tiny, name: `p${n}.jpg` })),
      413,
      'Too many files. A document can have at most 10 pages (files) in one upload.',
    );
  });

  it('each file under UPLOAD_MAX_MB but all together over four times it: 413 saying how much', async () => {
    const nearlyOneMb = Buffer.concat([samplePdf('part'), Buffer.alloc(1000 * 1024, 0x20)]);
    await expectRefused(
      'birth_certificate',
      Array.from({ length: 5 }, (_, n) => ({ bytes: nearlyOneMb, name: `part${n}.pdf` })),
      413,
      'The files are too large together. At most 4 MB can be sent in one upload.',
    );
  });

  it('one file over UPLOAD_MAX_MB among small ones: 413 saying the limit', async () => {
    const big = Buffer.concat([samplePdf('big'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    await expectRefused(
      'birth_certificate',
      [
        { bytes: samplePdf('small'), name: 'a.pdf' },
        { bytes: big, name: 'b.pdf' },
      ],
      413,
      'The file is too large. The largest file accepted is 1 MB.',
    );
  });

  it("an iPhone's HEIC photo: 415 saying what to do", async () => {
    const message =
      'HEIC photos cannot be read here. Please send the photo as a JPEG: on an iPhone, choose it again in ' +
      'Safari, which converts it to JPEG.';
    await expectRefused('birth_certificate', [{ bytes: heicHeader(), name: 'IMG_0001.HEIC' }], 415, message);
    await expectRefused('picture', [{ bytes: heicHeader(), name: 'IMG_0001.HEIC' }], 415, message);
  });

  it('a small PNG declaring 400 megapixels (a decompression bomb): 422 before it is decoded', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectRefused(
      'birth_certificate',
      [{ bytes: bomb, name: 'bomb.png' }],
      422,
      'The photo is too large to read (more than 70 megapixels). Please send a smaller copy.',
    );
    await expectRefused(
      'picture',
      [{ bytes: bomb, name: 'bomb.png' }],
      422,
      'The photo is too large to read (more than 70 megapixels). Please send a smaller copy.',
    );
  });

  it('two files for the picture: 422, it is one photo', async () => {
    const p = await photo({ width: 40, height: 40, colour: RED });
    await expectRefused(
      'picture',
      [
        { bytes: p, name: 'a.jpg' },
        { bytes: p, name: 'b.jpg' },
      ],
      422,
      'The picture is one photo. Please choose a single file.',
    );
  });
});

describe('the picture', () => {
  it('a PNG is stored as a JPEG without its metadata', async () => {
    const png = await photo({ width: 80, height: 40, colour: GREEN, format: 'png' });
    const res = await ana.storeFile(ANA, 'picture', [{ bytes: png, name: 'ana.png' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.file).toMatchObject({ name: 'ana.jpg', mime: 'image/jpeg' });
    const served = await ana.download(res.body.file.url).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const jpeg = served.body as Buffer;
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.icc]).toEqual([
      'jpeg',
      80,
      40,
      undefined,
      undefined,
      undefined,
    ]);
    for (const secret of CAMERA_SECRETS) expect(jpeg.toString('latin1')).not.toContain(secret);
  });

  it('a WebP turned on its side by its EXIF is stored upright as a JPEG', async () => {
    const webp = await photo({ width: 80, height: 40, colour: BLUE, format: 'webp', orientation: 6 });
    const res = await ana.storeFile(ANA, 'picture', [{ bytes: webp, name: 'IMG_2001.webp' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.file.name).toBe('IMG_2001.jpg');
    const meta = await sharp(await currentBytes('picture')).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation ?? 1, meta.exif]).toEqual([
      'jpeg',
      40,
      80,
      1,
      undefined,
    ]);
  });

  it('a JPEG keeps its image data and orientation, without the camera and location', async () => {
    const jpeg = await photo({ width: 80, height: 40, colour: RED, orientation: 6 });
    const res = await ana.storeFile(ANA, 'picture', [{ bytes: jpeg, name: 'ana.jpg' }]);
    expect(res.status).toBe(200);
    const stored = await currentBytes('picture');
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([80, 40, 6]);
    for (const secret of CAMERA_SECRETS) expect(stored.toString('latin1')).not.toContain(secret);
  });
  it('a JPEG loses its embedded thumbnails: JFIF, JFIF extension (JFXX) and EXIF', async () => {
    const jpeg = jpegWithThumbnails();
    const countSoi = (b: Buffer) => b.toString('latin1').split('\xff\xd8').length - 1;
    expect(countSoi(jpeg)).toBe(3); // the image and its two JPEG thumbnails
    const res = await ana.storeFile(ANA, 'picture', [{ bytes: jpeg, name: 'thumbs.jpg' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await currentBytes('picture');
    const segments = jpegSegments(stored);
    const app0 = segments.filter((s) => s.marker === 0xe0);
    // One APP0, the plain 14-byte JFIF header, declaring no thumbnail (0×0) and carrying none.
    expect(app0).toHaveLength(1);
    expect(app0[0].payload.subarray(0, 5).toString('latin1')).toBe('JFIF\0');
    expect(app0[0].payload.length).toBe(14);
    expect([app0[0].payload[12], app0[0].payload[13]]).toEqual([0, 0]);
    expect(stored.toString('latin1')).not.toContain('JFXX');
    // No EXIF block with a second IFD (the thumbnail's), and no JPEG inside the JPEG.
    for (const s of segments.filter((x) => x.marker === 0xe1)) {
      if (s.payload.subarray(0, 6).toString('latin1') !== 'Exif\0\0') continue;
      const tiff = s.payload.subarray(6);
      const le = tiff.subarray(0, 2).toString('latin1') === 'II';
      const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
      const count = le ? tiff.readUInt16LE(ifd0) : tiff.readUInt16BE(ifd0);
      const at = ifd0 + 2 + count * 12;
      expect(le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)).toBe(0);
    }
    expect(countSoi(stored)).toBe(1);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });
});

describe('GET /api/upload-limits', () => {
  it('tells the client what it may send', async () => {
    const limits = (await ana.get('/api/upload-limits').expect(200)).body as UploadLimits;
    expect(limits).toEqual({ max_file_mb: 1, max_total_mb: 4, max_files: 10 });
    expect((await new ApiClient(t).get('/api/upload-limits')).status).toBe(401);
  });
});
