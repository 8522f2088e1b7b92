// Where a student stands in a year's registration round (docs/product.md §13): the step states of
// GET /api/registration-round and the office's summary, from her record, her current files and the round's marks.
// Pure: the service reads, this decides.

import type { DocumentType } from '../../shared/constants.js';
import { DOCUMENT_ORDER } from '../../shared/documents.js';
import {
  isRegistrationComplete,
  type ProgressRecord,
  type RegistrationProgress,
} from '../../shared/registration-progress.js';
import {
  type ChangesStanding,
  DATA_STEPS,
  type RegistrationRound,
  type RoundStanding,
  type RoundStepState,
} from '../../shared/registration-round.js';
import { REGISTRATION_STEPS, type RegistrationStep, STUDENT_FIELDS } from '../../shared/student-fields.js';

/** The marks of one student's round: item ('healthData', 'documents', 'document:picture') → state and when. */
export type Marks = ReadonlyMap<string, { state: 'confirmed' | 'changed'; at: string }>;

export const documentItem = (type: DocumentType) => `document:${type}`;

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** The fields a family fills in: not those the school sets (class, house), nor the agreement (given every year). */
export const FAMILY_FIELDS = STUDENT_FIELDS.filter(
  (f) => !('schoolSet' in f && f.schoolSet) && f.group !== 'agreement',
);

const FAMILY_FIELDS_BY_STEP = new Map<RegistrationStep, string[]>(
  REGISTRATION_STEPS.map((step) => [step, FAMILY_FIELDS.filter((f) => f.step === step).map((f) => f.name)]),
);

/** A new student's steps, as her progress says: complete, begun, or not begun. */
export function newStudentSteps(
  record: ProgressRecord,
  progress: RegistrationProgress,
  documentTypes: ReadonlySet<string>,
): Record<RegistrationStep, RoundStepState> {
  const begun = (step: RegistrationStep) =>
    step === 'documents'
      ? documentTypes.size > 0
      : step === 'submit'
        ? false
        : (FAMILY_FIELDS_BY_STEP.get(step) ?? []).some((name) => filled(record[name]));
  return Object.fromEntries(
    REGISTRATION_STEPS.map((s) => [
      s,
      progress.steps[s].complete ? 'complete' : begun(s) ? 'in_progress' : 'not_started',
    ]),
  ) as Record<RegistrationStep, RoundStepState>;
}

/**
 * The documents step of a returning student: done once every slot that has a file is kept or replaced (the step's own
 * mark, "keep them all", keeps every one); changed when one was replaced.
 */
export function documentsState(
  marks: Marks,
  documentTypes: ReadonlySet<string>,
): { state: 'to_confirm' | 'confirmed' | 'changed'; slots: RegistrationRound['documents'] } {
  const slots: RegistrationRound['documents'] = {};
  const all = marks.get('documents')?.state === 'confirmed';
  const withFile = DOCUMENT_ORDER.filter((t) => documentTypes.has(t));
  for (const type of withFile) {
    const mark = marks.get(documentItem(type));
    if (mark) slots[type] = mark.state === 'changed' ? 'replaced' : 'kept';
    else if (all) slots[type] = 'kept';
  }
  // With no file at all there is nothing to keep: the step is done once she has said so (its own mark).
  const done = withFile.length > 0 ? withFile.every((t) => slots[t] !== undefined) : marks.has('documents');
  const replaced = Object.values(slots).includes('replaced');
  return { state: !done ? 'to_confirm' : replaced ? 'changed' : 'confirmed', slots };
}

/** A returning student's round. */
export function returningRound(
  year: number,
  record: ProgressRecord,
  progress: RegistrationProgress,
  marks: Marks,
  documentTypes: ReadonlySet<string>,
): RegistrationRound {
  const documents = documentsState(marks, documentTypes);
  const steps = Object.fromEntries(
    REGISTRATION_STEPS.map((s): [RegistrationStep, RoundStepState] => {
      if (s === 'submit') return [s, record.agree_terms_conditions === 1 ? 'agreed' : 'to_agree'];
      if (s === 'documents') return [s, documents.state];
      return [s, marks.get(s)?.state ?? 'to_confirm'];
    }),
  ) as Record<RegistrationStep, RoundStepState>;
  const confirmed = DATA_STEPS.every((s) => steps[s] === 'confirmed' || steps[s] === 'changed');
  return {
    year,
    returning: true,
    steps,
    complete: confirmed && steps.submit === 'agreed' && isRegistrationComplete(progress),
    documents: documents.slots,
  };
}

/**
 * The office's summary of a returning student's round: confirmed once every step is (the documents step counts by its
 * own mark, written when its slots are all done), not started while nothing is; and whether the family's changes were
 * reviewed after the last of them.
 */
export function roundSummary(
  marks: Marks,
  agreed: boolean,
  reviewedAt: string | null,
): { standing: RoundStanding; changes: ChangesStanding } {
  const standing: RoundStanding =
    DATA_STEPS.every((s) => marks.has(s)) && agreed
      ? 'confirmed'
      : marks.size === 0 && !agreed
        ? 'not_started'
        : 'in_progress';
  const lastChange = [...marks.values()]
    .filter((m) => m.state === 'changed')
    .map((m) => m.at)
    .sort()
    .at(-1);
  const changes: ChangesStanding = !lastChange
    ? 'none'
    : reviewedAt !== null && reviewedAt >= lastChange
      ? 'reviewed'
      : 'not_reviewed';
  return { standing, changes };
}
