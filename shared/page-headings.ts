import type { StudentFields } from './student-fields.js';

/**
 * The words at the head of the student pages, drawn by the pages' components (on the server too, so that she sees where
 * she is, and whose pages these are, before the client's code has arrived).
 */

/** The dashboard's heading, with the signed-in account's name. */
export const dashboardHeading = (name: string): string => `Welcome, ${name}`;

/** A registration step's heading, with the step's label (STEP_LABELS). */
export const registrationHeading = (stepLabel: string): string => `Registration: ${stepLabel}`;

/** The line under a registration step's heading: whose record it is, and, while she may edit it, how it is saved. */
export function registrationSubtitle(
  student: Pick<StudentFields, 'first_name' | 'last_name'> & { id: string },
  editable: boolean,
): string {
  const name = [student.first_name, student.last_name].filter(Boolean).join(' ');
  const saving = editable ? ' · Each answer is saved as soon as you leave the field.' : '';
  return `${name} · Student ID ${student.id}${saving}`;
}
