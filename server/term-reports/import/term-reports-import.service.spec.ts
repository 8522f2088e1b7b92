import { ConflictException } from '@nestjs/common';
import type { Response } from 'express';
import { beforeEach, describe, expect, it } from 'vitest';
import { MARKS_SHEET, SUMMARY_SHEET } from '../../../shared/term-reports.js';
import { ADMIN, fakeAudit, fakeStudents, FakeTermReports } from '../../../test/fakes/term-reports.js';
import { fakeTransactions } from '../../../test/fakes/transactions.js';
import { importSpreadsheet } from '../../common/spreadsheets/spreadsheet-import.js';
import type { TermReportsRepository } from '../term-reports.repository.js';
import type { ReadResult, SheetRow } from './sheet-reader.js';
import { TermReportsImportService } from './term-reports-import.service.js';

// The term-report import with an in-memory owner: what it accepts and refuses (before writing anything), how a
// re-import replaces a report's lines and summary, and a dry run. The file is given as read (sheet-reader has its
// own rules), so these specs hold the rules of the rows against the stored students and reports.

const FILE = { buffer: Buffer.from(''), originalname: 'term1.xlsx', size: 1 };

let rowNo = 1;
const mark = (cells: Record<string, unknown>): SheetRow =>
  ({
    row: ++rowNo,
    cells: { student_id: '20250001', year: 2025, term: 1, subject: 'Mathematics', mark: 80, grade: 'A', ...cells },
  }) as SheetRow;
const summary = (cells: Record<string, unknown>): SheetRow =>
  ({
    row: ++rowNo,
    cells: { student_id: '20250001', year: 2025, term: 1, days_absent: 2, conduct: 'Good', ...cells },
  }) as SheetRow;
const file = (marks: SheetRow[], summaries: SheetRow[] = []): ReadResult => ({
  sheets: [
    { kind: MARKS_SHEET, rows: marks },
    { kind: SUMMARY_SHEET, rows: summaries },
  ],
  errors: [],
});

function build() {
  const reports = new FakeTermReports();
  const tx = fakeTransactions();
  const audit = fakeAudit();
  const students = fakeStudents([
    { id: '20250001', class_id: '1A' },
    { id: '20250002', class_id: '1B' },
    { id: '20250003', class_id: null },
  ]);
  const service = new TermReportsImportService(tx, reports as unknown as TermReportsRepository, audit, students);
  /** check, then commit a file without errors, as importSpreadsheet does */
  const run = async (read: ReadResult) => {
    const checked = await service.check(read);
    return checked.errors.length ? checked : service.commit(read, checked, FILE, ADMIN);
  };
  return { service, reports, tx, audit, run };
}

describe('TermReportsImportService (unit, in-memory owner)', () => {
  let t: ReturnType<typeof build>;
  beforeEach(() => {
    rowNo = 1;
    t = build();
  });

  it("creates each student's term report with the file's lines in order and its summary, audited", async () => {
    const result = await t.run(
      file(
        [
          mark({ subject: 'Mathematics', mark: 78.5 }),
          mark({ subject: 'English', mark: 91, grade: 'A+' }),
          mark({ student_id: '20250002', subject: 'Spanish', mark: null, grade: 'B' }),
        ],
        [summary({ days_absent: 3, class_id: '1c' })],
      ),
    );
    expect(result).toEqual({ counts: { created: 2, updated: 0, rows: { marks: 3, summary: 1 } }, errors: [] });
    expect(t.reports.reports.map((r) => [r.student_id, r.class_id, r.form_level, r.days_absent, r.conduct])).toEqual([
      ['20250001', '1C', 1, 3, 'Good'], // the class given in the file, else her present class
      ['20250002', '1B', 1, null, null],
    ]);
    const [ann, bea] = t.reports.reports;
    expect(t.reports.linesOfReport(ann.id).map((l) => [l.position, l.subject, l.mark_tenths])).toEqual([
      [1, 'Mathematics', 785],
      [2, 'English', 910],
    ]);
    expect(t.reports.linesOfReport(bea.id).map((l) => [l.subject, l.mark_tenths, l.grade])).toEqual([
      ['Spanish', null, 'B'],
    ]);
    expect(t.tx.committed).toBe(1);
    expect(t.audit.events.map((e) => [e.action, e.entity_id, e.inTransaction])).toEqual([
      ['import_term_report', '20250001', true],
      ['import_term_report', '20250002', true],
      ['import_term_reports', undefined, true],
    ]);
    expect(t.audit.events[2].new_value).toEqual({
      file: 'term1.xlsx',
      rows: { marks: 3, summary: 1 },
      created: 2,
      updated: 0,
    });
  });

  it('refuses unknown students, repeated subjects or summaries, students without a class; no writes', async () => {
    const checked = await t.service.check(
      file(
        [
          mark({ subject: 'Mathematics' }), // row 2
          mark({ subject: 'mathematics ' }), // row 3: the same subject for the same report
          mark({ student_id: '20259999' }), // row 4: no such student
          mark({ student_id: '20250003' }), // row 5: no class anywhere
          mark({ term: 4 }), // row 6: a bad cell
        ],
        [summary({}), summary({ conduct: 'Fair' })], // rows 7 and 8: two summaries of one report
      ),
    );
    expect(checked.errors.map((e) => [e.sheet, e.row, e.field])).toEqual([
      [MARKS_SHEET, 3, 'subject'],
      [MARKS_SHEET, 4, 'student_id'],
      [MARKS_SHEET, 5, 'class_id'],
      [MARKS_SHEET, 6, 'term'],
      [SUMMARY_SHEET, 8, 'student_id'],
    ]);
    expect(checked.errors[0].message).toBe('mathematics for this student and term is already on row 2.');
    expect(checked.errors[1].message).toBe('There is no student with the ID 20259999.');
    expect(checked.counts).toMatchObject({ created: 0, updated: 0 });
    expect(t.reports.writes).toBe(0);
    expect(t.tx.committed).toBe(0);
    expect(t.audit.events).toEqual([]);
  });

  it('refuses a file with no rows at all', async () => {
    await expect(t.service.check(file([], []))).rejects.toThrow(
      'The file has no rows to import below the column names.',
    );
  });

  it('a dry run checks and counts but writes nothing; a file with errors answers 422 and writes nothing', async () => {
    const status: number[] = [];
    const res = { status: (code: number) => status.push(code) } as unknown as Response;
    const upload = (read: ReadResult, dryRun?: string) => {
      t.service.read = async () => read; // the file as read
      return importSpreadsheet(
        t.service,
        { file: FILE, dryRun, actor: ADMIN, res },
        { noFileMessage: 'Choose a file.' },
      );
    };
    const dry = await upload(file([mark({})]), '1');
    expect(dry).toMatchObject({ created: 1, updated: 0, dry_run: true, committed: false, error_count: 0 });
    expect(t.reports.reports).toEqual([]);

    const bad = await upload(file([mark({}), mark({ student_id: '20259999' })]));
    expect(bad).toMatchObject({ statusCode: 422, committed: false, error_count: 1 });
    expect(status).toEqual([422]);
    expect(t.reports.reports).toEqual([]);
    expect(t.reports.writes).toBe(0);

    expect(await upload(file([mark({})]))).toMatchObject({ created: 1, committed: true });
    expect(t.reports.reports).toHaveLength(1);
  });

  it("a re-import replaces the report's lines when it names them in Marks, and keeps its summary", async () => {
    await t.run(file([mark({ subject: 'Mathematics' }), mark({ subject: 'English' })], [summary({ days_absent: 4 })]));
    const checked = await t.service.check(file([mark({ subject: 'Art', mark: 60 })]));
    expect(checked.counts).toMatchObject({ created: 0, updated: 1 });
    await t.service.commit(file([]), checked, FILE, ADMIN);
    const [report] = t.reports.reports;
    expect(t.reports.reports).toHaveLength(1);
    expect(t.reports.linesOfReport(report.id).map((l) => [l.position, l.subject, l.mark_tenths])).toEqual([
      [1, 'Art', 600],
    ]);
    expect([report.days_absent, report.conduct]).toEqual([4, 'Good']);
    const event = t.audit.events.find((e) => e.action === 'import_term_report' && e.old_value);
    expect(event).toMatchObject({
      old_value: { days_absent: 4, lines: [{ subject: 'Mathematics' }, { subject: 'English' }] },
      new_value: { days_absent: 4, lines: [{ subject: 'Art', mark: 60 }] },
    });
  });

  it("a re-import of the summary only replaces the summary and keeps the report's lines", async () => {
    await t.run(
      file([mark({ subject: 'Mathematics' })], [summary({ days_absent: 4, principal_remarks: 'Well done' })]),
    );
    await t.run(file([], [summary({ days_absent: 1, conduct: null })]));
    const [report] = t.reports.reports;
    expect([report.days_absent, report.conduct, report.principal_remarks]).toEqual([1, null, null]);
    expect(t.reports.linesOfReport(report.id).map((l) => l.subject)).toEqual(['Mathematics']);
  });

  it("keeps the report's own class on a re-import without a class, rather than her present one", async () => {
    t.reports.add({ student_id: '20250002', year: 2024, term: 3, class_id: '1D' });
    await t.run(file([mark({ student_id: '20250002', year: 2024, term: 3 })]));
    expect(t.reports.reports.map((r) => [r.year, r.term, r.class_id])).toEqual([[2024, 3, '1D']]);
  });

  it('answers 409 when another import wrote the same report at the same moment', async () => {
    const checked = await t.service.check(file([mark({})]));
    // Another import inserts the same report between this one's read and its insert: the unique key refuses it.
    t.reports.insert = async () => {
      throw Object.assign(new Error("Duplicate entry '20250001-2025-1'"), { code: 'ER_DUP_ENTRY', errno: 1062 });
    };
    await expect(t.service.commit(file([]), checked, FILE, ADMIN)).rejects.toThrow(ConflictException);
  });
});
