// Former students (docs/product.md §12.3): the words of the office's refusals and of the Former students page.
// Framework-free: the server's refusals and the client's page read the same definitions.

/** The query that lists former students instead of current ones: GET /api/students?status=former. */
export const FORMER_STUDENTS_QUERY = 'former';

export const FORMER_STUDENT_MESSAGES = {
  /** A save, an upload, a password reset or an invitation for a former student, whoever asks (409). */
  readOnly:
    'This student has left the school, so her record is kept as it was and can no longer be changed. ' +
    'It can still be read under Former Students.',
  /** A row of a student import naming a former student: the whole file is refused (422, on the row's id). */
  importRow: (id: string) =>
    `Student ${id} has left the school: her record can no longer be changed. Remove her row from the file.`,
  /** GET /api/students?status= with anything but 'former' (422). */
  badStatus: "The list's status can only be 'former' (or left out for current students).",
  /** The Former Students page with nobody on it. */
  empty: 'No former students yet. Students leave the school at the end-of-year rollover.',
} as const;
