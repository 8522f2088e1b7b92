import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  await createStudent(t, {
    id: '20264001',
    first_name: 'Maya',
    last_name: 'Garcia',
    class_id: '1A',
    password: 'Maya-Pass-2026',
    extra: {
      mother_name: 'Rosa Garcia',
      mobile_phone_mother: '7001234',
      mother_phone_home: '6001234',
      email_mother: 'rosa@example.org',
      father_name: 'Luis Garcia',
      mobile_phone_father: '7005678',
      emergency_contact: 'Aunt Nadia <Lopez>',
      emergency_home_phone: '6009999',
    },
  });
  await createStudent(t, {
    id: '20264002',
    first_name: 'Zara',
    last_name: 'Ali',
    class_id: '1A',
    extra: { guardian_name: 'Omar Ali', email_guardian: 'omar@example.org' },
  });
  await createStudent(t, { id: '20264003', first_name: 'Celine', last_name: 'Roberts', class_id: '2B' });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  student = await signedInStudent(t, '20264001', 'Maya-Pass-2026');
  visitor = await new ApiClient(t).primeCsrf();
});
afterAll(() => t.close());

describe('Parents Contact', () => {
  it("lists a class with each student's mother, father, guardian and emergency contact", async () => {
    const res = await admin.get('/api/parents-contact?class_id=1A').expect(200);
    expect(res.body).toEqual([
      {
        id: '20264002',
        name: 'Ali, Zara',
        class_id: '1A',
        mother: null,
        father: null,
        guardian: { name: 'Omar Ali', phones: [], email: 'omar@example.org' },
        emergency: null,
      },
      {
        id: '20264001',
        name: 'Garcia, Maya',
        class_id: '1A',
        mother: { name: 'Rosa Garcia', phones: ['1868-700-1234', '1868-600-1234'], email: 'rosa@example.org' },
        father: { name: 'Luis Garcia', phones: ['1868-700-5678'], email: null },
        guardian: null,
        emergency: { name: 'Aunt Nadia <Lopez>', phones: ['1868-600-9999'], email: null },
      },
    ]);
    expect((await admin.get('/api/parents-contact').expect(200)).body).toHaveLength(3);
  });

  it('as a spreadsheet', async () => {
    const res = await admin.get('/api/parents-contact/spreadsheet?class_id=1A').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toContain('Parents Contact 1A.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Class',
        'Student ID',
        'Student',
        'Mother',
        'Mother: Phones',
        'Mother: E-mail',
        'Father',
        'Guardian',
        'Emergency Contact',
        'Emergency Contact: Phones',
      ]),
    );
    const maya = ws.getRow(3);
    const at = (h: string) => maya.getCell(headers.indexOf(h) + 1).value;
    expect(at('Student')).toBe('Garcia, Maya');
    expect(at('Mother: Phones')).toBe('1868-700-1234, 1868-600-1234');
    expect(at('Mother: E-mail')).toBe('rosa@example.org');
    expect(ws.rowCount).toBe(3);
  });

  it('as a PDF, one class per page, values printed as typed', async () => {
    const res = await admin.get('/api/parents-contact/pdf').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'contact-'));
    try {
      const file = path.join(dir, 'c.pdf');
      writeFileSync(file, res.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Parents Contact · Class 1A · 2 students');
      expect(text).toContain('Class 2B');
      expect(text).toContain('Rosa Garcia');
      expect(text).toContain('1868-700-1234');
      expect(text).toContain('Aunt Nadia <Lopez>');
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
      expect(pages).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 404 for a class the school does not have and 422 for a malformed one', async () => {
    await expectStatus(admin.get('/api/parents-contact?class_id=9Z'), 404);
    await expectStatus(admin.get('/api/parents-contact/pdf?class_id=9Z'), 404);
    await expectStatus(admin.get('/api/parents-contact/spreadsheet?class_id=9Z'), 404);
    await expectStatus(admin.get('/api/parents-contact?class_id=%27%20OR%201%3D1'), 422);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    for (const p of ['/api/parents-contact', '/api/parents-contact/spreadsheet', '/api/parents-contact/pdf']) {
      await expectStatus(student.get(p), 403);
      await expectStatus(visitor.get(p), 401);
    }
  });
});
