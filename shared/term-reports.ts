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
 * **Added** (docs/product.md §4 Term report posting): a posting may wait for a release time. `scheduled_for` is that
 * time in the school's time zone ('YYYY-MM-DD HH:mm') while it is still ahead, else ''. A scheduled posting has
 * `posted: 1` and `date_posted` the release time; students see nothing of it before then.
 */
export interface ScheduledPosting {
  scheduled_for: string;
}

/** One class's posting state in a term: its own when it was posted or removed by itself, else the term's. */
export interface ClassPosting extends ScheduledPosting {
  class_id: string;
  posted: 0 | 1;
  date_posted: string;
  /** true when the class was posted or removed by itself (not by a whole-term posting) */
  own: boolean;
}

/** A student's card held back for a term (a document still owed, …): she sees the term as not posted. */
export interface TermReportHold {
  student_id: string;
  year: number;
  term: number;
  /** 'Last, First' */
  name: string;
  class_id: string;
  reason: string;
  held_by: string;
  /** 'YYYY-MM-DD HH:mm' in the school's time zone */
  held_at: string;
}

/**
 * An item of GET /api/term-reports-posted: the fields of docs/product.md §3 Term report status, the classes with
 * reports that term, and (**Added**) each class's posting, the holds and a release time still ahead.
 */
export interface TermReportsPostedItem extends TermReportPosting, ScheduledPosting {
  classes: string[];
  class_postings: ClassPosting[];
  holds: TermReportHold[];
}

/**
 * POST /api/post-term-reports. date_posted is accepted in the payload but stamped by the server. **Added**:
 * `class_id` posts or removes one class only; `release_at` ('YYYY-MM-DD HH:mm' or 'YYYY-MM-DDTHH:mm', school time)
 * makes the posting wait until then. Without `class_id` it is the whole term: a removal clears every class's own
 * state; a posting leaves a class posted on its own as it is, and a class scheduled on its own keeps its release
 * time unless `include_scheduled` is true (then it follows the term's posting).
 */
export interface PostTermReportsRequest {
  year: number;
  term: number;
  posted: 0 | 1;
  date_posted?: string;
  class_id?: string;
  release_at?: string;
  include_scheduled?: boolean;
}

/** The answer of POST /api/post-term-reports. */
export interface PostTermReportsResult extends TermReportPosting, ScheduledPosting {
  class_id?: string;
}

/** POST /api/term-report-holds (hold) and POST /api/term-report-holds/remove (lift; reason not needed). */
export interface TermReportHoldRequest {
  student_id: string;
  year: number;
  term: number;
  reason?: string;
}

export const HOLD_REASON_MAX = 200;

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
  noClassData: 'There are no term reports for that class in that year and term.',
  releaseFormat: 'Give the release time as YYYY-MM-DD HH:mm (school time).',
  releasePassed: 'That release time has passed. Choose a later time, or post now.',
  releaseTooFar: 'That release time is more than a year ahead. Choose an earlier time.',
  noStudentReport: 'She has no report for that year and term.',
  holdReason: 'Please give the reason for holding her report.',
  includeScheduledType: 'include_scheduled must be true or false.',
  includeScheduledWholeTerm: 'include_scheduled is for a whole-term posting only: leave out class_id.',
  nowPosted: (datePosted: string) => `Now: posted ${datePosted.slice(0, 16)}`,
  nowNotPosted: 'Now: not posted',
  nowScheduled: (scheduledFor: string) => `Now: scheduled for ${scheduledFor}`,
  noFile: 'Please select a file!',
} as const;
