// The office's choices in the New School Year wizard (docs/product.md §2 New School Year screen, §12.2), kept apart
// from the screens so that the rules of what is sent, what is counted and where an error belongs are unit-tested.
import {
  type ClassRuleRequest,
  type LatestRollover,
  NEW_CLASS_ID_PATTERN,
  ROLLOVER_MESSAGES,
} from '../../../../shared/rollover.js';
import {
  type ClassRuleAction,
  type ClassRuleView,
  defaultClassRule,
  type RolloverAction,
  type RolloverChange,
  type RolloverPreviewStudent,
  type RolloverResult,
  schoolYearLabel,
} from '../../../../shared/school-year.js';

/** A class's rule as the office has set it on screen. */
export interface RuleDraft {
  action: ClassRuleAction;
  next_class_id: string | null;
}

/** What the office has chosen for one student in the preview (her reason only matters when she leaves). */
export interface StudentChoice {
  action: RolloverAction;
  to_class_id: string | null;
  reason: string;
}

export type StudentChoices = Readonly<Record<string, StudentChoice>>;

/** The rules sent with the preview and the rollover. */
export type RuleInput = ClassRuleRequest;

export const ACTION_LABELS: Record<RolloverAction, string> = {
  promote: 'Moves up',
  repeat: 'Repeats the year',
  graduate: 'Graduates',
  leave: 'Leaves',
};

const clean = (classId: string | null | undefined): string | null => {
  const t = (classId ?? '').trim().toUpperCase();
  return t === '' ? null : t;
};

/** The rules on screen: the server's (stored or default), with the office's edits over them. */
export function effectiveRules(server: readonly ClassRuleView[], drafts: Readonly<Record<string, RuleDraft>>) {
  return server.map((rule) => {
    const draft = drafts[rule.class_id];
    const action = draft?.action ?? rule.action;
    const next = action === 'promote' ? clean(draft ? draft.next_class_id : rule.next_class_id) : null;
    return {
      class_id: rule.class_id,
      action,
      next_class_id: next,
      isDefault: isDefaultRule(rule.class_id, action, next),
    };
  });
}

/** Whether a rule is the one the class has when the office sets none (1A → 2A, a last-form class graduates). */
export function isDefaultRule(classId: string, action: ClassRuleAction, next: string | null): boolean {
  const d = defaultClassRule(classId);
  return d.action === action && (action !== 'promote' || clean(d.next_class_id) === clean(next));
}

/**
 * The rules the preview and the rollover are sent: every rule that is not the default, and a default one the school
 * had stored (so that setting a class back to its default replaces the stored rule).
 */
export function rulesToSend(
  server: readonly ClassRuleView[],
  drafts: Readonly<Record<string, RuleDraft>>,
): RuleInput[] {
  const stored = new Set(server.filter((r) => r.custom).map((r) => r.class_id));
  return effectiveRules(server, drafts)
    .filter((r) => !r.isDefault || stored.has(r.class_id))
    .map((r) => ({
      class_id: r.class_id,
      action: r.action,
      ...(r.action === 'promote' ? { next_class_id: r.next_class_id } : {}),
    }));
}

/**
 * What is wrong with a rule on screen, or null, in the server's words (shared/rollover.ts): a class that moves up needs
 * the class it moves to, another than itself, and one that exists (`known`) or is a class name the rollover can create.
 */
export function ruleProblem(
  rule: { class_id: string; action: ClassRuleAction; next_class_id: string | null },
  known: ReadonlySet<string> = new Set(),
): string | null {
  if (rule.action !== 'promote') return null;
  const next = rule.next_class_id;
  if (!next) return ROLLOVER_MESSAGES.ruleNoNextClass(rule.class_id);
  if (next === clean(rule.class_id)) return ROLLOVER_MESSAGES.ruleSameClass(rule.class_id);
  if (!known.has(next) && !NEW_CLASS_ID_PATTERN.test(next)) return ROLLOVER_MESSAGES.ruleBadNextClass(next);
  return null;
}

/** Her outcome: the office's choice for her, or what the preview says. */
export function outcomeOf(student: RolloverPreviewStudent, choices: StudentChoices): StudentChoice {
  return choices[student.id] ?? { action: student.action, to_class_id: student.to_class_id, reason: '' };
}

/**
 * What is wrong with a choice, or null: a move needs a class; leaving needs a reason only when the office itself
 * changed her to leave (`byRule`: what her class's rule does with her). A student who leaves by her class's rule needs
 * none, as the server has it (docs/product.md §12.2).
 */
export function choiceProblem(choice: StudentChoice, byRule: RolloverAction): string | null {
  if (choice.action === 'leave' && byRule !== 'leave' && choice.reason.trim() === '') return 'Say why she leaves.';
  if (choice.action === 'promote' && !clean(choice.to_class_id)) return 'Choose her new class.';
  return null;
}

/** Whether a choice differs from what the preview would do anyway. */
function differs(student: RolloverPreviewStudent, choice: StudentChoice): boolean {
  if (choice.action !== student.action) return true;
  if (choice.action === 'promote' && clean(choice.to_class_id) !== clean(student.to_class_id)) return true;
  return choice.action === 'leave' && choice.reason.trim() !== '';
}

/** Only the students the office changed, as the rollover takes them. */
export function changesToSend(students: readonly RolloverPreviewStudent[], choices: StudentChoices): RolloverChange[] {
  return students.flatMap((s) => {
    const choice = choices[s.id];
    if (!choice || !differs(s, choice)) return [];
    const change: RolloverChange = { id: s.id, action: choice.action };
    if (choice.action === 'promote') change.to_class_id = clean(choice.to_class_id);
    if (choice.action === 'leave') change.reason = choice.reason.trim();
    return [change];
  });
}

/** The students the office changed (for the 'Changed' mark and filter). */
export function changedIds(students: readonly RolloverPreviewStudent[], choices: StudentChoices): Set<string> {
  return new Set(changesToSend(students, choices).map((c) => c.id));
}

export type ActionCounts = Record<RolloverAction, number>;

export function countActions(students: readonly RolloverPreviewStudent[], choices: StudentChoices): ActionCounts {
  const counts: ActionCounts = { promote: 0, repeat: 0, graduate: 0, leave: 0 };
  for (const s of students) counts[outcomeOf(s, choices).action] += 1;
  return counts;
}

/** '120 promoted, 3 repeat, 30 graduated, 2 left' */
export function countsText(c: { promote: number; repeat: number; graduate: number; leave: number }): string {
  return `${c.promote} promoted, ${c.repeat} repeat, ${c.graduate} graduated, ${c.leave} left`;
}

/** '2027-2028 began on 27 Nov 2026 by admin:office: 120 promoted, 3 repeat, 30 graduated, 2 left.' (`day` as shown) */
export function latestRolloverText(r: LatestRollover, day: string): string {
  const counts = countsText({ promote: r.promoted, repeat: r.repeated, graduate: r.graduated, leave: r.left });
  return `${schoolYearLabel(r.to_year)} began on ${day} by ${r.actor}: ${counts}.`;
}

/** '2027-2028 has begun: 120 promoted, 3 repeat, 30 graduated, 2 left.' */
export function resultText(r: RolloverResult): string {
  const counts = countsText({ promote: r.promoted, repeat: r.repeated, graduate: r.graduated, leave: r.left });
  return `${schoolYearLabel(r.to_year)} has begun: ${counts}.`;
}

/**
 * Where each message of a refused rollover (422 `errors`) belongs: a key naming a change by its place in the list
 * sent ('changes.2.reason', 'changes[2]') or naming a student by her ID goes beside her; any other stays general.
 */
export function placeErrors(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  sent: readonly RolloverChange[],
): { byStudent: Record<string, string[]>; general: string[] } {
  const byStudent: Record<string, string[]> = {};
  const general: string[] = [];
  const ids = new Set(sent.map((c) => c.id));
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const parts = key.split(/[.[\]]+/).filter(Boolean);
    const at = parts[0] === 'changes' && /^\d+$/.test(parts[1] ?? '') ? sent[Number(parts[1])]?.id : undefined;
    const id = at ?? parts.find((p) => ids.has(p));
    if (id) (byStudent[id] ??= []).push(...messages);
    else general.push(...messages);
  }
  return { byStudent, general };
}

/** 'Maya Ali' (or her ID when she has no name). */
export const studentName = (s: Pick<RolloverPreviewStudent, 'id' | 'first_name' | 'last_name'>): string =>
  [s.first_name, s.last_name].filter(Boolean).join(' ') || s.id;

/** The students the confirm waits for, by name: 'A student needs an answer: Maya Ali.' */
export function unansweredText(students: readonly RolloverPreviewStudent[]): string {
  const who = students.length === 1 ? 'A student needs' : `${students.length} students need`;
  const names = students.slice(0, 5).map(studentName).join(', ');
  return `${who} an answer: ${names}${students.length > 5 ? ', …' : ''}.`;
}

/**
 * The class she goes to when the office makes her move up: the preview's when she moves up anyway, else her class's
 * next class by its rule, else by the default (1A → 2A).
 */
export function nextClassOf(student: RolloverPreviewStudent, rules: readonly ClassRuleView[]): string | null {
  if (student.action === 'promote') return student.to_class_id;
  if (!student.class_id) return null;
  const rule = rules.find((r) => r.class_id === student.class_id);
  if (rule?.action === 'promote' && rule.next_class_id) return rule.next_class_id;
  return defaultClassRule(student.class_id).next_class_id;
}
