import { describe, expect, it } from 'vitest';
import type { ImportRowError } from '../../../shared/spreadsheet-import.js';
import { parseDate, parseMarkRow, parseMarkTenths, parseSummaryRow, parseYear } from './row-rules.js';

const markRow = (cells: Record<string, unknown>) =>
  ({
    row: 7,
    cells: {
      student_id: '20260001',
      year: 2025,
      term: 1,
      subject: 'Mathematics',
      mark: 80,
      grade: 'A',
      comment: null,
      teacher: null,
      ...cells,
    },
  }) as Parameters<typeof parseMarkRow>[0];

describe('term report row rules', () => {
  it('reads a good marks row, a student ID typed as a number and marks with one decimal', () => {
    const errors: ImportRowError[] = [];
    expect(parseMarkRow(markRow({ student_id: 20260001, mark: 78.5 }), errors)).toMatchObject({
      student_id: '20260001',
      mark_tenths: 785,
      row: 7,
    });
    expect(errors).toEqual([]);
  });

  it('reports each bad column of a row with sheet, row and field', () => {
    const errors: ImportRowError[] = [];
    expect(parseMarkRow(markRow({ term: 4, mark: 120, subject: null }), errors)).toBeNull();
    expect(errors.map((e) => [e.sheet, e.row, e.field])).toEqual([
      ['Marks', 7, 'term'],
      ['Marks', 7, 'subject'],
      ['Marks', 7, 'mark'],
    ]);
    expect(errors[2].message).toBe('Mark must be from 0 to 100 (got 120).');
  });

  it('needs a mark or a grade', () => {
    const errors: ImportRowError[] = [];
    expect(parseMarkRow(markRow({ mark: null, grade: null }), errors)).toBeNull();
    expect(errors[0]).toMatchObject({ field: 'mark', message: 'Give a mark or a grade (or both).' });
  });

  it('refuses marks with more than one decimal, text marks and formula errors', () => {
    expect(parseMarkTenths(70)).toBe(700);
    expect(() => parseMarkTenths(70.25)).toThrow(/one decimal/);
    expect(() => parseMarkTenths('seventy')).toThrow(/must be a number/);
    expect(() => parseMarkTenths({ error: 'The cell shows #DIV/0!.' })).toThrow('The cell shows #DIV/0!.');
  });

  it('takes the year as a start year or an academic-year label', () => {
    expect(parseYear(2025)).toBe(2025);
    expect(parseYear('2025-2026')).toBe(2025);
    expect(() => parseYear('2025-2027')).toThrow(/not an academic year/);
    expect(() => parseYear(1999)).toThrow(/from 2000/);
  });

  it('takes dates as date cells or YYYY-MM-DD text and refuses impossible ones', () => {
    expect(parseDate(new Date(Date.UTC(2026, 0, 6)), 'Next term begins')).toBe('2026-01-06');
    expect(parseDate('2026-01-06', 'Next term begins')).toBe('2026-01-06');
    expect(() => parseDate('2026-02-30', 'Next term begins')).toThrow(/YYYY-MM-DD/);
    expect(() => parseDate('06/01/2026', 'Next term begins')).toThrow(/YYYY-MM-DD/);
  });

  it('reads a summary row and checks counts and the optional class', () => {
    const errors: ImportRowError[] = [];
    const row = {
      row: 3,
      cells: {
        student_id: 'A-1',
        year: '2025',
        term: '2',
        days_absent: '3',
        times_late: 0,
        conduct: 'Good',
        form_teacher_remarks: null,
        principal_remarks: null,
        next_term_begins: null,
        class_id: '2b',
      },
    };
    expect(parseSummaryRow(row, errors)).toMatchObject({
      student_id: 'A-1',
      year: 2025,
      term: 2,
      days_absent: 3,
      times_late: 0,
      class_id: '2B',
    });
    const bad = { row: 4, cells: { ...row.cells, days_absent: -1, class_id: 'X1' } };
    expect(parseSummaryRow(bad, errors)).toBeNull();
    expect(errors.map((e) => e.field)).toEqual(['days_absent', 'class_id']);
  });
});
