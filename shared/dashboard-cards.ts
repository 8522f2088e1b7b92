import {
  firstIncompleteStep,
  isRegistrationComplete,
  type RegistrationProgress,
  STEP_LABELS,
} from './registration-progress.js';
import { ROUTES, STEP_ROUTES } from './routes.js';
import { schoolYearLabel } from './school-year.js';
import { REGISTRATION_STEPS, type RegistrationStep } from './student-fields.js';

/**
 * The cards of the student dashboard: what each says and where it leads, drawn by the dashboard's components
 * (web/src/features/dashboard), on the server too.
 */

/** Where a card leads: the term reports, the PTA form, or a registration step (the client's and the server's names). */
export type DashboardCardTarget = 'termReports' | 'pta' | RegistrationStep;

/** The page each target is. */
export const DASHBOARD_CARD_PATHS: Record<DashboardCardTarget, string> = {
  termReports: ROUTES.termReports,
  pta: ROUTES.pta,
  ...STEP_ROUTES,
};

export interface DashboardCardView {
  target: DashboardCardTarget;
  title: string;
  /** Lines each on a line of their own, before `text`. */
  lines: string[];
  text: string;
}

/**
 * Whose the cards speak of: the student's own ("your"), or for a guardian her daughter's ("Aisha's"), with the
 * pronoun for "her registration is complete".
 */
export interface DashboardOwner {
  possessive: string;
  pronoun: string;
}

export const OWN_DASHBOARD: DashboardOwner = { possessive: 'your', pronoun: 'your' };

export const termReportsCard = (owner: DashboardOwner): DashboardCardView => ({
  target: 'termReports',
  title: 'View Term Reports',
  lines: [],
  text: `Read ${owner.possessive} end of term report cards.`,
});

/** 'Registration 2026-2027' once the school year is known. */
const yearLine = (schoolYear: number | null): string[] =>
  schoolYear === null ? [] : [`Registration ${schoolYearLabel(schoolYear)}`];

/**
 * Edit/View Registration, saying which school year it is for ('Registration 2026-2027', docs/product.md §12.1) once
 * known, how far she is ("4 of 6 steps complete", by the same rules as the stepper and the office) and leading to where
 * to continue: the first step not yet complete. Without her progress (not known yet), it leads to the first step.
 */
export function registrationCard(
  owner: DashboardOwner,
  progress: RegistrationProgress | null,
  schoolYear: number | null = null,
): DashboardCardView {
  const title = 'Edit/View Registration';
  const year = yearLine(schoolYear);
  if (!progress) {
    return {
      target: 'studentData',
      title,
      lines: year,
      text: `Review and complete ${owner.possessive} registration record.`,
    };
  }
  const next = firstIncompleteStep(progress);
  const steps = `${progress.completed} of ${REGISTRATION_STEPS.length} steps complete`;
  if (isRegistrationComplete(progress) || !next) {
    return {
      target: 'submit',
      title,
      lines: [...year, `${steps}: ${owner.pronoun} registration is complete.`],
      text: 'You can still review it and print the registration form.',
    };
  }
  const number = REGISTRATION_STEPS.indexOf(next) + 1;
  return {
    target: next,
    title,
    lines: [...year, `${steps}.`],
    text: `Continue with Step ${number}: ${STEP_LABELS[next]}.`,
  };
}

/**
 * Edit/View Registration of a returning student while her year's round is not finished (docs/product.md §13): the same
 * count and the same next step as the round's own card above it, so that the two never say different things.
 */
export function returningRegistrationCard(
  schoolYear: number | null,
  round: { left: number; next: RegistrationStep },
): DashboardCardView {
  const year = yearLine(schoolYear);
  return {
    target: round.next,
    title: 'Edit/View Registration',
    lines: [...year, `${round.left} of ${REGISTRATION_STEPS.length} steps to confirm.`],
    text: `Continue with Step ${REGISTRATION_STEPS.indexOf(round.next) + 1}: ${STEP_LABELS[round.next]}.`,
  };
}

/** Form 1 only, and only with the school's PTA form address (no card that leads nowhere). */
export const PTA_CARD: DashboardCardView = {
  target: 'pta',
  title: 'PTA Registration',
  lines: [],
  text: 'Register with the Parent Teacher Association (opens in a new window).',
};
