import type { DocumentType } from '../../../shared/documents.js';
import { STEP_LABELS } from '../../../shared/registration-progress.js';
import {
  isDataStep,
  type RegistrationRound,
  ROUND_WORDS,
  type RoundStepState,
  stepsLeft,
} from '../../../shared/registration-round.js';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../shared/student-fields.js';

/**
 * What the family's screens say of a year's registration round (shared/registration-round.ts): the dashboard's card,
 * the stepper's words, the "Still correct" and "Keep last year's file" offers. Plain functions; the components
 * draw them.
 */

/** A step still to do in a returning round: last year's answers not looked at yet, or this year's terms not agreed. */
export const isToDo = (state: RoundStepState): boolean => state === 'to_confirm' || state === 'to_agree';

/** A step of a returning round that is done: confirmed or changed, or the terms agreed. */
export const isRoundStepDone = (state: RoundStepState): boolean =>
  state === 'confirmed' || state === 'changed' || state === 'agreed';

/** The round the family's screens speak of: a returning student's (a new student fills in the form as before). */
export function returningRound(round: RegistrationRound | null | undefined): RegistrationRound | null {
  return round?.returning ? round : null;
}

/** The steps still to confirm (or agree to), in order. */
export function stepsToDo(round: RegistrationRound): RegistrationStep[] {
  return REGISTRATION_STEPS.filter((s) => isToDo(round.steps[s]));
}

/** Where to go next: the first step still to do; when none is but the round is not complete, the Complete step. */
export function nextRoundStep(round: RegistrationRound): RegistrationStep | null {
  if (round.complete) return null;
  return stepsToDo(round)[0] ?? 'submit';
}

/** A step's state in words ("To confirm", "Changed"…). */
export const roundStateWord = (round: RegistrationRound, step: RegistrationStep): string =>
  ROUND_WORDS.states[round.steps[step]];

export interface RoundCardStep {
  step: RegistrationStep;
  /** "Step 1: Student Data" */
  label: string;
  word: string;
  done: boolean;
}

export interface RoundCardView {
  /** "2027-2028: confirm 6 steps" */
  heading: string;
  steps: RoundCardStep[];
  /** the step the card's button opens */
  next: RegistrationStep;
  /** the button's words */
  action: string;
}

const stepName = (step: RegistrationStep) => `Step ${REGISTRATION_STEPS.indexOf(step) + 1}: ${STEP_LABELS[step]}`;

/** The dashboard's card of a returning student's unfinished round; null when there is none to show. */
export function roundCard(round: RegistrationRound | null | undefined): RoundCardView | null {
  const r = returningRound(round);
  if (!r || r.complete) return null;
  const next = nextRoundStep(r) ?? 'submit';
  const state = r.steps[next];
  const action =
    state === 'to_confirm'
      ? `Confirm ${stepName(next)}`
      : state === 'to_agree'
        ? `Agree on ${stepName(next)}`
        : `Open ${stepName(next)}`;
  return {
    heading: ROUND_WORDS.heading(r.year, stepsLeft(r)),
    steps: REGISTRATION_STEPS.map((step) => ({
      step,
      label: stepName(step),
      word: roundStateWord(r, step),
      done: isRoundStepDone(r.steps[step]),
    })),
    next,
    action,
  };
}

/** The step after this one ("Still correct" goes on to it); null after the last. */
export function stepAfter(step: RegistrationStep): RegistrationStep | null {
  return REGISTRATION_STEPS[REGISTRATION_STEPS.indexOf(step) + 1] ?? null;
}

/**
 * Whether a data step offers "Still correct": a returning round's step still to confirm (on the documents step it
 * keeps every file not yet kept or replaced, at once; each slot also has its own "Keep last year's file").
 */
export function offersStillCorrect(round: RegistrationRound | null | undefined, step: RegistrationStep): boolean {
  const r = returningRound(round);
  return Boolean(r && isDataStep(step) && r.steps[step] === 'to_confirm');
}

/** Whether a slot offers "Keep last year's file": a returning round, a file there, not yet kept or replaced. */
export function offersKeepFile(
  round: RegistrationRound | null | undefined,
  type: DocumentType,
  hasFile: boolean,
): boolean {
  const r = returningRound(round);
  return Boolean(r && hasFile && r.documents[type] === undefined);
}

/** A slot's word once she has decided: last year's file kept, or a new one sent this year. */
export function slotDecisionWord(round: RegistrationRound | null | undefined, type: DocumentType): string | null {
  const decision = returningRound(round)?.documents[type];
  if (decision === 'kept') return "Last year's file kept";
  if (decision === 'replaced') return 'New file sent this year';
  return null;
}
