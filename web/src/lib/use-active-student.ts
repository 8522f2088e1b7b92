import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LinkedStudent } from '../../../shared/guardians.js';
import { choiceLost, readChosenStudent, resolveActiveStudent, writeChosenStudent } from './active-student.js';
import { useAuth } from './auth-store.js';

export interface ActiveStudent {
  /** Whose pages are open: her own for a student, the chosen daughter for a guardian; null when none is. */
  studentId: string | null;
  /** A guardian's chosen daughter (her name and class for the screens); null for a student. */
  student: LinkedStudent | null;
  /** A guardian's linked daughters; empty for anyone else. */
  students: LinkedStudent[];
  isGuardian: boolean;
  /** Her choice in this tab is a daughter she is no longer linked to (the office ended the link). */
  choiceLost: boolean;
  /** A guardian opens this daughter's pages (in this tab). */
  choose(studentId: string): void;
}

const listeners = new Set<() => void>();
/** Used only when session storage refuses to keep the choice (private mode quotas). */
let memoryChoice: string | null = null;
let storageRefused = false;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function chosenSnapshot(): string | null {
  return readChosenStudent(storage()) ?? (storageRefused ? memoryChoice : null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function choose(studentId: string): void {
  memoryChoice = studentId;
  writeChosenStudent(storage(), studentId);
  storageRefused = readChosenStudent(storage()) !== studentId;
  for (const listener of listeners) listener();
}

/**
 * The one place that says whose student pages are open (docs/product.md §11). Every student page (dashboard,
 * registration steps, term reports) acts on `studentId` from here, never on the signed-in user's own ID.
 */
export function useActiveStudent(): ActiveStudent {
  const { user } = useAuth();
  // The server knows no tab's choice (nor does the browser while it adopts the server's HTML): null there, so a
  // guardian of one daughter sees hers, and one of several waits for the browser (RequireActiveStudent).
  const chosen = useSyncExternalStore(subscribe, chosenSnapshot, () => null);
  const studentId = resolveActiveStudent(user, chosen);
  const students = useMemo(() => (user?.role === 'guardian' ? user.students : []), [user]);
  const student = students.find((s) => s.id === studentId) ?? null;
  return {
    studentId,
    student,
    students,
    isGuardian: user?.role === 'guardian',
    choiceLost: choiceLost(user, chosen),
    choose: useCallback((id: string) => choose(id), []),
  };
}
