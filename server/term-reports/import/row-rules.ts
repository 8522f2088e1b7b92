import { formLevelOf, STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import type { ImportRowError } from '../../../shared/spreadsheet-import.js';
import {
  MARKS_SHEET,
  SUMMARY_SHEET,
  TERM_REPORT_LIMITS as L,
  TERM_YEAR_MAX,
  TERM_YEAR_MIN,
} from '../../../shared/term-reports.js';
import type { RawCell, SheetRow } from './sheet-reader.js';

// The rules a row of the Marks or Summary sheet must meet, as pure functions from cells to values.
// Each failure names the sheet, row and column so the school can find and fix it.

export interface ReportKey {
  student_id: string;
  year: number;
  term: number;
}

export interface MarkRow extends ReportKey {
  row: number;
  subject: string;
  mark_tenths: number | null;
  grade: string | null;
  comment: string | null;
  teacher: string | null;
}

export interface SummaryRow extends ReportKey {
  row: number;
  days_absent: number | null;
  times_late: number | null;
  conduct: string | null;
  form_teacher_remarks: string | null;
  principal_remarks: string | null;
  next_term_begins: string | null;
  class_id: string | null;
}

export const keyOf = (k: ReportKey) => `${k.student_id}|${k.year}|${k.term}`;

class FieldError extends Error {}

function isBlank(c: RawCell | undefined): c is null | undefined {
  return c === null || c === undefined || (typeof c === 'string' && c.trim() === '');
}

function cellError(c: RawCell | undefined): void {
  if (c !== null && typeof c === 'object' && !(c instanceof Date)) throw new FieldError(c.error);
}

function text(c: RawCell | undefined, max: number, label: string): string | null {
  cellError(c);
  if (isBlank(c)) return null;
  const s = (c instanceof Date ? c.toISOString().slice(0, 10) : String(c)).trim();
  if (s.length > max) throw new FieldError(`${label} has ${s.length} characters; at most ${max} are allowed.`);
  return s;
}

function requiredText(c: RawCell | undefined, max: number, label: string): string {
  const s = text(c, max, label);
  if (s === null) throw new FieldError(`${label} is required.`);
  return s;
}

function numberOf(c: RawCell, label: string): number {
  const n = typeof c === 'number' ? c : typeof c === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(c) ? Number(c) : NaN;
  if (!Number.isFinite(n)) throw new FieldError(`${label} must be a number (got '${String(c)}').`);
  return n;
}

export function parseStudentId(c: RawCell | undefined): string {
  cellError(c);
  if (isBlank(c)) throw new FieldError('Student ID is required.');
  if (typeof c === 'number' && !Number.isInteger(c)) throw new FieldError(`'${c}' is not a student ID.`);
  const id = String(c).trim();
  if (!STUDENT_ID_PATTERN.test(id)) throw new FieldError(`'${id}' is not a student ID.`);
  return id;
}

/** The academic year's start year: 2025, or written as the label '2025-2026' (or 2025/2026). */
export function parseYear(c: RawCell | undefined): number {
  cellError(c);
  if (isBlank(c)) throw new FieldError('Year is required.');
  const s = String(c).trim();
  const range = /^(\d{4})\s*[-/]\s*(\d{4})$/.exec(s);
  let year: number;
  if (range) {
    year = Number(range[1]);
    if (Number(range[2]) !== year + 1)
      throw new FieldError(`'${s}' is not an academic year: write the start year, e.g. ${year}.`);
  } else if (/^\d{4}$/.test(s)) {
    year = Number(s);
  } else {
    throw new FieldError(`Year must be the academic year's start year, e.g. 2025 for 2025-2026 (got '${s}').`);
  }
  if (year < TERM_YEAR_MIN || year > TERM_YEAR_MAX)
    throw new FieldError(`Year must be from ${TERM_YEAR_MIN} to ${TERM_YEAR_MAX} (got ${year}).`);
  return year;
}

export function parseTerm(c: RawCell | undefined): number {
  cellError(c);
  if (isBlank(c)) throw new FieldError('Term is required.');
  const s = String(c).trim();
  if (!/^[123]$/.test(s)) throw new FieldError(`Term must be 1, 2 or 3 (got '${s}').`);
  return Number(s);
}

/** A mark out of 100 with at most one decimal, returned in tenths (78.5 → 785). */
export function parseMarkTenths(c: RawCell | undefined): number | null {
  cellError(c);
  if (isBlank(c)) return null;
  const n = numberOf(c, 'Mark');
  if (n < 0 || n > 100) throw new FieldError(`Mark must be from 0 to 100 (got ${n}).`);
  const tenths = Math.round(n * 10);
  if (Math.abs(tenths - n * 10) > 1e-6) throw new FieldError(`Mark may have at most one decimal place (got ${n}).`);
  return tenths;
}

function count(c: RawCell | undefined, label: string): number | null {
  cellError(c);
  if (isBlank(c)) return null;
  const n = numberOf(c, label);
  if (!Number.isInteger(n) || n < 0 || n > L.daysMax)
    throw new FieldError(`${label} must be a whole number from 0 to ${L.daysMax} (got ${n}).`);
  return n;
}

/** A date cell, or text 'YYYY-MM-DD'. Date cells hold the calendar date at UTC midnight. */
export function parseDate(c: RawCell | undefined, label: string): string | null {
  cellError(c);
  if (isBlank(c)) return null;
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) throw new FieldError(`${label} is not a valid date.`);
    return c.toISOString().slice(0, 10);
  }
  const s = String(c).trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== s)
    throw new FieldError(`${label} must be a date written YYYY-MM-DD, e.g. 2026-01-06 (got '${s}').`);
  return s;
}

export function parseClassId(c: RawCell | undefined): string | null {
  const s = text(c, 10, 'Class');
  if (s === null) return null;
  if (formLevelOf(s) === null) throw new FieldError(`'${s}' is not a class: a class starts with its form, e.g. 1A.`);
  return s.toUpperCase();
}

/** Runs the parsers of one row; every failing column is reported, not only the first. */
function parseRow<T>(
  sheet: string,
  row: SheetRow,
  parsers: { [K in keyof T]: [string, (c: RawCell | undefined) => T[K]] },
  errors: ImportRowError[],
): T | null {
  const out = {} as T;
  let ok = true;
  for (const key of Object.keys(parsers) as (keyof T)[]) {
    const [column, parse] = parsers[key];
    try {
      out[key] = parse(row.cells[column]);
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      errors.push({ sheet, row: row.row, field: column, message: e.message });
      ok = false;
    }
  }
  return ok ? out : null;
}

export function parseMarkRow(row: SheetRow, errors: ImportRowError[]): MarkRow | null {
  const parsed = parseRow<Omit<MarkRow, 'row'>>(
    MARKS_SHEET,
    row,
    {
      student_id: ['student_id', parseStudentId],
      year: ['year', parseYear],
      term: ['term', parseTerm],
      subject: ['subject', (c) => requiredText(c, L.subject, 'Subject')],
      mark_tenths: ['mark', parseMarkTenths],
      grade: ['grade', (c) => text(c, L.grade, 'Grade')],
      comment: ['comment', (c) => text(c, L.comment, 'Comment')],
      teacher: ['teacher', (c) => text(c, L.teacher, 'Teacher')],
    },
    errors,
  );
  if (!parsed) return null;
  if (parsed.mark_tenths === null && parsed.grade === null) {
    errors.push({ sheet: MARKS_SHEET, row: row.row, field: 'mark', message: 'Give a mark or a grade (or both).' });
    return null;
  }
  return { row: row.row, ...parsed };
}

export function parseSummaryRow(row: SheetRow, errors: ImportRowError[]): SummaryRow | null {
  const parsed = parseRow<Omit<SummaryRow, 'row'>>(
    SUMMARY_SHEET,
    row,
    {
      student_id: ['student_id', parseStudentId],
      year: ['year', parseYear],
      term: ['term', parseTerm],
      days_absent: ['days_absent', (c) => count(c, 'Days absent')],
      times_late: ['times_late', (c) => count(c, 'Times late')],
      conduct: ['conduct', (c) => text(c, L.conduct, 'Conduct')],
      form_teacher_remarks: ['form_teacher_remarks', (c) => text(c, L.remarks, "Form teacher's remarks")],
      principal_remarks: ['principal_remarks', (c) => text(c, L.remarks, "Principal's remarks")],
      next_term_begins: ['next_term_begins', (c) => parseDate(c, 'Next term begins')],
      class_id: ['class_id', parseClassId],
    },
    errors,
  );
  return parsed ? { row: row.row, ...parsed } : null;
}
