// Retention of former students' personal data (docs/product.md §12.4): when it falls due, and what a deletion keeps
// and removes. Framework-free: the server's rules, the office's screens and the specs read the same definitions.

import { FORMER_STATUSES, RETENTION_YEARS, type StudentStatus } from './school-year.js';

/**
 * The columns of her students row that stay after her personal data is deleted: the school's register (who she
 * was, her class, when and why she left). Every other column is emptied.
 */
export const REGISTER_COLUMNS = [
  'id',
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'class_id',
  'status',
  'left_on',
  'leaving_reason',
  'created_at',
  'updated_at',
  'scrubbed_at',
] as const;

/** What the deletion keeps and removes, in the office's words (the confirmation dialog, docs/product.md §12.4). */
export const RETENTION_KEEPS: readonly string[] = [
  'Her student ID, first, middle and last names, date of birth',
  'Her class and class history, her status, the date she left and why',
  'Her report cards',
  'The audit trail entries (without the values they held)',
];
export const RETENTION_REMOVES: readonly string[] = [
  'Every other field of her registration record (addresses, family, health, other data)',
  'Her uploaded documents, every version, and the registration forms made from them',
  'The values the audit trail held of her answers',
  'The e-mails queued or kept about her',
  'Her guardian links and invitations',
  'Her sign-in account, its sessions and password reset links',
];

export const RETENTION_MESSAGES = {
  /** POST /api/retention with a number outside 0-50 or not a whole number (422 on years_after_leaving). */
  years: `Enter a whole number of years from ${RETENTION_YEARS.min} to ${RETENTION_YEARS.max}.`,
  /** POST /api/retention/scrub without a student (422 on student_ids). */
  noStudents: 'Choose at least one former student.',
  /** POST /api/retention/scrub naming students whose data is not due for deletion (422 on student_ids). */
  notDue: (ids: readonly string[]) =>
    `The personal data of ${ids.join(', ')} is not due for deletion (not a former student, not yet due, ` +
    'or already deleted). Nothing was deleted.',
  /** The scrub's answer, for the office. */
  scrubbed: (count: number) =>
    count === 1
      ? "1 former student's personal data was deleted."
      : `${count} former students' personal data was deleted.`,
  /** The dashboard's notice (only when some are due). */
  dueNotice: (count: number) =>
    count === 1
      ? "1 former student's personal data is due for deletion."
      : `${count} former students' personal data is due for deletion.`,
} as const;

export interface RetentionScrubRequest {
  student_ids: string[];
  password: string;
}

export interface RetentionScrubResult {
  scrubbed: number;
}

/** 'YYYY-MM-DD' with zero padding. */
function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The day her personal data falls due for deletion: the day she left plus `years` whole years. A date that does not
 * exist in the later year (29 February in a common year) becomes the last day of that month (28 February).
 */
export function retentionDueOn(leftOn: string, years: number): string {
  const [year, month, day] = leftOn.split('-').map(Number);
  const to = year + years;
  return isoDate(to, month, Math.min(day, daysInMonth(to, month)));
}

/**
 * Whether a student's personal data is due for deletion on `today` (the school's local 'YYYY-MM-DD'): a former
 * student (graduated or left) with a leaving date, not deleted already, whose due date is today or earlier.
 */
export function isRetentionDue(
  student: { status: StudentStatus; left_on: string | null; scrubbed_at: string | null },
  years: number,
  today: string,
): boolean {
  if (!FORMER_STATUSES.includes(student.status) || student.scrubbed_at !== null || !student.left_on) return false;
  return retentionDueOn(student.left_on, years) <= today;
}

/** The latest leaving date whose data is due on `today`: a student who left on or before it is due. */
export function latestDueLeavingDate(years: number, today: string): string {
  const [year, month, day] = today.split('-').map(Number);
  const from = year - years;
  // 28 February today: someone who left on 29 February `years` ago is due too (her due day is 28 February).
  if (month === 2 && day === 28 && daysInMonth(from, 2) === 29) return isoDate(from, 2, 29);
  return isoDate(from, month, Math.min(day, daysInMonth(from, month)));
}
