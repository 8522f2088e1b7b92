import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { formatLocalDateTime } from '../../server/common/time.js';
import { TermReport, TermReportLine } from '../../server/term-reports/entities/term-report.entity.js';
import { MARKS_COLUMNS, SUMMARY_COLUMNS } from '../../shared/term-reports.js';
import { type ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';
import { makeZip } from '../fixtures/zip.js';

// Term reports end to end through the API: import (xlsx and csv), posting, access, the report card PDF.

let t: TestApp;
let admin: ApiClient;
let amy: ApiClient;
let bea: ApiClient;
const dir = mkdtempSync(path.join(tmpdir(), 'term-reports-spec-'));

const AMY = 'T1001';
const BEA = 'T1002';
const CARA = 'T2001';

type Row = (string | number | Date | null | { formula: string; result?: number })[];

/** A workbook with the Marks and Summary sheets (null leaves a sheet out); headers may be replaced. */
async function workbook(
  marks: Row[] | null,
  summary: Row[] | null,
  headers: { marks?: string[]; summary?: string[] } = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (marks) {
    const ws = wb.addWorksheet('Marks');
    ws.addRow(headers.marks ?? [...MARKS_COLUMNS]);
    marks.forEach((r) => ws.addRow(r));
  }
  if (summary) {
    const ws = wb.addWorksheet('Summary');
    ws.addRow(headers.summary ?? [...SUMMARY_COLUMNS]);
    summary.forEach((r) => ws.addRow(r));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const GOOD_MARKS: Row[] = [
  [AMY, 2025, 1, 'Mathematics', 80, 'A', 'Excellent problem solving.', 'Mr. Singh'],
  [AMY, 2025, 1, 'English A', 90, 'A', 'Writes with flair.', 'Ms. Joseph'],
  [BEA, 2025, 1, 'Mathematics', 70, 'B', 'Steady work.', 'Mr. Singh'],
  [BEA, 2025, 1, 'English A', 65.5, 'C', null, 'Ms. Joseph'],
  [CARA, 2025, 1, 'Biology', 88, 'A', 'Careful drawings.', 'Dr. Ali'],
];
const GOOD_SUMMARY: Row[] = [
  [AMY, 2025, 1, 2, 1, 'Excellent', 'Amy is a <b>model</b> student & a leader.', 'Well done, Amy.', '2026-01-06', null],
  [BEA, 2025, 1, 0, 3, 'Good', 'Bea must be on time.', 'Keep trying.', '2026-01-06', null],
  [CARA, '2025-2026', 1, 1, 0, 'Very good', 'A keen scientist.', 'Good term.', new Date(Date.UTC(2026, 0, 6)), null],
];

function upload(client: ApiClient, bytes: Buffer, name = 'reports.xlsx', query = '') {
  return client.agent
    .post(`/api/import-term-reports${query}`)
    .set('X-XSRF-TOKEN', client.xsrfToken())
    .attach('file', bytes, name);
}

function getBinary(client: ApiClient, url: string) {
  return client.agent.get(url).buffer(true).parse(binary);
}

function pdfText(bytes: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pdfPages(bytes: Buffer): number {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
}

async function stored() {
  return {
    reports: await t.ds.getRepository(TermReport).count(),
    lines: await t.ds.getRepository(TermReportLine).count(),
  };
}

const errorsOf = (res: Response) => res.body.errors as { sheet: string; row: number; field: string; message: string }[];

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  await createStudent(t, {
    id: AMY,
    first_name: 'Amy',
    last_name: 'Baptiste',
    class_id: '1A',
    password: 'Amy-Term-Pass-1',
  });
  await createStudent(t, {
    id: BEA,
    first_name: 'Bea',
    last_name: 'Charles',
    class_id: '1A',
    password: 'Bea-Term-Pass-1',
  });
  await createStudent(t, {
    id: CARA,
    first_name: 'Cara',
    last_name: 'Ali',
    class_id: '2B',
    password: 'Cara-Term-Pass-1',
  });
  await createStudent(t, {
    id: 'T3001',
    first_name: 'Dee',
    last_name: 'Noclass',
    class_id: '1A',
    password: 'Dee-Term-Pass-1',
    extra: { class_id: null },
  });
  await createAdmin(t, 'reports-admin', 'Reports-Admin-Pass-1');
  admin = await signedInAdmin(t, 'reports-admin', 'Reports-Admin-Pass-1');
  amy = await signedInStudent(t, AMY, 'Amy-Term-Pass-1');
  bea = await signedInStudent(t, BEA, 'Bea-Term-Pass-1');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import', () => {
  it('offers a template: both sheets, their column names, one example row that cannot land on a student', async () => {
    const res = await getBinary(admin, '/api/import-term-reports/template').expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Term Reports Template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const values = (sheet: string, row: number) => (wb.getWorksheet(sheet)!.getRow(row).values as unknown[]).slice(1);
    expect(values('Marks', 1)).toEqual([...MARKS_COLUMNS]);
    expect(values('Summary', 1)).toEqual([...SUMMARY_COLUMNS]);
    expect(values('Marks', 2)[0]).toBe('EXAMPLE-1');
    expect(wb.getWorksheet('Marks')!.actualRowCount).toBe(2);
    const again = await upload(admin, res.body as Buffer, 'template.xlsx');
    expect(again.status).toBe(422);
    expect(errorsOf(again)[0]).toMatchObject({
      sheet: 'Marks',
      row: 2,
      field: 'student_id',
      message: 'There is no student with the ID EXAMPLE-1.',
    });
    expect(await stored()).toEqual({ reports: 0, lines: 0 });
  });

  it('a dry run validates and counts without writing', async () => {
    const res = await upload(admin, await workbook(GOOD_MARKS, GOOD_SUMMARY), 'reports.xlsx', '?dry_run=1').expect(200);
    expect(res.body).toMatchObject({
      dry_run: true,
      created: 3,
      updated: 0,
      rows: { marks: 5, summary: 3 },
      errors: [],
    });
    expect(await stored()).toEqual({ reports: 0, lines: 0 });
  });

  it('imports a valid workbook: a report per student and term with class and form, the lines, an audit', async () => {
    const res = await upload(admin, await workbook(GOOD_MARKS, GOOD_SUMMARY)).expect(200);
    expect(res.body).toMatchObject({ dry_run: false, created: 3, updated: 0, errors: [], error_count: 0 });
    expect(await stored()).toEqual({ reports: 3, lines: 5 });
    const terms = await admin.get(`/api/report-card-terms/${CARA}`).expect(200);
    expect(terms.body).toEqual([{ year: 2025, term: 1, posted: 0, date_posted: '', form_level: 2, class_id: '2B' }]);
    const audit = await t.ds.getRepository(AuditEntry).findBy({ action: 'import_term_report' });
    expect(audit.map((a) => a.entity_id).sort()).toEqual([AMY, BEA, CARA]);
    expect(JSON.parse(audit.find((a) => a.entity_id === AMY)!.new_value!).lines[0]).toMatchObject({
      subject: 'Mathematics',
      mark: 80,
    });
    expect(
      await t.ds.getRepository(AuditEntry).countBy({ action: 'import_term_reports', actor: 'admin:reports-admin' }),
    ).toBe(1);
  });

  const badCases: [string, (rows: Row[]) => Row[], { sheet: string; row: number; field: string; message: RegExp }][] = [
    [
      'an unknown student',
      (r) => [...r, ['NOBODY-9', 2025, 1, 'Art', 60, 'B', null, null]],
      { sheet: 'Marks', row: 7, field: 'student_id', message: /no student with the ID NOBODY-9/ },
    ],
    [
      'term 4',
      (r) => [...r, [AMY, 2025, 4, 'Art', 60, 'B', null, null]],
      { sheet: 'Marks', row: 7, field: 'term', message: /Term must be 1, 2 or 3/ },
    ],
    [
      'a mark of 120',
      (r) => [...r, [AMY, 2025, 1, 'Art', 120, 'A', null, null]],
      { sheet: 'Marks', row: 7, field: 'mark', message: /from 0 to 100 \(got 120\)/ },
    ],
    [
      'the same subject twice',
      (r) => [...r, [AMY, 2025, 1, 'mathematics', 50, 'C', null, null]],
      { sheet: 'Marks', row: 7, field: 'subject', message: /already on row 2/ },
    ],
  ];
  for (const [what, change, expected] of badCases) {
    it(`a file with ${what} writes nothing and names the sheet, row and column`, async () => {
      const before = await stored();
      const changed = change(
        GOOD_MARKS.map((r) =>
          r[0] === AMY && r[3] === 'Mathematics' ? [AMY, 2025, 1, 'Mathematics', 10, 'F', null, null] : r,
        ),
      );
      const res = await upload(admin, await workbook(changed, GOOD_SUMMARY));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('The file has 1 error; nothing was imported.');
      expect(res.body).toMatchObject({ created: 0, updated: 0, error_count: 1 });
      expect(errorsOf(res)).toHaveLength(1);
      expect(errorsOf(res)[0]).toMatchObject({ ...expected, message: expect.stringMatching(expected.message) });
      expect(await stored()).toEqual(before);
      // Amy's mathematics mark of the good rows (80) is still there: the changed good row (10) was not written either.
      const line = await t.ds.getRepository(TermReportLine).findOneBy({ subject: 'Mathematics', mark_tenths: 100 });
      expect(line).toBeNull();
    });
  }

  it('a sheet without one of its columns writes nothing', async () => {
    const before = await stored();
    const header = MARKS_COLUMNS.filter((c) => c !== 'grade');
    const res = await upload(admin, await workbook([[AMY, 2025, 1, 'Art', 60, null, null]], null, { marks: header }));
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual([
      { sheet: 'Marks', row: 1, field: 'grade', message: "The Marks sheet has no 'grade' column." },
    ]);
    expect(await stored()).toEqual(before);
  });

  it("an unknown column is an error, a name column is allowed for the school's own reading", async () => {
    const res = await upload(
      admin,
      await workbook([[AMY, 2025, 1, 'Art', 60, 'B', null, null, 'x']], null, { marks: [...MARKS_COLUMNS, 'remark'] }),
    );
    expect(res.status).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      row: 1,
      field: 'remark',
      message: expect.stringContaining("Unknown column 'remark'"),
    });
    const named = await upload(
      admin,
      await workbook([['Amy Baptiste', AMY, 2025, 1, 'Art', 60, 'B', null, null]], null, {
        marks: ['Name', 'Student ID', 'Year', 'Term', 'Subject', 'Mark', 'Grade', 'Comment', 'Teacher'],
      }),
      'r.xlsx',
      '?dry_run=1',
    );
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ created: 0, updated: 1 });
  });

  it('a student without a class needs the class_id column', async () => {
    const res = await upload(
      admin,
      await workbook([['T3001', 2025, 1, 'Art', 60, 'B', null, null]], null),
      'r.xlsx',
      '?dry_run=1',
    );
    expect(res.status).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({ sheet: 'Marks', row: 2, field: 'class_id' });
    const given = await upload(
      admin,
      await workbook(
        [['T3001', 2025, 1, 'Art', 60, 'B', null, null]],
        [['T3001', 2025, 1, null, null, null, null, null, null, '1B']],
      ),
      'r.xlsx',
      '?dry_run=1',
    );
    expect(given.status).toBe(200);
  });

  it('takes the saved result of a formula and refuses a formula without one', async () => {
    const ok = await upload(
      admin,
      await workbook([[AMY, 2025, 2, 'Art', { formula: '40+35', result: 75 }, 'B', null, null]], null),
      'r.xlsx',
      '?dry_run=1',
    );
    expect(ok.status).toBe(200);
    const bad = await upload(
      admin,
      await workbook([[AMY, 2025, 2, 'Art', { formula: '40+35' }, 'B', null, null]], null),
      'r.xlsx',
      '?dry_run=1',
    );
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)[0]).toMatchObject({
      sheet: 'Marks',
      row: 2,
      field: 'mark',
      message: expect.stringContaining('formula without a saved result'),
    });
  });

  it("re-importing a student's term replaces its lines (and summary) and leaves the others", async () => {
    const res = await upload(
      admin,
      await workbook(
        [
          [AMY, 2025, 1, 'Mathematics', 85, 'A', 'Even better after the retest.', 'Mr. Singh'],
          [AMY, 2025, 1, 'Spanish', 77, 'B', null, 'Sra. Garcia'],
        ],
        [
          [
            AMY,
            2025,
            1,
            2,
            1,
            'Excellent',
            'Amy is a <b>model</b> student & a leader.',
            'Well done, Amy.',
            '2026-01-06',
            null,
          ],
        ],
      ),
    ).expect(200);
    expect(res.body).toMatchObject({ created: 0, updated: 1 });
    const report = await t.ds.getRepository(TermReport).findOneByOrFail({ student_id: AMY, year: 2025, term: 1 });
    const lines = await t.ds
      .getRepository(TermReportLine)
      .find({ where: { term_report_id: report.id }, order: { position: 'ASC' } });
    expect(lines.map((l) => [l.subject, l.mark_tenths])).toEqual([
      ['Mathematics', 850],
      ['Spanish', 770],
    ]);
    expect(await stored()).toEqual({ reports: 3, lines: 5 });
    const audit = await t.ds
      .getRepository(AuditEntry)
      .find({ where: { action: 'import_term_report', entity_id: AMY }, order: { id: 'DESC' } });
    expect(JSON.parse(audit[0].old_value!).lines.map((l: { subject: string }) => l.subject)).toEqual([
      'Mathematics',
      'English A',
    ]);
  });

  it('imports a CSV of the Marks sheet, keeping leading zeros and quoted commas', async () => {
    const csv =
      'student_id,year,term,subject,mark,grade,comment,teacher\r\n' +
      `${BEA},2025,2,Mathematics,71,B,"Good, steady work",Mr. Singh\r\n${BEA},2025,2,Geography,,B+,,\r\n`;
    const res = await upload(admin, Buffer.from(csv), 'marks.csv').expect(200);
    expect(res.body).toMatchObject({ created: 1, updated: 0, rows: { marks: 2, summary: 0 } });
    const report = await t.ds.getRepository(TermReport).findOneByOrFail({ student_id: BEA, year: 2025, term: 2 });
    const lines = await t.ds
      .getRepository(TermReportLine)
      .find({ where: { term_report_id: report.id }, order: { position: 'ASC' } });
    expect(lines.map((l) => [l.subject, l.mark_tenths, l.grade, l.comment])).toEqual([
      ['Mathematics', 710, 'B', 'Good, steady work'],
      ['Geography', null, 'B+', null],
    ]);
  });

  it("reads a CSV's headings as the student import does: case, punctuation, a note in brackets", async () => {
    const csv =
      'Student ID,Year,Term,Subject,Mark (out of 100),Grade,Comment,Teacher\r\n' +
      `${BEA},2025,3,Mathematics,64,C,,Mr. Singh\r\n`;
    const res = await upload(admin, Buffer.from(csv), 'marks.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 1, rows: { marks: 1, summary: 0 } });
    const report = await t.ds.getRepository(TermReport).findOneByOrFail({ student_id: BEA, year: 2025, term: 3 });
    const lines = await t.ds.getRepository(TermReportLine).findBy({ term_report_id: report.id });
    expect(lines.map((l) => [l.subject, l.mark_tenths, l.grade])).toEqual([['Mathematics', 640, 'C']]);
    // The tests below count the terms with report data: this one is taken out again.
    await t.ds.getRepository(TermReportLine).delete({ term_report_id: report.id });
    await t.ds.getRepository(TermReport).delete({ id: report.id });
  });

  it('refuses files it must not read with a clear 4xx and writes nothing', async () => {
    const before = await stored();
    const goodXlsx = await workbook(GOOD_MARKS, null);
    const cases: [string, Buffer, string, number, RegExp][] = [
      ['no file', Buffer.alloc(0), 'empty.xlsx', 422, /Please select a file!/],
      [
        'macro-enabled',
        makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>', 'xl/vbaProject.bin': 'VBA' }),
        'reports.xlsm',
        415,
        /Macro-enabled/,
      ],
      [
        'old .xls',
        Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
        'reports.xls',
        415,
        /97-2003/,
      ],
      ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'), 'reports.xlsx', 415, /\.xlsx\) or a CSV/],
      [
        'a Word document',
        makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' }),
        'reports.docx',
        415,
        /\.xlsx\) or a CSV/,
      ],
      ['binary named .csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00]), 'reports.csv', 415, /\.xlsx\) or a CSV/],
      [
        'larger than UPLOAD_MAX_MB',
        Buffer.concat([goodXlsx, Buffer.alloc(1024 * 1024 + 10)]),
        'big.xlsx',
        413,
        /larger than 1 MB/,
      ],
      [
        'unpacking to too much',
        makeZip({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<w/>',
          'xl/sharedStrings.xml': Buffer.alloc(60 * 1024 * 1024, 0x20),
        }),
        'bomb.xlsx',
        413,
        /unpacks to more/,
      ],
      [
        'without a Marks or Summary sheet',
        await (async () => {
          const wb = new ExcelJS.Workbook();
          wb.addWorksheet('Sheet1').addRow(['a']);
          return Buffer.from(await wb.xlsx.writeBuffer());
        })(),
        'x.xlsx',
        422,
        /needs a sheet named 'Marks' or 'Summary'/,
      ],
      ['a CSV with other columns', Buffer.from('a,b,c\n1,2,3\n'), 'x.csv', 422, /first row must hold the column names/],
      [
        'a CSV quote never closed',
        Buffer.from(`student_id,year,term,subject,mark,grade,comment,teacher\n${AMY},2025,1,Art,1,B,"Good,\n`),
        'x.csv',
        422,
        /Row 2: a quoted cell is never closed/,
      ],
      [
        'column names and no rows',
        Buffer.from('student_id,year,term,subject,mark,grade,comment,teacher\n'),
        'x.csv',
        422,
        /no rows to import/,
      ],
      [
        'too many rows',
        Buffer.from(
          `student_id,year,term,subject,mark,grade,comment,teacher\n${`${AMY},2025,1,Art,1,,,\n`.repeat(30_001)}`,
        ),
        'many.csv',
        413,
        /more than 30001 rows|at most 30000/,
      ],
    ];
    for (const [what, bytes, name, status, message] of cases) {
      const res = await upload(admin, bytes, name);
      expect(res.status, what).toBe(status);
      expect(res.body.message ?? '', what).toMatch(message);
      // A file refused as a whole is an ordinary error: no import answer, no row errors.
      expect(res.body.error_count, what).toBeUndefined();
    }
    expect(await stored()).toEqual(before);
  });

  it('is for admins only', async () => {
    const res = await upload(amy, await workbook(GOOD_MARKS, null));
    expect(res.status).toBe(403);
    await amy.get('/api/import-term-reports/template').expect(403);
  });
});

describe('posting', () => {
  it('lists every year and term with report data, not posted', async () => {
    const res = await admin.get('/api/term-reports-posted').expect(200);
    expect(res.body).toMatchObject([
      { year: 2025, term: 2, posted: 0, date_posted: '', classes: ['1A'] },
      { year: 2025, term: 1, posted: 0, date_posted: '', classes: ['1A', '2B'] },
    ]);
  });

  it("posts with the time stamped by the server in the school's time zone, audited", async () => {
    const before = formatLocalDateTime(new Date(), t.config.timeZone);
    const res = await admin
      .post('/api/post-term-reports', { year: 2025, term: 1, posted: 1, date_posted: '1999-01-01 00:00:00' })
      .expect(200);
    const after = formatLocalDateTime(new Date(), t.config.timeZone);
    expect(res.body).toMatchObject({ year: 2025, term: 1, posted: 1 });
    expect(res.body.date_posted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.date_posted >= before && res.body.date_posted <= after).toBe(true);
    const list = await admin.get('/api/term-reports-posted').expect(200);
    expect(list.body[1]).toMatchObject({ year: 2025, term: 1, posted: 1, date_posted: res.body.date_posted });
    const audit = await t.ds.getRepository(AuditEntry).findOneByOrFail({ action: 'post_term_reports' });
    expect(audit).toMatchObject({ actor: 'admin:reports-admin', entity_id: '2025-1', field: 'posted' });
    expect(JSON.parse(audit.new_value!)).toEqual({ posted: 1, date_posted: res.body.date_posted, release_at: null });
  });

  it('refuses bad postings: no data for the term, a bad term, a student', async () => {
    expect((await admin.post('/api/post-term-reports', { year: 2024, term: 3, posted: 1 })).status).toBe(404);
    const bad = await admin.post('/api/post-term-reports', { year: 2025, term: 4, posted: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.term).toEqual(['term must be 1, 2 or 3']);
    expect((await amy.post('/api/post-term-reports', { year: 2025, term: 2, posted: 1 })).status).toBe(403);
    expect((await admin.get('/api/term-reports-posted')).body[0]).toMatchObject({ term: 2, posted: 0 });
  });
});

describe('posting at the same moment', () => {
  it('two posting requests for a term posted for the first time both succeed, and removing works after', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => admin.post('/api/post-term-reports', { year: 2025, term: 2, posted: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await admin.get('/api/term-reports-posted')).body[0]).toMatchObject({ year: 2025, term: 2, posted: 1 });
    await admin.post('/api/post-term-reports', { year: 2025, term: 2, posted: 0 }).expect(200);
  });
});

describe('reading', () => {
  it("a student lists her own terms with their posting state; not another student's", async () => {
    const res = await bea.get(`/api/report-card-terms/${BEA}`).expect(200);
    expect(res.body).toEqual([
      { year: 2025, term: 2, posted: 0, date_posted: '', form_level: 1, class_id: '1A' },
      {
        year: 2025,
        term: 1,
        posted: 1,
        date_posted: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /),
        form_level: 1,
        class_id: '1A',
      },
    ]);
    expect((await bea.get(`/api/report-card-terms/${AMY}`)).status).toBe(403);
  });

  it("access: own posted 200, own unposted 403, another student's 403, admin 200 (posted or not)", async () => {
    const own = await getBinary(bea, `/api/report-card/${BEA}/2025/1`);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((own.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const unposted = await bea.get(`/api/report-card/${BEA}/2025/2`);
    expect(unposted.status).toBe(403);
    expect(unposted.body.message).toBe('This report has not been posted yet.');
    expect((await bea.get(`/api/report-card/${AMY}/2025/1`)).status).toBe(403);
    expect((await getBinary(admin, `/api/report-card/${BEA}/2025/2`)).status).toBe(200);
    expect((await getBinary(admin, `/api/report-card/${AMY}/2025/1`)).status).toBe(200);
    expect((await bea.get(`/api/report-card/${BEA}/2024/1`)).status).toBe(404);
    expect((await bea.get(`/api/report-card/${BEA}/20x5/1`)).status).toBe(404);
  });

  it('the report card shows, as text, school, student, class, year, term, subjects, marks, remarks', async () => {
    const res = await getBinary(amy, `/api/report-card/${AMY}/2025/1`).expect(200);
    expect(res.headers['content-disposition']).toContain('Report Card T1001 2025-2026 Term 1.pdf');
    const text = pdfText(res.body as Buffer);
    for (const s of [
      'Test Girls High School',
      'End of Term Report',
      'Academic Year 2025-2026',
      'Term 1',
      'Amy Baptiste',
      'T1001',
      'Form 1 - 1A',
      'Excellent',
      'Well done, Amy.',
      'Tuesday, 6 January 2026',
      'Mr. Singh',
      'Even better after the retest.',
    ]) {
      expect(text).toContain(s);
    }
    // Mathematics: Amy 85, Bea 70 → class average 77.5. Spanish: only Amy, 77 → 77.0. Her average (85 + 77) / 2 = 81.0.
    expect(text).toMatch(/Mathematics\s+85\s+A\s+77\.5/);
    expect(text).toMatch(/Spanish\s+77\s+B\s+77\.0/);
    expect(text).toMatch(/Overall average\s+81\.0/);
    expect(text).toMatch(/Days absent\s+2\s+Times late\s+1/);
    // Markup typed into a remark prints as text.
    expect(text).toContain('Amy is a <b>model</b> student & a leader.');
  });

  it("admins get one class's cards for a term as one PDF, one card per page", async () => {
    const res = await getBinary(admin, '/api/class-report-cards/2025/1/1A').expect(200);
    expect(pdfPages(res.body as Buffer)).toBe(2);
    const text = pdfText(res.body as Buffer);
    expect(text.indexOf('Amy Baptiste')).toBeGreaterThan(-1);
    expect(text.indexOf('Bea Charles')).toBeGreaterThan(text.indexOf('Amy Baptiste'));
    expect((await admin.get('/api/class-report-cards/2025/1/5C')).status).toBe(404);
    expect((await amy.get('/api/class-report-cards/2025/1/1A')).status).toBe(403);
  });

  it('removing a posting closes the cards to students again', async () => {
    const res = await admin
      .post('/api/post-term-reports', { year: 2025, term: 1, posted: 0, date_posted: '' })
      .expect(200);
    expect(res.body).toEqual({ year: 2025, term: 1, posted: 0, date_posted: '', scheduled_for: '' });
    expect((await bea.get(`/api/report-card/${BEA}/2025/1`)).status).toBe(403);
    expect((await bea.get(`/api/report-card-terms/${BEA}`)).body[1]).toMatchObject({
      term: 1,
      posted: 0,
      date_posted: '',
    });
    expect(await t.ds.getRepository(AuditEntry).countBy({ action: 'unpost_term_reports', entity_id: '2025-1' })).toBe(
      1,
    );
  });
});
