// A school year's registration round (docs/product.md §13): a returning student confirms last year's answers step by
// step instead of typing them again, the office sees what changed, and each year's form is kept. The shapes, states
// and words the server answers with and the screens draw. Framework-free.

import type { DocumentType } from './constants.js';
import { DOCUMENT_LABELS } from './documents.js';
import { type RegistrationStep, REGISTRATION_STEPS } from './student-fields.js';
import { schoolYearLabel } from './school-year.js';

/** The five steps a returning family confirms (the sixth, Complete, is agreed to). */
export const DATA_STEPS = ['studentData', 'familyData', 'healthData', 'otherData', 'documents'] as const;
export type DataStep = (typeof DATA_STEPS)[number];

export const isDataStep = (step: unknown): step is DataStep => (DATA_STEPS as readonly unknown[]).includes(step);

/** A returning student's data step: last year's answers not yet looked at, kept as they were, or changed. */
export type ReturningStepState = 'to_confirm' | 'confirmed' | 'changed';
/** A new student's step, as her progress says. */
export type NewStepState = 'not_started' | 'in_progress' | 'complete';
/** The Complete step of a returning student: this year's terms agreed to, or not yet. */
export type AgreementState = 'to_agree' | 'agreed';

export type RoundStepState = ReturningStepState | NewStepState | AgreementState;

/** GET /api/registration-round/{studentId} */
export interface RegistrationRound {
  /** the school year of the round, by its start year */
  year: number;
  /** she was at the school the year before: she starts from last year's answers */
  returning: boolean;
  steps: Record<RegistrationStep, RoundStepState>;
  /** every step done (returning: each data step confirmed or changed, this year's terms agreed, nothing missing) */
  complete: boolean;
  /** returning only: the document slots she kept (last year's file) or replaced this year */
  documents: Partial<Record<DocumentType, 'kept' | 'replaced'>>;
}

/** POST /api/registration-round/{studentId}/confirm: a step confirmed as it stands ("Still correct"), a slot kept. */
export interface ConfirmStepRequest {
  step: DataStep;
  /** documents only: keep last year's file of this slot (without it, every slot that has a file is kept) */
  document?: DocumentType;
}

/** One field (or document) whose value now differs from the start of the year's round. */
export interface RecordChange {
  /** the record's field, or `document:<type>` for a document replaced */
  field: string;
  label: string;
  step: RegistrationStep;
  old_value: string | number | null;
  new_value: string | number | null;
  /** when it was last changed (ISO), and by whom (as the audit trail names her, e.g. guardian:mum@example.org) */
  changed_at: string | null;
  by: string | null;
  /** conditions, allergies, medical history: shown highlighted to the office */
  medical: boolean;
}

/** Where a student stands in this year's round, for the office's lists (the Students table, the dashboard). */
export type RoundStanding = 'not_started' | 'in_progress' | 'confirmed';

/** Whether the office has seen her changes: none, changed and not reviewed, or reviewed since the last change. */
export type ChangesStanding = 'none' | 'not_reviewed' | 'reviewed';

/**
 * A student's round at a glance, on each row of GET /api/students: for a returning student where she stands and
 * whether her changes are reviewed; for a new student (nothing to confirm) standing and changes are null.
 */
export interface StudentRoundSummary {
  returning: boolean;
  standing: RoundStanding | null;
  changes: ChangesStanding | null;
}

/** Per class on the dashboard's progress (returning students only). */
export interface ClassRoundProgress {
  confirmed: number;
  changed_not_reviewed: number;
  not_started: number;
}

/** POST /api/students/{id}/reviewed */
export interface ReviewedRequest {
  year: number;
}
export interface ReviewedResponse {
  year: number;
  reviewed_at: string;
}

/** A kept year's registration form, for the office's year list. */
export interface ArchivedForm {
  year: number;
  archived_at: string;
  /** of the PDF as it was made (null until it is made, on first request or by the background job) */
  sha256: string | null;
}

/** The record's fields whose change the office sees highlighted (medical). */
export const MEDICAL_FIELDS: readonly string[] = ['medical_history', 'other_illness', 'allergy'];

/** The document a returning family is asked to look at rather than keep blindly. */
export const CHECK_UP_TO_DATE: DocumentType = 'immunization_card';

export const ROUND_WORDS = {
  /** "2027-2028: confirm 6 steps" (the steps still to confirm, Complete's agreement included) */
  heading: (year: number, left: number) =>
    left === 0
      ? `${schoolYearLabel(year)}: all confirmed`
      : `${schoolYearLabel(year)}: confirm ${left} step${left === 1 ? '' : 's'}`,
  stillCorrect: 'Still correct',
  keepFile: "Keep last year's file",
  checkUpToDate: 'Check it is up to date',
  states: {
    to_confirm: 'To confirm',
    confirmed: 'Confirmed',
    changed: 'Changed',
    to_agree: 'To agree',
    agreed: 'Agreed',
    not_started: 'Not started',
    in_progress: 'In progress',
    complete: 'Complete',
  } satisfies Record<RoundStepState, string>,
  changedSinceLastYear: 'Changed since last year',
  markReviewed: 'Mark reviewed',
  reviewed: 'Reviewed',
} as const;

export const ROUND_MESSAGES = {
  notReturning: 'There is nothing to confirm: she is new this year and fills in the form.',
  noFileToKeep: 'There is no file of last year to keep in this slot. Please upload one.',
  badStep: 'Choose one of the registration steps.',
  badDocument: 'Choose one of the document slots.',
  badYear: 'Choose a school year the portal has.',
  noKeptForm: (year: number) => `There is no registration form kept of ${schoolYearLabel(year)} for this student.`,
} as const;

/** How many of a returning round's steps are still to do (to confirm, or to agree). */
export function stepsLeft(round: Pick<RegistrationRound, 'steps'>): number {
  return REGISTRATION_STEPS.filter((s) => round.steps[s] === 'to_confirm' || round.steps[s] === 'to_agree').length;
}

/** The label of a document change's field (`document:<type>`). */
export function documentChangeLabel(type: DocumentType): string {
  return DOCUMENT_LABELS[type];
}
