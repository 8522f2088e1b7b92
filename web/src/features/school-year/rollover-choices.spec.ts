import { describe, expect, it } from 'vitest';
import type { ClassRuleView, RolloverPreviewStudent } from '../../../../shared/school-year.js';
import {
  changesToSend,
  choiceProblem,
  countActions,
  countsText,
  effectiveRules,
  nextClassOf,
  placeErrors,
  latestRolloverText,
  resultText,
  ruleProblem,
  rulesToSend,
  unansweredText,
} from './rollover-choices.js';

const rule = (class_id: string, action: ClassRuleView['action'], next: string | null, custom = false) => ({
  class_id,
  action,
  next_class_id: next,
  custom,
});
const student = (id: string, class_id: string, action: RolloverPreviewStudent['action'], to: string | null) => ({
  id,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  class_id,
  action,
  to_class_id: to,
});

describe('the New School Year choices (docs/product.md §2 New School Year, §12.2)', () => {
  const server = [rule('1A', 'promote', '2A'), rule('5A', 'promote', '6A'), rule('6A', 'graduate', null)];

  it('marks a default rule, and sends only the rules the school set: 5A leaves, 6L moves to 6U', () => {
    const drafts = { '5A': { action: 'leave' as const, next_class_id: '6A' } };
    expect(effectiveRules(server, drafts).map((r) => [r.class_id, r.action, r.next_class_id, r.isDefault])).toEqual([
      ['1A', 'promote', '2A', true],
      ['5A', 'leave', null, false],
      ['6A', 'graduate', null, true],
    ]);
    expect(rulesToSend(server, drafts)).toEqual([{ class_id: '5A', action: 'leave' }]);
    const sixL = [rule('6L', 'graduate', null)];
    expect(rulesToSend(sixL, { '6L': { action: 'promote', next_class_id: ' 6u ' } })).toEqual([
      { class_id: '6L', action: 'promote', next_class_id: '6U' },
    ]);
  });

  it('sends a stored rule set back to its default, so that the default replaces it', () => {
    const stored = [rule('5A', 'leave', null, true)];
    expect(rulesToSend(stored, {})).toEqual([{ class_id: '5A', action: 'leave' }]);
    expect(rulesToSend(stored, { '5A': { action: 'promote', next_class_id: '6A' } })).toEqual([
      { class_id: '5A', action: 'promote', next_class_id: '6A' },
    ]);
  });

  it('asks for the class a class moves up to', () => {
    expect(ruleProblem({ class_id: '1A', action: 'promote', next_class_id: null })).toBe(
      'Choose the class that 1A moves up to.',
    );
    expect(ruleProblem({ class_id: '1A', action: 'promote', next_class_id: '1A' })).toBe(
      '1A cannot move up into itself: choose another class, or leave.',
    );
    expect(ruleProblem({ class_id: '6L', action: 'promote', next_class_id: '6U' })).toBeNull();
    expect(ruleProblem({ class_id: '6L', action: 'promote', next_class_id: 'U6' })).toMatch(/^U6 is not a class name/);
    expect(ruleProblem({ class_id: '6L', action: 'promote', next_class_id: 'U6' }, new Set(['U6']))).toBeNull();
    expect(ruleProblem({ class_id: '5A', action: 'leave', next_class_id: null })).toBeNull();
  });

  it('sends only the changed students, counts every action live, and needs a reason to leave', () => {
    const students = [
      student('1', '1A', 'promote', '2A'),
      student('2', '1A', 'promote', '2A'),
      student('3', '5A', 'promote', '6A'),
      student('4', '6A', 'graduate', null),
    ];
    const choices = {
      '1': { action: 'repeat' as const, to_class_id: null, reason: '' },
      '2': { action: 'promote' as const, to_class_id: '2A', reason: '' }, // as the preview: not a change
      '3': { action: 'leave' as const, to_class_id: null, reason: '  moved to Tobago ' },
    };
    expect(changesToSend(students, choices)).toEqual([
      { id: '1', action: 'repeat' },
      { id: '3', action: 'leave', reason: 'moved to Tobago' },
    ]);
    expect(countActions(students, choices)).toEqual({ promote: 1, repeat: 1, graduate: 1, leave: 1 });
    expect(countsText(countActions(students, choices))).toBe('1 promoted, 1 repeat, 1 graduated, 1 left');
    expect(choiceProblem({ action: 'leave', to_class_id: null, reason: ' ' }, 'promote')).toBe('Say why she leaves.');
    // Leaving by her class's rule needs no reason, as the server has it.
    expect(choiceProblem({ action: 'leave', to_class_id: null, reason: '' }, 'leave')).toBeNull();
    expect(choiceProblem({ action: 'promote', to_class_id: '', reason: '' }, 'promote')).toBe('Choose her new class.');
    expect(changesToSend(students, { '4': { action: 'promote', to_class_id: '6u', reason: '' } })).toEqual([
      { id: '4', action: 'promote', to_class_id: '6U' },
    ]);
    expect(unansweredText([students[0]])).toBe('A student needs an answer: First1 Last1.');
  });

  it("says the outcome, and puts a refused change's message beside her student", () => {
    expect(resultText({ to_year: 2027, promoted: 120, repeated: 3, graduated: 30, left: 2 })).toBe(
      '2027-2028 has begun: 120 promoted, 3 repeat, 30 graduated, 2 left.',
    );
    const latest = { from_year: 2026, to_year: 2027, rolled_at: '2026-11-27T07:00:00.000Z', actor: 'admin:office' };
    expect(
      latestRolloverText({ ...latest, promoted: 3, repeated: 1, graduated: 0, left: 1, undoable: true }, '27 Nov 2026'),
    ).toBe('2027-2028 began on 27 Nov 2026 by admin:office: 3 promoted, 1 repeat, 0 graduated, 1 left.');
    const sent = [
      { id: '20260001', action: 'repeat' as const },
      { id: '20260002', action: 'promote' as const, to_class_id: '9Z' },
    ];
    expect(
      placeErrors(
        { 'changes.1.to_class_id': ['There is no class 9Z.'], '20260001': ['Gone.'], to_year: ['Wrong year.'] },
        sent,
      ),
    ).toEqual({
      byStudent: { '20260002': ['There is no class 9Z.'], '20260001': ['Gone.'] },
      general: ['Wrong year.'],
    });
  });
});

describe('the class a student is moved up to by the office', () => {
  it("is the preview's, else her class's rule's next class, else the default", () => {
    const rules = [
      { class_id: '6L', action: 'promote' as const, next_class_id: '6U', custom: true },
      { class_id: '1A', action: 'promote' as const, next_class_id: '2A', custom: false },
    ];
    const her = (class_id: string, action: RolloverPreviewStudent['action'], to: string | null) => ({
      id: 'X',
      first_name: null,
      last_name: null,
      class_id,
      action,
      to_class_id: to,
    });
    expect(nextClassOf(her('1A', 'promote', '2B'), rules)).toBe('2B');
    expect(nextClassOf(her('6L', 'repeat', '6L'), rules)).toBe('6U');
    expect(nextClassOf(her('3C', 'leave', null), rules)).toBe('4C');
    expect(nextClassOf(her('6A', 'graduate', null), rules)).toBeNull();
  });
});
