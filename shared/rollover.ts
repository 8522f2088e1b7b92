// The rollover's requests and words (docs/product.md §12.2): the office's wizard sends these, the server checks them
// with the same limits and answers with these messages. Framework-free, beside shared/school-year.ts's shapes.

import { type ClassRuleAction, type RolloverChange, schoolYearLabel } from './school-year.js';

/** A leaving reason's length, as the students table keeps it (leaving_reason). */
export const LEAVING_REASON_MAX = 200;

/**
 * A class the rollover may create (a next class that does not exist yet): its form level (1-6) first, then up to nine
 * capitals, digits or dashes, as the student import creates classes.
 */
export const NEW_CLASS_ID_PATTERN = /^[1-6][A-Z0-9-]{0,9}$/;

/** One class's rule in a request: what its students do at rollover (next_class_id for promote only). */
export interface ClassRuleRequest {
  class_id: string;
  action: ClassRuleAction;
  /** promote only; without it, the default next class (1A → 2A) */
  next_class_id?: string | null;
}

/** POST /api/rollover/preview */
export interface RolloverPreviewRequest {
  to_year: number;
  rules?: ClassRuleRequest[];
}

/** POST /api/rollover */
export interface RolloverRequest extends RolloverPreviewRequest {
  changes?: RolloverChange[];
}

/** POST /api/rollover/undo: the school year restored. */
export interface RolloverUndoResult {
  year: number;
}

/**
 * GET /api/rollover: the latest rollover that is not undone (or null), as every tab and device of the office sees it,
 * so that its outcome and its undo are found again after a reload, in another tab or by another administrator.
 */
export interface LatestRollover {
  from_year: number;
  to_year: number;
  /** When it began (ISO timestamp). */
  rolled_at: string;
  /** Who made it, as the audit trail names her (e.g. admin:office). */
  actor: string;
  promoted: number;
  repeated: number;
  graduated: number;
  left: number;
  /** The undo's own check: false once something has been saved in the new school year. */
  undoable: boolean;
}

export const ROLLOVER_MESSAGES = {
  /** 422: the first problem is the message, `errors` names each offending rule or change. */
  notCurrentStudent: (id: string) => `${id} is not a current student of the school: only current students move on.`,
  changedTwice: (id: string) => `${id} is changed twice: keep one change per student.`,
  unknownAction: 'Choose promote, repeat, graduate or leave.',
  noTargetClass: (id: string) => `Choose the class ${id} moves up to.`,
  unknownClass: (classId: string) =>
    `There is no class ${classId}, and no class's rule creates it. Choose an existing class or set a rule that does.`,
  reasonTooLong: `The reason can have at most ${LEAVING_REASON_MAX} characters.`,
  ruleUnknownClass: (classId: string) => `There is no class ${classId} to set a rule for.`,
  ruleTwice: (classId: string) => `${classId} has two rules: keep one rule per class.`,
  ruleUnknownAction: 'Choose promote, graduate or leave.',
  ruleNoNextClass: (classId: string) => `Choose the class that ${classId} moves up to.`,
  ruleSameClass: (classId: string) => `${classId} cannot move up into itself: choose another class, or leave.`,
  ruleBadNextClass: (classId: string) =>
    `${classId} is not a class name: a class starts with its form (1-6), then capitals, digits or dashes (e.g. 2A).`,
  /** 409: the register of classes holds the year already for some students (only a rollover writes it). */
  historyExists: (year: number, ids: readonly string[]) =>
    `The register of classes already holds ${schoolYearLabel(year)} for ${ids.slice(0, 5).join(', ')}` +
    `${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}: nothing was changed. Ask for help before rolling over.`,
} as const;
