import type { ClassRoundProgress, RecordChange, StudentRoundSummary } from '../../../../shared/registration-round.js';
import { ROUND_WORDS } from '../../../../shared/registration-round.js';
import { STEP_LABELS } from '../../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../../shared/student-fields.js';

/** A step's changes, in the order of the registration's steps. */
export interface StepChanges {
  step: RegistrationStep;
  label: string;
  changes: RecordChange[];
}

/** Her changes grouped by step (Student Data first), each step's medical changes first; steps without any left out. */
export function changesByStep(changes: readonly RecordChange[]): StepChanges[] {
  return REGISTRATION_STEPS.map((step) => ({
    step,
    label: STEP_LABELS[step],
    changes: changes
      .filter((c) => c.step === step)
      .sort((a, b) => Number(b.medical) - Number(a.medical) || a.label.localeCompare(b.label)),
  })).filter((g) => g.changes.length > 0);
}

/** A value as the office reads it: an empty one said so rather than left blank. */
export function changeValueText(value: string | number | null): string {
  return value === null || value === '' ? '(empty)' : String(value);
}

/**
 * Who made a change, as the office reads it: the audit trail's label ('student:20250027', 'guardian: Name <address>',
 * 'admin:office') in words.
 */
export function changedByText(by: string | null): string {
  if (!by) return '—';
  if (by.startsWith('student:')) return 'The student';
  if (by.startsWith('guardian:')) return `Parent: ${by.slice('guardian:'.length).trim()}`;
  if (by.startsWith('admin:')) return `Office (${by.slice('admin:'.length)})`;
  return by;
}

/** The Students table's filter by this year's round. */
export type RoundFilter = 'all' | 'confirmed' | 'changed_not_reviewed' | 'not_started';

export const ROUND_FILTER_LABELS: Record<RoundFilter, string> = {
  all: 'All students',
  confirmed: 'Confirmed',
  changed_not_reviewed: 'Changed, not reviewed',
  not_started: 'Not started',
};

export const ROUND_FILTERS = Object.keys(ROUND_FILTER_LABELS) as RoundFilter[];

/** Whether a row belongs under the filter (only returning students are confirmed, changed or not started). */
export function matchesRoundFilter(row: { round?: StudentRoundSummary }, filter: RoundFilter): boolean {
  if (filter === 'all') return true;
  const round = row.round;
  if (!round?.returning) return false;
  if (filter === 'changed_not_reviewed') return round.changes === 'not_reviewed';
  return round.standing === filter;
}

/** The rows under the filter (the same array when none is chosen). */
export function filterByRound<T extends { round?: StudentRoundSummary }>(rows: readonly T[], filter: RoundFilter): T[] {
  return filter === 'all' ? (rows as T[]) : rows.filter((r) => matchesRoundFilter(r, filter));
}

/** How many rows each filter shows, for its option's label. */
export function roundFilterCounts(rows: readonly { round?: StudentRoundSummary }[]): Record<RoundFilter, number> {
  const counts = { all: rows.length, confirmed: 0, changed_not_reviewed: 0, not_started: 0 };
  for (const r of rows) {
    for (const f of ['confirmed', 'changed_not_reviewed', 'not_started'] as const) {
      if (matchesRoundFilter(r, f)) counts[f] += 1;
    }
  }
  return counts;
}

/**
 * A row's words for this year's round: where a returning student stands, and whether the office has still to look at
 * her changes (a new student has no round to show).
 */
export function roundWords(round: StudentRoundSummary | undefined): { standing: string | null; changed: boolean } {
  if (!round?.returning) return { standing: null, changed: false };
  return {
    standing: round.standing ? ROUND_WORDS.states[round.standing] : null,
    changed: round.changes === 'not_reviewed',
  };
}

/** Whether the dashboard has a returning student to count in any class. */
export function hasReturningProgress(classes: readonly { round?: ClassRoundProgress }[]): boolean {
  return classes.some((c) => c.round && c.round.confirmed + c.round.changed_not_reviewed + c.round.not_started > 0);
}

/**
 * '3 confirmed · 2 not started · 1 with changes to review': a class's returning students (one whose changes are not
 * reviewed is also counted by where her round stands, so she is said apart, not as a third kind of student).
 */
export function classRoundText(round: ClassRoundProgress | undefined): string {
  if (!round) return '';
  return [
    `${round.confirmed} confirmed`,
    `${round.not_started} not started`,
    `${round.changed_not_reviewed} with changes to review`,
  ].join(' · ');
}
