import type { LoginResponse } from '../../../shared/api-types.js';
import type { LinkedStudent } from '../../../shared/guardians.js';

/**
 * The student whose pages are open (docs/product.md §11): a student's are her own; a guardian chooses one of her
 * linked daughters, and the choice is kept for this tab in session storage (cleared at sign-out with the rest).
 * Plain functions here; the React side is use-active-student.ts.
 */
export const ACTIVE_STUDENT_KEY = 'portal.active-student';

/**
 * Whose pages are open: a student's own ID; for a guardian the daughter chosen in this tab while she is still
 * linked, else (no choice yet) her only daughter, else none (she chooses); nobody's for an administrator or no one
 * signed in. A choice of a daughter no longer linked resolves to none, never silently to another daughter: the
 * chooser tells her (choiceLost).
 */
export function resolveActiveStudent(user: LoginResponse | null, chosen: string | null): string | null {
  if (!user) return null;
  if (user.role === 'student') return user.student_id;
  if (user.role !== 'guardian') return null;
  if (chosen) return user.students.some((s) => s.id === chosen) ? chosen : null;
  return user.students.length === 1 ? user.students[0].id : null;
}

/** Whether a guardian's choice in this tab is a daughter she is no longer linked to (the office ended it). */
export function choiceLost(user: LoginResponse | null, chosen: string | null): boolean {
  return user?.role === 'guardian' && chosen !== null && !user.students.some((s) => s.id === chosen);
}

/** A daughter's name as the screens show it; her student ID when the record has no name. */
export function linkedStudentName(s: LinkedStudent): string {
  const name = [s.first_name, s.last_name].filter(Boolean).join(' ').trim();
  return name || `Student ${s.id}`;
}

/** "Aisha Mohammed (2A)": her name and class, as the switcher shows her. */
export function linkedStudentLabel(s: LinkedStudent): string {
  return s.class_id ? `${linkedStudentName(s)} (${s.class_id})` : linkedStudentName(s);
}

/** Her first name for a sentence ("Aisha's registration"); her full label when she has none. */
export function linkedStudentFirstName(s: LinkedStudent): string {
  return s.first_name?.trim() || linkedStudentName(s);
}

/** The storage's choice, or null when there is none or storage is refused (private mode). */
export function readChosenStudent(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(ACTIVE_STUDENT_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeChosenStudent(storage: Pick<Storage, 'setItem'> | null, studentId: string): void {
  try {
    storage?.setItem(ACTIVE_STUDENT_KEY, studentId);
  } catch {
    // Storage refused: the choice lasts as long as the page (the in-memory copy).
  }
}
