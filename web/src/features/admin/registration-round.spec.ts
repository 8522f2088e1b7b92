import { describe, expect, it } from 'vitest';
import type { RecordChange, StudentRoundSummary } from '../../../../shared/registration-round.js';
import {
  changedByText,
  changesByStep,
  changeValueText,
  classRoundText,
  filterByRound,
  hasReturningProgress,
  matchesRoundFilter,
  roundFilterCounts,
  roundWords,
} from './registration-round.js';

const change = (c: Partial<RecordChange> & Pick<RecordChange, 'field' | 'step'>): RecordChange => ({
  label: c.field,
  old_value: 'old',
  new_value: 'new',
  changed_at: '2026-09-01T12:00:00.000Z',
  by: 'guardian:mum@example.org',
  medical: false,
  ...c,
});

const row = (id: string, round?: StudentRoundSummary) => ({ id, round });
const NEW = row('new', { returning: false, standing: null, changes: null });
const CONFIRMED = row('confirmed', { returning: true, standing: 'confirmed', changes: 'none' });
const CHANGED = row('changed', { returning: true, standing: 'in_progress', changes: 'not_reviewed' });
const REVIEWED = row('reviewed', { returning: true, standing: 'confirmed', changes: 'reviewed' });
const NOT_STARTED = row('not-started', { returning: true, standing: 'not_started', changes: 'none' });
const BEFORE_MERGE = row('no-round');
const ROWS = [NEW, CONFIRMED, CHANGED, REVIEWED, NOT_STARTED, BEFORE_MERGE];

describe("the office's changes since last year", () => {
  it('groups them by step, in the order of the steps, medical first within a step', () => {
    const groups = changesByStep([
      change({ field: 'document:immunization_card', label: 'Immunization Card', step: 'documents' }),
      change({ field: 'doctor_name', label: 'Doctor', step: 'healthData' }),
      change({ field: 'allergy', label: 'Allergies', step: 'healthData', medical: true }),
      change({ field: 'address', label: 'Address', step: 'studentData' }),
    ]);
    expect(groups.map((g) => [g.label, g.changes.map((c) => c.field)])).toEqual([
      ['Student Data', ['address']],
      ['Medical Data', ['allergy', 'doctor_name']],
      ['Upload Documents', ['document:immunization_card']],
    ]);
  });

  it('has no group when nothing changed', () => {
    expect(changesByStep([])).toEqual([]);
  });

  it('says an empty value rather than leaving it blank', () => {
    expect([null, '', 'Peanuts', 3].map(changeValueText)).toEqual(['(empty)', '(empty)', 'Peanuts', '3']);
  });
});

describe("the Students table's round", () => {
  it('filters the rows by the round', () => {
    const ids = (f: Parameters<typeof filterByRound>[1]) => filterByRound(ROWS, f).map((r) => r.id);
    expect(ids('all')).toEqual(ROWS.map((r) => r.id));
    expect(ids('confirmed')).toEqual(['confirmed', 'reviewed']);
    expect(ids('changed_not_reviewed')).toEqual(['changed']);
    expect(ids('not_started')).toEqual(['not-started']);
  });

  it('never counts a new student under a filter of the round', () => {
    expect(matchesRoundFilter(NEW, 'not_started')).toBe(false);
    expect(matchesRoundFilter(BEFORE_MERGE, 'confirmed')).toBe(false);
  });

  it("counts each filter's rows", () => {
    expect(roundFilterCounts(ROWS)).toEqual({ all: 6, confirmed: 2, changed_not_reviewed: 1, not_started: 1 });
  });

  it('says where a returning student stands, and tags her changes only while not reviewed', () => {
    expect([NEW, CONFIRMED, CHANGED, REVIEWED, BEFORE_MERGE].map((r) => roundWords(r.round))).toEqual([
      { standing: null, changed: false },
      { standing: 'Confirmed', changed: false },
      { standing: 'In progress', changed: true },
      { standing: 'Confirmed', changed: false },
      { standing: null, changed: false },
    ]);
  });
});

describe("the dashboard's round per class", () => {
  it('is shown only when a class has returning students', () => {
    expect(hasReturningProgress([{}, { round: { confirmed: 0, changed_not_reviewed: 0, not_started: 0 } }])).toBe(
      false,
    );
    expect(hasReturningProgress([{ round: { confirmed: 0, changed_not_reviewed: 1, not_started: 0 } }])).toBe(true);
  });

  it('says each count', () => {
    expect(classRoundText({ confirmed: 3, changed_not_reviewed: 1, not_started: 2 })).toBe(
      '3 confirmed · 2 not started · 1 with changes to review',
    );
  });
});

describe('who made a change', () => {
  it('is said in words: the student, her parent by name, the office', () => {
    expect(changedByText('student:20250027')).toBe('The student');
    expect(changedByText('guardian: Maria Rivera <maria@example.org>')).toBe(
      'Parent: Maria Rivera <maria@example.org>',
    );
    expect(changedByText('admin:office')).toBe('Office (office)');
    expect(changedByText(null)).toBe('—');
  });
});
