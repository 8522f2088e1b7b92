import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../shared/student-fields.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Spreadsheet safety: one character XML cannot carry made the school-wide workbooks unreadable, and
// text starting like a formula was exported as typed.

const ME = '20265001';
const OLD = '20265002';
let t: TestApp;
let admin: ApiClient;
let me: ApiClient;

/** One of each kind XML refuses; lone surrogates too (JSON carries them escaped). */
const UNSAFE: [string, string][] = [
  ['NUL', '\u0000'],
  ['a C0 control', '\u0007'],
  ['vertical tab', '\u000B'],
  ['U+FFFE', '\uFFFE'],
  ['U+FFFF', '\uFFFF'],
  ['U+FDD0', '\uFDD0'],
  ['U+10FFFF', '\u{10FFFF}'],
  ['a lone high surrogate', '\uD83D'],
  ['a lone low surrogate', '\uDE00'],
];

/** Stored before the rules refused them (old data): UTF-8 can carry these, unlike lone surrogates. */
const STORED_UNSAFE = '\u0001\uFFFF\uFDD0\u{10FFFF}\u000B';

const FORMULAS = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '\u200B =1+1'];

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
  await createStudent(t, { id: ME, first_name: 'Maya', password: 'Maya-Pass-2026' });
  await createStudent(t, {
    id: OLD,
    first_name: `Ann${STORED_UNSAFE}a`,
    last_name: FORMULAS[0],
    class_id: '1A',
    extra: {
      mother_name: FORMULAS[1],
      father_name: FORMULAS[2],
      guardian_name: FORMULAS[3],
      email_mother: `rosa${STORED_UNSAFE}@example.org`,
      emergency_contact: FORMULAS[6],
      allergy: `Nuts${STORED_UNSAFE}`,
    },
  });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  me = await signedInStudent(t, ME, 'Maya-Pass-2026');
});
afterAll(() => t.close());

async function workbook(path: string): Promise<ExcelJS.Worksheet> {
  const res = await admin.get(path).buffer(true).parse(binary).expect(200);
  const wb = new ExcelJS.Workbook();
  // The whole workbook opens, whatever characters a record held.
  await wb.xlsx.load(res.body as ArrayBuffer);
  return wb.worksheets[0];
}

function rowOf(ws: ExcelJS.Worksheet, id: string): Record<string, unknown> {
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  for (let n = 2; n <= ws.rowCount; n++) {
    const row = ws.getRow(n);
    const values = (row.values as unknown[]).slice(1);
    if (values.includes(id)) return Object.fromEntries(headers.map((h, i) => [h, values[i]]));
  }
  throw new Error(`no row for ${id}`);
}

describe('characters XML cannot carry', () => {
  it.each(UNSAFE)('refuses %s in a student save with 422 and keeps the old answer', async (_, ch) => {
    const res = await me.post('/api/student', { id: ME, mother_name: `Rosa${ch}Garcia` }).expect(422);
    expect(res.body.errors.mother_name).toEqual([FIELD_MESSAGES.unusualCharacter]);
  });

  it('refuses them in an administrator edit too, and keeps tab, newline and emoji', async () => {
    const res = await admin.post('/api/student', { id: ME, first_name: 'Ma\uFFFFya' }).expect(422);
    expect(res.body.errors.first_name).toEqual([FIELD_MESSAGES.unusualCharacter]);
    await me.post('/api/student', { id: ME, allergy: 'Nuts\nShellfish 🦐' }).expect(200);
  });

  it('drops any already stored from both workbooks, which open', async () => {
    const data = rowOf(await workbook('/api/registration-data-spreadsheet'), OLD);
    const texts = Object.values(data).filter((v): v is string => typeof v === 'string');
    expect(texts).toContain('Anna');
    expect(texts).toContain('Nuts');
    for (const ch of STORED_UNSAFE) expect(texts.join('')).not.toContain(ch);

    const contact = rowOf(await workbook('/api/parents-contact/spreadsheet?class_id=1A'), OLD);
    expect(Object.values(contact)).toContain('rosa@example.org');
  });
});

describe('formula-like text', () => {
  it('is neutralised with a leading quote in both workbooks; numbers and ordinary text are left alone', async () => {
    const data = rowOf(await workbook('/api/registration-data-spreadsheet'), OLD);
    const texts = Object.values(data).filter((v): v is string => typeof v === 'string');
    for (const f of [FORMULAS[0], FORMULAS[1], FORMULAS[2], FORMULAS[3], FORMULAS[6]]) expect(texts).toContain(`'${f}`);
    expect(texts).not.toContain(FORMULAS[0]);

    const contact = rowOf(await workbook('/api/parents-contact/spreadsheet?class_id=1A'), OLD);
    const cells = Object.values(contact);
    expect(cells).toContain(`'${FORMULAS[1]}`);
    expect(cells).toContain(`'${FORMULAS[2]}`);
    expect(cells).toContain(`'${FORMULAS[3]}`);
    expect(cells).toContain(OLD);
  });

  it.each(FORMULAS)('the student import refuses a cell starting like %j, naming the cell', async (text) => {
    const cell = `"${text.replaceAll('"', '""')}"`;
    const csv = `id,first_name,last_name,class_id,date_of_birth\n20265101,${cell},Thomas,1A,2013-01-01\n`;
    const res = await admin.agent
      .post('/api/import-students')
      .set('X-XSRF-TOKEN', admin.xsrfToken())
      .attach('file', Buffer.from(csv), 'students.csv')
      .expect(422);
    expect(res.body.message).toMatch(/Cell B2 starts with .*formula/);
    // Nothing imported.
    expect((await admin.get('/api/students').expect(200)).body).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: '20265101' })]),
    );
  });
});
