// Term reports (docs/product.md §2 Student term reports, Post Term Reports; §3 Term report status; §4 Term report
// posting): the limits, columns, messages and answer shapes shared by the server and the web client.

import { academicYearLabel } from './constants.js';
import type { SpreadsheetImportResult } from './spreadsheet-import.js';

export const TERMS = [1, 2, 3] as const;
export const TERM_YEAR_MIN = 2000;
export const TERM_YEAR_MAX = 2100;

/** The import's two sheets and their columns, in template order. */
export const MARKS_SHEET = 'Marks';
export const SUMMARY_SHEET = 'Summary';
export const MARKS_COLUMNS = ['student_id', 'year', 'term', 'subject', 'mark', 'grade', 'comment', 'teacher'] as const;
export const SUMMARY_COLUMNS = [
  'student_id',
  'year',
  'term',
  'days_absent',
  'times_late',
  'conduct',
  'form_teacher_remarks',
  'principal_remarks',
  'next_term_begins',
  'class_id',
] as const;
/** The listed columns must all be in the header row (their cells may be empty); class_id is optional. */
export const OPTIONAL_COLUMNS = ['class_id'] as const;
/** Columns a school may keep in its sheets for its own reading; the import ignores them. */
export const IGNORED_COLUMNS = ['name', 'student_name'] as const;

export const TERM_REPORT_LIMITS = {
  subject: 60,
  grade: 5,
  comment: 500,
  teacher: 60,
  conduct: 50,
  remarks: 1000,
  daysMax: 200,
  /** rows per sheet: a 1,500-student school with 15 subjects is 22,500 mark rows */
  rowsPerSheet: 30_000,
  /** the most errors one answer lists; counting goes on */
  errorsListed: 200,
} as const;

export const TEMPLATE_FILE_NAME = 'Term Reports Template.xlsx';

/** GET /api/term-reports-posted: one item per academic year and term that has report data. */
export interface TermReportPosting {
  year: number;
  term: number;
  posted: 0 | 1;
  /** 'YYYY-MM-DD HH:mm:ss' in the school's time zone; '' when not posted */
  date_posted: string;
}

/**
 * An item of GET /api/term-reports-posted: the fields of docs/product.md §3 Term report status and the classes with
 * reports that term.
 */
export interface TermReportsPostedItem extends TermReportPosting {
  classes: string[];
}

/** POST /api/post-term-reports. date_posted is accepted in the payload but stamped by the server. */
export interface PostTermReportsRequest {
  year: number;
  term: number;
  posted: 0 | 1;
  date_posted?: string;
}

/** GET /api/report-card-terms/{userId} */
export interface ReportCardTerm extends TermReportPosting {
  form_level: number;
  class_id: string;
}

/** POST /api/import-term-reports[?dry_run=1]: created and updated count term reports (student, year, term). */
export interface ImportTermReportsResult extends SpreadsheetImportResult {
  /** rows read, per sheet */
  rows: { marks: number; summary: number };
}

export const termLabel = (year: number, term: number) => `${year} Term ${term}`;

export const TERM_REPORT_MESSAGES = {
  selectTitle: 'Select Term Report',
  headline: 'End of Term Report',
  notPosted: 'Report not posted',
  formLine: (formLevel: number, classId: string) => `Form ${formLevel} - ${classId}`,
  termLine: (year: number, term: number) => `Term ${term}, ${academicYearLabel(year)}`,
  postedLine: (datePosted: string) => `Report posted ${datePosted}`,
  confirmPost: (year: number, term: number) => `Post ${termLabel(year, term)} reports?`,
  posting: 'Posting reports please stand by',
  removing: 'Removing reports please stand by',
  posted: (year: number, term: number) => `${termLabel(year, term)} reports posted`,
  removed: (year: number, term: number) => `${termLabel(year, term)} reports removed`,
  postFailed: 'The reports could not be posted. Please try again.',
  removeFailed: 'The posting could not be removed. Please try again.',
  notPostedYet: 'This report has not been posted yet.',
  noReportData: 'There are no term reports for that year and term.',
  noFile: 'Please select a file!',
} as const;
