import { describe, expect, it } from 'vitest';
import { ROLLOVER_MESSAGES } from '../../shared/rollover.js';
import type { RolloverChange } from '../../shared/school-year.js';
import { type PlanInput, type PlanStudent, planRollover } from './rollover-plan.js';

// The rollover's decisions (docs/product.md §12.2) without a database: each student's outcome, the classes to create,
// the rules to keep, the counts and the problems of a request.

const student = (id: string, class_id: string | null, last_name = id, first_name = 'A'): PlanStudent => ({
  id,
  first_name,
  last_name,
  class_id,
});

const SCHOOL: PlanInput = {
  students: [
    student('S6', '6A'),
    student('S1b', '1A', 'Brown'),
    student('S1a', '1A', 'Adams'),
    student('S5', '5A'),
    student('SX', null),
    student('SP', 'PREP'),
    student('S2', '2B'),
  ],
  classes: ['1A', '2A', '2B', '5A', '6A', '6L', '6U'],
  storedRules: [],
};

const outcomes = (input: PlanInput) =>
  Object.fromEntries(planRollover(input).students.map((s) => [s.id, [s.action, s.to_class_id]]));

describe('planRollover', () => {
  it('follows the default rules: one form up, the last form graduates, no form level repeats', () => {
    const plan = planRollover(SCHOOL);
    expect(plan.errors).toEqual({});
    expect(plan.students.map((s) => s.id)).toEqual(['S1a', 'S1b', 'S2', 'S5', 'S6', 'SP', 'SX']);
    expect(outcomes(SCHOOL)).toEqual({
      S1a: ['promote', '2A'],
      S1b: ['promote', '2A'],
      S2: ['promote', '3B'],
      S5: ['promote', '6A'],
      S6: ['graduate', null],
      SP: ['repeat', 'PREP'],
      SX: ['repeat', null],
    });
    expect(plan.classesToCreate).toEqual(['3B']);
    expect(plan.counts).toEqual({ promoted: 4, repeated: 2, graduated: 1, left: 0 });
    expect(plan.rulesToStore).toEqual([]);
  });

  it("lists each class's rule by form level, without the classes that have none", () => {
    const { rules } = planRollover(SCHOOL);
    expect(rules.map((r) => r.class_id)).toEqual(['1A', '2A', '2B', '5A', '6A', '6L', '6U']);
    expect(rules[0]).toEqual({ class_id: '1A', action: 'promote', next_class_id: '2A', custom: false });
    expect(rules.at(-1)).toEqual({ class_id: '6U', action: 'graduate', next_class_id: null, custom: false });
  });

  it("applies the stored rules, and the request's over them", () => {
    const input: PlanInput = {
      ...SCHOOL,
      storedRules: [
        { class_id: '5A', action: 'leave', next_class_id: null },
        { class_id: '1A', action: 'promote', next_class_id: '2B' },
      ],
      rules: [
        { class_id: '1A', action: 'promote', next_class_id: '2C' },
        { class_id: '6A', action: 'promote', next_class_id: '6U' },
      ],
    };
    const plan = planRollover(input);
    expect(outcomes(input)).toMatchObject({
      S1a: ['promote', '2C'],
      S5: ['leave', null],
      S6: ['promote', '6U'],
    });
    expect(plan.rules).toContainEqual({ class_id: '5A', action: 'leave', next_class_id: null, custom: true });
    expect(plan.classesToCreate).toEqual(['2C', '3B']);
    expect(plan.rulesToStore).toEqual([
      { class_id: '1A', rule: { class_id: '1A', action: 'promote', next_class_id: '2C' } },
      { class_id: '6A', rule: { class_id: '6A', action: 'promote', next_class_id: '6U' } },
    ]);
  });

  it('keeps no row for a rule equal to the default, and a promote rule without a next class takes the default', () => {
    const plan = planRollover({
      ...SCHOOL,
      storedRules: [{ class_id: '1A', action: 'leave', next_class_id: null }],
      rules: [
        { class_id: '1A', action: 'promote' },
        { class_id: '6A', action: 'graduate', next_class_id: '7A' },
      ],
    });
    expect(plan.errors).toEqual({});
    expect(plan.rules[0]).toEqual({ class_id: '1A', action: 'promote', next_class_id: '2A', custom: false });
    expect(plan.rulesToStore).toEqual([
      { class_id: '1A', rule: null },
      { class_id: '6A', rule: null },
    ]);
  });

  it("applies one student's change over her class's rule", () => {
    const changes: RolloverChange[] = [
      { id: 'S1a', action: 'repeat' },
      { id: 'S1b', action: 'promote', to_class_id: '2B' },
      { id: 'S2', action: 'leave', reason: '  Moved abroad ' },
      { id: 'S6', action: 'leave' },
      { id: 'SX', action: 'graduate', reason: 'Early' },
      { id: 'S5', action: 'promote' },
    ];
    const plan = planRollover({ ...SCHOOL, changes });
    expect(plan.errors).toEqual({});
    const by = Object.fromEntries(plan.students.map((s) => [s.id, [s.action, s.to_class_id, s.reason]]));
    expect(by).toEqual({
      S1a: ['repeat', '1A', null],
      S1b: ['promote', '2B', null],
      S2: ['leave', null, 'Moved abroad'],
      S5: ['promote', '6A', null],
      S6: ['leave', null, null],
      SP: ['repeat', 'PREP', null],
      SX: ['graduate', null, 'Early'],
    });
    // 3B is no longer anyone's class: it is not created.
    expect(plan.classesToCreate).toEqual([]);
    expect(plan.counts).toEqual({ promoted: 2, repeated: 2, graduated: 1, left: 2 });
  });

  it('lets a change send a student to a class a rule creates', () => {
    const plan = planRollover({ ...SCHOOL, changes: [{ id: 'S5', action: 'promote', to_class_id: '3B' }] });
    expect(plan.errors).toEqual({});
    expect(plan.classesToCreate).toEqual(['3B']);
  });

  it('names each bad change', () => {
    const plan = planRollover({
      ...SCHOOL,
      students: [...SCHOOL.students],
      changes: [
        { id: 'NOBODY', action: 'leave' },
        { id: 'S1a', action: 'repeat' },
        { id: 'S1a', action: 'leave' },
        { id: 'S2', action: 'expel' as never },
        { id: 'S5', action: 'promote', to_class_id: '4Z' },
        { id: 'SX', action: 'promote' },
        { id: 'S6', action: 'leave', reason: 'x'.repeat(201) },
      ],
    });
    expect(plan.errors).toEqual({
      'changes.0.id': [ROLLOVER_MESSAGES.notCurrentStudent('NOBODY')],
      'changes.2.id': [ROLLOVER_MESSAGES.changedTwice('S1a')],
      'changes.3.action': [ROLLOVER_MESSAGES.unknownAction],
      'changes.4.to_class_id': [ROLLOVER_MESSAGES.unknownClass('4Z')],
      'changes.5.to_class_id': [ROLLOVER_MESSAGES.noTargetClass('SX')],
      'changes.6.reason': [ROLLOVER_MESSAGES.reasonTooLong],
    });
  });

  it('names each bad rule', () => {
    const plan = planRollover({
      ...SCHOOL,
      rules: [
        { class_id: '9Z', action: 'leave' },
        { class_id: '1A', action: 'leave' },
        { class_id: '1A', action: 'graduate' },
        { class_id: '2B', action: 'stay' as never },
        { class_id: '6A', action: 'promote' },
        { class_id: '5A', action: 'promote', next_class_id: '5A' },
        { class_id: 'PREP', action: 'promote', next_class_id: 'first' },
      ],
    });
    expect(plan.errors).toEqual({
      'rules.0.class_id': [ROLLOVER_MESSAGES.ruleUnknownClass('9Z')],
      'rules.2.class_id': [ROLLOVER_MESSAGES.ruleTwice('1A')],
      'rules.3.action': [ROLLOVER_MESSAGES.ruleUnknownAction],
      'rules.4.next_class_id': [ROLLOVER_MESSAGES.ruleNoNextClass('6A')],
      'rules.5.next_class_id': [ROLLOVER_MESSAGES.ruleSameClass('5A')],
      'rules.6.next_class_id': [ROLLOVER_MESSAGES.ruleBadNextClass('first')],
    });
  });

  it('lets a class without a form level move up by its own rule', () => {
    const input = { ...SCHOOL, rules: [{ class_id: 'PREP', action: 'promote' as const, next_class_id: '1P' }] };
    expect(outcomes(input)).toMatchObject({ SP: ['promote', '1P'] });
    expect(planRollover(input).rules).toContainEqual({
      class_id: 'PREP',
      action: 'promote',
      next_class_id: '1P',
      custom: true,
    });
  });
});
