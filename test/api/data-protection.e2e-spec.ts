import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { nowIso } from '../../server/common/time.js';
import {
  TermReport,
  TermReportLine,
  TermReportPosting,
} from '../../server/term-reports/entities/term-report.entity.js';
import type { AuditEntryView } from '../../shared/api-types.js';
import type { StudentGuardians } from '../../shared/guardians.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { pdfText } from '../fixtures/photos.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Data-protection basics: administrators' reads of a student's data are in her audit trail,
// and GET /api/students/{id}/export answers everything held about her as one ZIP.

const NIA = 'P100';
const OLA = 'P200';
let t: TestApp;
let nia: ApiClient;
let ola: ApiClient;
let admin: ApiClient;

function upload(c: ApiClient, id: string, type: string, bytes: Buffer, name: string) {
  return c.agent
    .post('/api/store-file')
    .set('X-XSRF-TOKEN', c.xsrfToken())
    .field('id', id)
    .field('file_type', type)
    .attach('file', bytes, name);
}

async function history(id: string): Promise<AuditEntryView[]> {
  return (await admin.get(`/api/audit?student_id=${id}&limit=500`).expect(200)).body as AuditEntryView[];
}
const reads = async (id: string) => (await history(id)).filter((e) => e.action === 'read');

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, {
    id: NIA,
    first_name: 'Nia',
    last_name: 'Baptiste',
    password: 'Nia-Protect-Pass-1',
    extra: { medical_history: 'Asthma', allergy: 'Penicillin', email: 'nia@example.org' },
  });
  await createStudent(t, { id: OLA, first_name: 'Ola', last_name: 'Ramdass', password: 'Ola-Protect-Pass-1' });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  nia = await signedInStudent(t, NIA, 'Nia-Protect-Pass-1');
  ola = await signedInStudent(t, OLA, 'Ola-Protect-Pass-1');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});
afterAll(() => t.close());

describe("administrators' reads are audited", () => {
  it('a student reading her own record, documents and form leaves no entry', async () => {
    await upload(nia, NIA, 'birth_certificate', samplePdf('Nia birth'), 'birth.pdf').expect(200);
    const before = await t.ds.getRepository(AuditEntry).count();
    await nia.get(`/api/student-record/${NIA}`).expect(200);
    await nia.get(`/api/user/${NIA}`).expect(200);
    await nia.get(`/api/get-files/${NIA}`).expect(200);
    await nia.get(`/api/student-data-files/${NIA}`).expect(200);
    const files = (await nia.get(`/api/get-files/${NIA}`).expect(200)).body as { url: string }[];
    await nia.download(files[0].url).expect(200);
    await nia.download(`/api/registration-form/${NIA}`).expect(200);
    expect(await t.ds.getRepository(AuditEntry).count()).toBe(before);
    expect(await reads(NIA)).toEqual([]);
  });

  it('an administrator opening her record, documents and form leaves one read entry each, in her history', async () => {
    await admin.get(`/api/student-record/${NIA}`).expect(200);
    await admin.get(`/api/user/${NIA}`).expect(200);
    const files = (await admin.get(`/api/get-files/${NIA}`).expect(200)).body as { url: string; name: string }[];
    const download = await admin.download(files[0].url).expect(200);
    expect(pdfText(download.body as Buffer).trim()).toBe('Nia birth');
    await admin.download(`/api/registration-form/${NIA}`).expect(200);

    const rows = await reads(NIA);
    expect(rows.map((r) => [r.actor, r.entity, r.entity_id, r.field]).reverse()).toEqual([
      ['admin:office', 'student', NIA, 'record'],
      ['admin:office', 'student', NIA, 'account'],
      ['admin:office', 'student', NIA, 'documents'],
      ['admin:office', 'student', NIA, 'document'],
      ['admin:office', 'student', NIA, 'registration_form'],
    ]);
    expect(rows.find((r) => r.field === 'record')?.new_value).toMatch(/^Viewed record .*health/);
    expect(rows.find((r) => r.field === 'document')?.new_value).toMatch(
      /^Opened document: birth_certificate "birth.pdf"/,
    );
    for (const r of rows) expect(Date.now() - Date.parse(r.created_at)).toBeLessThan(60_000);
    // her classmate's trail says nothing of it
    expect(await reads(OLA)).toEqual([]);
  });

  it('repeated reads of the same thing within 10 minutes are one entry; after that, a new one', async () => {
    const count = async () => (await reads(NIA)).filter((r) => r.field === 'documents').length;
    const first = await count();
    await admin.get(`/api/get-files/${NIA}`).expect(200);
    await admin.get(`/api/student-data-files/${NIA}`).expect(200);
    await admin.post('/api/student-data-files', { student_id: NIA }).expect(200);
    await admin.get(`/api/file-versions/${NIA}`).expect(200);
    expect(await count()).toBe(first);
    // the last entry was 11 minutes ago: the next read is recorded again
    const repo = t.ds.getRepository(AuditEntry);
    const last = await repo.findOneOrFail({
      where: { entity_id: NIA, action: 'read', field: 'documents' },
      order: { id: 'DESC' },
    });
    await repo.update(last.id, { created_at: new Date(Date.now() - 11 * 60_000).toISOString() });
    await admin.get(`/api/get-files/${NIA}`).expect(200);
    expect(await count()).toBe(first + 1);
  });

  it('a refused or failed read leaves no entry', async () => {
    const before = await t.ds.getRepository(AuditEntry).count();
    await ola.get(`/api/student-record/${NIA}`).expect(403);
    await admin.get('/api/student-record/NOBODY9').expect(404);
    await admin.get('/api/files/999999').expect(404);
    expect(await t.ds.getRepository(AuditEntry).count()).toBe(before);
  });
});

describe('GET /api/students/:id/export (subject access)', () => {
  it('answers one ZIP: record without secrets, audit trail, each document byte for byte, her PDFs', async () => {
    await upload(nia, NIA, 'picture', SAMPLE_JPEG, 'nia.jpg').expect(200);
    const now = nowIso();
    const report = await t.ds
      .getRepository(TermReport)
      .save({ student_id: NIA, year: 2025, term: 1, class_id: '1A', form_level: 1, created_at: now, updated_at: now });
    await t.ds
      .getRepository(TermReportLine)
      .insert({ term_report_id: report.id, position: 1, subject: 'Mathematics', mark_tenths: 815, grade: 'A' });
    await t.ds
      .getRepository(TermReportPosting)
      .insert({ year: 2025, term: 1, posted: 1, date_posted: '2025-12-12 10:00:00', updated_at: now });

    await createGuardian(t, {
      email: 'nia.mum@example.tt',
      name: 'Nia Mum',
      password: 'Nia-Mum-Pass-1',
      students: [NIA],
    });

    const res = await admin.download(`/api/students/${NIA}/export`).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${NIA} subject access.zip"`);
    const zip = await JSZip.loadAsync(res.body as Buffer);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);

    const recordText = await zip.file('record.json')!.async('string');
    const record = JSON.parse(recordText) as {
      student: Record<string, unknown>;
      account: Record<string, unknown>;
      guardians: StudentGuardians;
    };
    expect(record.guardians.guardians).toMatchObject([{ name: 'Nia Mum', email: 'nia.mum@example.tt' }]);
    expect(record.student).toMatchObject({
      id: NIA,
      first_name: 'Nia',
      medical_history: 'Asthma',
      allergy: 'Penicillin',
    });
    expect(Object.keys(record.student)).toContain('updated_at');
    expect(record.account).toMatchObject({ role: 'student', student_id: NIA, password_reset: 0 });
    expect(recordText).not.toMatch(/password_hash|\$2[aby]\$|session|token/i);

    const trail = JSON.parse(await zip.file('audit-trail.json')!.async('string')) as AuditEntryView[];
    expect(trail.some((e) => e.action === 'file.uploaded' && e.field === 'picture')).toBe(true);
    expect(trail.some((e) => e.action === 'read' && e.field === 'record' && e.actor === 'admin:office')).toBe(true);
    expect(trail.at(-1)).toMatchObject({ action: 'read', field: 'export', actor: 'admin:office', entity_id: NIA });
    expect(trail.every((e) => e.entity_id === NIA && !('actor_user_id' in e))).toBe(true);

    const manifest = JSON.parse(await zip.file('documents.json')!.async('string')) as { type: string; path: string }[];
    expect(manifest.map((m) => m.type)).toEqual(['birth_certificate', 'picture']);
    const docs = names.filter((n) => n.startsWith('documents/'));
    expect(docs).toEqual(manifest.map((m) => m.path));
    const birth = await zip.file(manifest[0].path)!.async('nodebuffer');
    expect(pdfText(birth).trim()).toBe('Nia birth'); // the stored PDF (without scripts or metadata)
    const picture = await zip.file(manifest[1].path)!.async('nodebuffer');
    expect(picture.equals(SAMPLE_JPEG)).toBe(true);

    const pdfs = names.filter((n) => n.startsWith('pdfs/')).sort();
    expect(pdfs).toEqual([`pdfs/Registration Form ${NIA}.pdf`, `pdfs/Report Card ${NIA} 2025-2026 Term 1.pdf`]);
    for (const p of pdfs)
      expect((await zip.file(p)!.async('nodebuffer')).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // the export is in her history too
    expect((await reads(NIA))[0]).toMatchObject({
      field: 'export',
      new_value: expect.stringMatching(/^Subject-access export/),
    });
  });

  it('student 403, visitor 401, unknown student 404, none of them audited', async () => {
    const before = await t.ds.getRepository(AuditEntry).count();
    expect((await nia.get(`/api/students/${NIA}/export`)).status).toBe(403);
    expect((await new ApiClient(t).get(`/api/students/${NIA}/export`)).status).toBe(401);
    expect((await admin.get('/api/students/NOBODY9/export')).status).toBe(404);
    expect(await t.ds.getRepository(AuditEntry).count()).toBe(before);
  });
});
