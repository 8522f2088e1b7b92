// The school year (docs/product.md §12): its label, the default next class, the rollover's and retention's shapes and
// words. Framework-free: the server's rules and the office's screens read the same definitions.

import { formLevelOf } from './constants.js';

/** The last form level: its classes graduate at rollover unless the office sets another rule. */
export const LAST_FORM_LEVEL = 6;

/** A student's standing: a current student, or a former one (graduated or left). */
export const STUDENT_STATUSES = ['current', 'graduated', 'left'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const FORMER_STATUSES: readonly StudentStatus[] = ['graduated', 'left'];

/** The one definition of a former student (docs/product.md §12.3): her status is one of FORMER_STATUSES. */
export function isFormerStatus(status: unknown): boolean {
  return typeof status === 'string' && (FORMER_STATUSES as readonly string[]).includes(status);
}

/** Her standing on the students table: written by the rollover (and its undo) only. */
export type StudentStanding = {
  status: StudentStatus;
  left_on: string | null;
  leaving_reason: string | null;
};

/** What a class's rule does at rollover: move up to its next class, graduate, or leave (e.g. 5A → none). */
export const CLASS_RULE_ACTIONS = ['promote', 'graduate', 'leave'] as const;
export type ClassRuleAction = (typeof CLASS_RULE_ACTIONS)[number];

/** What the rollover does to one student. */
export const ROLLOVER_ACTIONS = ['promote', 'repeat', 'graduate', 'leave'] as const;
export type RolloverAction = (typeof ROLLOVER_ACTIONS)[number];

/** How long a former student's personal data is kept after she leaves, in whole years (GET/POST /api/retention). */
export const RETENTION_YEARS = { min: 0, max: 50, default: 7 } as const;

/** "2026-2027" for the school year starting in 2026. */
export function schoolYearLabel(year: number): string {
  return `${year}-${year + 1}`;
}

/**
 * The school year of a date for a portal never rolled over: from the start month (SCHOOL_YEAR_START_MONTH, 1-12)
 * on, the year of the date; before it, the year before. `date` is the school's local 'YYYY-MM-DD'.
 */
export function schoolYearOfDate(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

/**
 * A class's rule when the office has set none: the same letters one form level up (1A → 2A), or graduation from the
 * last form level. A class id without a form level (not 1-6 first) repeats: its students stay where they are.
 */
export function defaultClassRule(classId: string): {
  action: ClassRuleAction | 'repeat';
  next_class_id: string | null;
} {
  const level = formLevelOf(classId);
  if (level === null) return { action: 'repeat', next_class_id: null };
  if (level >= LAST_FORM_LEVEL) return { action: 'graduate', next_class_id: null };
  return { action: 'promote', next_class_id: `${level + 1}${classId.trim().slice(1)}` };
}

export interface SchoolYearView {
  year: number;
}

export interface ClassRuleView {
  class_id: string;
  action: ClassRuleAction;
  next_class_id: string | null;
  /** false when it is the default rule (no rule stored) */
  custom: boolean;
}

export interface RolloverPreviewStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  action: RolloverAction;
  to_class_id: string | null;
}

export interface RolloverPreview {
  from_year: number;
  to_year: number;
  /** each class's rule as the preview applied it (the stored rule, the request's, or the default) */
  rules: ClassRuleView[];
  students: RolloverPreviewStudent[];
}

export interface RolloverChange {
  id: string;
  action: RolloverAction;
  to_class_id?: string | null;
  reason?: string | null;
}

export interface RolloverResult {
  to_year: number;
  promoted: number;
  repeated: number;
  graduated: number;
  left: number;
}

export interface FormerStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  /** her last class */
  class_id: string | null;
  status: Exclude<StudentStatus, 'current'>;
  left_on: string | null;
  leaving_reason: string | null;
}

export interface RetentionPolicyView {
  years_after_leaving: number;
}

export interface RetentionDueStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  left_on: string;
  due_on: string;
}

export const SCHOOL_YEAR_MESSAGES = {
  /** A former student signs in with her right password (403, no session). */
  formerStudentSignIn:
    'Your time at the school has ended, so this account is closed. ' +
    'Please contact the school office if you need your records.',
  /** POST /api/rollover with a to_year other than the current year + 1 (409). */
  rolloverWrongYear: (current: number) =>
    `The school can only move on to ${schoolYearLabel(current + 1)}: ` +
    `the current school year is ${schoolYearLabel(current)}.`,
  /** POST /api/rollover/undo with nothing to undo (409). */
  nothingToUndo: 'There is no rollover to undo.',
  /** POST /api/rollover/undo after a save in the new year (409). */
  undoAfterSave: 'The rollover can no longer be undone: something has been saved in the new school year since.',
} as const;
