import { formLevelOf } from '../../shared/constants.js';
import {
  type ClassRuleRequest,
  LEAVING_REASON_MAX,
  NEW_CLASS_ID_PATTERN,
  ROLLOVER_MESSAGES,
} from '../../shared/rollover.js';
import {
  CLASS_RULE_ACTIONS,
  type ClassRuleAction,
  type ClassRuleView,
  defaultClassRule,
  ROLLOVER_ACTIONS,
  type RolloverAction,
  type RolloverChange,
  type RolloverPreviewStudent,
  type RolloverResult,
} from '../../shared/school-year.js';

// What the rollover does to each student (docs/product.md §12.2), decided without a database: the service reads the
// current students, the classes and the stored rules, and writes what this plan says.

export interface PlanStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
}

/** A class's rule as class_rules stores it. */
export interface StoredRule {
  class_id: string;
  action: ClassRuleAction;
  next_class_id: string | null;
}

export interface PlanInput {
  /** the current students (status 'current') */
  students: readonly PlanStudent[];
  /** the classes there are (form_classes) */
  classes: readonly string[];
  /** the rules the office kept (class_rules) */
  storedRules: readonly StoredRule[];
  /** the rules of this request: they replace the stored ones of their classes */
  rules?: readonly ClassRuleRequest[];
  /** one student's own outcome, overriding her class's rule */
  changes?: readonly RolloverChange[];
}

export interface PlannedStudent extends RolloverPreviewStudent {
  /** why she graduates or leaves, when the change gave one */
  reason: string | null;
}

export type RolloverCounts = Omit<RolloverResult, 'to_year'>;

export interface RolloverPlan {
  /** each class's rule as applied, by form level then class */
  rules: ClassRuleView[];
  /** every current student, by class then name */
  students: PlannedStudent[];
  /** the next classes some student moves up to that do not exist yet */
  classesToCreate: string[];
  /** the request's rules as class_rules should keep them: null for a class back on its default rule */
  rulesToStore: { class_id: string; rule: StoredRule | null }[];
  counts: RolloverCounts;
  /** each offending rule or change (`rules.2.next_class_id`, `changes.0.id`) with its messages; empty when fine */
  errors: Record<string, string[]>;
}

interface AppliedRule {
  action: ClassRuleAction | 'repeat';
  next_class_id: string | null;
  custom: boolean;
}

export function planRollover(input: PlanInput): RolloverPlan {
  const errors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);

  const existing = new Set(input.classes);
  const known = new Set([...input.classes, ...input.students.flatMap((s) => (s.class_id ? [s.class_id] : []))]);

  // The request's rules, checked; a valid one replaces the stored rule of its class.
  const requested = new Map<string, StoredRule>();
  (input.rules ?? []).forEach((rule, n) => {
    const key = `rules.${n}`;
    if (!known.has(rule.class_id)) return fail(`${key}.class_id`, ROLLOVER_MESSAGES.ruleUnknownClass(rule.class_id));
    if (requested.has(rule.class_id)) return fail(`${key}.class_id`, ROLLOVER_MESSAGES.ruleTwice(rule.class_id));
    if (!(CLASS_RULE_ACTIONS as readonly string[]).includes(rule.action))
      return fail(`${key}.action`, ROLLOVER_MESSAGES.ruleUnknownAction);
    if (rule.action !== 'promote') {
      requested.set(rule.class_id, { class_id: rule.class_id, action: rule.action, next_class_id: null });
      return;
    }
    const fallback = defaultClassRule(rule.class_id);
    const next = rule.next_class_id?.trim() || (fallback.action === 'promote' ? fallback.next_class_id : null);
    if (!next) return fail(`${key}.next_class_id`, ROLLOVER_MESSAGES.ruleNoNextClass(rule.class_id));
    if (next === rule.class_id) return fail(`${key}.next_class_id`, ROLLOVER_MESSAGES.ruleSameClass(rule.class_id));
    if (!existing.has(next) && !NEW_CLASS_ID_PATTERN.test(next))
      return fail(`${key}.next_class_id`, ROLLOVER_MESSAGES.ruleBadNextClass(next));
    requested.set(rule.class_id, { class_id: rule.class_id, action: 'promote', next_class_id: next });
  });

  const stored = new Map(input.storedRules.map((r) => [r.class_id, r]));
  const applied = new Map<string, AppliedRule>();
  const ruleOf = (classId: string): AppliedRule => {
    const kept = applied.get(classId);
    if (kept) return kept;
    const fallback = defaultClassRule(classId);
    const own = requested.get(classId) ?? stored.get(classId);
    const rule: AppliedRule = own
      ? { action: own.action, next_class_id: own.next_class_id, custom: !sameRule(own, fallback) }
      : { ...fallback, custom: false };
    applied.set(classId, rule);
    return rule;
  };

  const rules: ClassRuleView[] = [...known].sort(byClass).flatMap((classId) => {
    const rule = ruleOf(classId);
    return rule.action === 'repeat'
      ? []
      : [{ class_id: classId, action: rule.action, next_class_id: rule.next_class_id, custom: rule.custom }];
  });
  // The classes the rules create: a change may send a student to one of them too.
  const ruleTargets = new Set(
    rules.flatMap((r) => (r.action === 'promote' && r.next_class_id ? [r.next_class_id] : [])),
  );

  const current = new Map(input.students.map((s) => [s.id, s]));
  const changes = new Map<string, RolloverChange>();
  (input.changes ?? []).forEach((change, n) => {
    const key = `changes.${n}`;
    if (!current.has(change.id)) return fail(`${key}.id`, ROLLOVER_MESSAGES.notCurrentStudent(change.id));
    if (changes.has(change.id)) return fail(`${key}.id`, ROLLOVER_MESSAGES.changedTwice(change.id));
    if (!(ROLLOVER_ACTIONS as readonly string[]).includes(change.action))
      return fail(`${key}.action`, ROLLOVER_MESSAGES.unknownAction);
    if ((change.reason ?? '').length > LEAVING_REASON_MAX)
      return fail(`${key}.reason`, ROLLOVER_MESSAGES.reasonTooLong);
    if (change.action === 'promote') {
      const classId = current.get(change.id)!.class_id;
      const own = classId ? ruleOf(classId) : null;
      const target = change.to_class_id?.trim() || (own?.action === 'promote' ? own.next_class_id : null);
      if (!target) return fail(`${key}.to_class_id`, ROLLOVER_MESSAGES.noTargetClass(change.id));
      if (!existing.has(target) && !ruleTargets.has(target))
        return fail(`${key}.to_class_id`, ROLLOVER_MESSAGES.unknownClass(target));
      changes.set(change.id, { ...change, to_class_id: target });
      return;
    }
    changes.set(change.id, change);
  });

  const students = [...input.students].sort(byClassThenName).map((s): PlannedStudent => {
    const change = changes.get(s.id);
    const rule: AppliedRule = s.class_id
      ? ruleOf(s.class_id)
      : { action: 'repeat', next_class_id: null, custom: false };
    const action: RolloverAction = change ? change.action : rule.action;
    const to_class_id =
      action === 'promote'
        ? change
          ? change.to_class_id!
          : rule.next_class_id
        : action === 'repeat'
          ? s.class_id
          : null;
    const reason = change && (action === 'graduate' || action === 'leave') ? change.reason?.trim() || null : null;
    return {
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      class_id: s.class_id,
      action,
      to_class_id,
      reason,
    };
  });

  const classesToCreate = [
    ...new Set(
      students.flatMap((s) => (s.action === 'promote' && !existing.has(s.to_class_id!) ? [s.to_class_id!] : [])),
    ),
  ].sort(byClass);
  const count = (action: RolloverAction) => students.filter((s) => s.action === action).length;

  return {
    rules,
    students,
    classesToCreate,
    rulesToStore: [...requested.values()].map((rule) => ({
      class_id: rule.class_id,
      rule: sameRule(rule, defaultClassRule(rule.class_id)) ? null : rule,
    })),
    counts: {
      promoted: count('promote'),
      repeated: count('repeat'),
      graduated: count('graduate'),
      left: count('leave'),
    },
    errors,
  };
}

function sameRule(
  a: { action: string; next_class_id: string | null },
  b: { action: string; next_class_id: string | null },
) {
  return a.action === b.action && (a.next_class_id ?? null) === (b.next_class_id ?? null);
}

/** By form level (classes without one last), then by id. */
function byClass(a: string, b: string): number {
  const la = formLevelOf(a) ?? 99;
  const lb = formLevelOf(b) ?? 99;
  return la - lb || (a < b ? -1 : a > b ? 1 : 0);
}

/** By class (students without one last), then last and first name, then id. */
function byClassThenName(a: PlanStudent, b: PlanStudent): number {
  if (a.class_id !== b.class_id) {
    if (a.class_id === null) return 1;
    if (b.class_id === null) return -1;
    return byClass(a.class_id, b.class_id);
  }
  const name = (s: PlanStudent) => `${s.last_name ?? ''}\u0000${s.first_name ?? ''}`.toLowerCase();
  return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
