// Shapes of the administrator routes' answers, shared by the server and the admin area of the client.

import type { ImportGuardianInvitation } from './guardians.js';
import type { ClassRoundProgress, StudentRoundSummary } from './registration-round.js';
import type { SpreadsheetImportResult } from './spreadsheet-import.js';
import type { ImportDateFormat } from './student-import.js';

/** GET /api/students: one row of the Students table (docs/product.md §3 Student list item). */
export interface StudentListItem {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  /** 'YYYY-MM-DD' */
  date_of_birth: string | null;
  birth_certificate_no: string | null;
  /** ISO timestamp of the last change */
  updatedAt: string;
  /** this school year's registration round (docs/product.md §13) */
  round: StudentRoundSummary;
}

/** POST /api/reset-password-student */
export interface ResetPasswordResult {
  student_id: string;
  name: string;
  password_reset: 1;
}

/** One cell of an exported row: lookups resolved, phones prefixed, dates 'YYYY-MM-DD'. */
export type ExportValue = string | number | null;

/** GET /api/student-registration/{formLevel}: one object per student, keyed by REGISTRATION_FIELDS keys. */
export type RegistrationDataRow = Record<string, ExportValue>;

/** The columns an import file may have (the first row names them). */
export const IMPORT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'middle_name',
  'class_id',
  'sex',
  'date_of_birth',
  'birth_certificate_no',
  'house_code',
  // Not the record's: each address is invited to a guardian account linked to the row's student (docs/product.md
  // §11), unless it is already linked to her or invited.
  'guardian_email',
  'guardian2_email',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const GUARDIAN_IMPORT_COLUMNS = ['guardian_email', 'guardian2_email'] as const;
export type GuardianImportColumn = (typeof GUARDIAN_IMPORT_COLUMNS)[number];
/** The columns that are fields of the student record. */
export type StudentImportColumn = Exclude<ImportColumn, GuardianImportColumn>;
export const isGuardianImportColumn = (c: string): c is GuardianImportColumn =>
  (GUARDIAN_IMPORT_COLUMNS as readonly string[]).includes(c);

/** Columns a row must fill when it creates a new student (the date of birth becomes her first password). */
export const IMPORT_REQUIRED_FOR_NEW: readonly StudentImportColumn[] = [
  'first_name',
  'last_name',
  'class_id',
  'date_of_birth',
];

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** POST /api/import-students[?dry_run=1] */
export interface StudentImportResult extends SpreadsheetImportResult {
  unchanged: number;
  /** class ids not yet known that the import adds (or would add) to the class list */
  classes_created: string[];
  /**
   * From the optional guardian_email and guardian2_email columns: the invitations the import queues (or, on a dry
   * run, would queue), one per student and address not yet linked to her or already invited (docs/product.md §11).
   */
  guardian_invitations: ImportGuardianInvitation[];
  /**
   * How the dates of birth of the file were read, with how many of each, so that the check shows whether 12/03/2014
   * was taken as 12 March (DD/MM/YYYY, day first) before anything is imported (docs/product.md §2 Import Students).
   */
  date_formats: { format: ImportDateFormat; count: number }[];
}

/** Administrator usernames: what POST /api/change-password-student accepts as `student_id` too. */
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,20}$/;
/** As for ADMIN_PASSWORD: an administrator's password is longer than a student's minimum. */
export { ADMIN_PASSWORD_MIN_LENGTH } from './constants.js';

/** GET /api/admins */
export interface AdminAccount {
  username: string;
  display_name: string;
  created_at: string;
}

/** POST /api/admins */
export interface CreateAdminRequest {
  username: string;
  display_name: string;
  password: string;
}

/** GET /api/parents-contact[?class_id=] */
export interface ParentsContactRow {
  id: string;
  name: string;
  class_id: string | null;
  mother: ContactPerson | null;
  father: ContactPerson | null;
  guardian: ContactPerson | null;
  emergency: ContactPerson | null;
}

export interface ContactPerson {
  name: string | null;
  /** formatted with the 1868 prefix */
  phones: string[];
  email: string | null;
}

/** GET /api/registration-progress: per class, how far registration has got, and who has not finished. */
export interface ClassProgress {
  class_id: string;
  total: number;
  /** students with all six steps complete */
  complete: number;
  /** per step (studentData ... submit): how many students have completed it */
  steps: Record<string, number>;
  /** per document type: how many students have a current file of it */
  documents: Record<string, number>;
  /** everyone not yet complete, fewest steps done first: the list the office chases */
  incomplete: IncompleteStudent[];
  /** the returning students' round (docs/product.md §13) */
  round: ClassRoundProgress;
}

export interface IncompleteStudent {
  id: string;
  /** 'last, first' */
  name: string;
  completed: number;
  /** steps not complete, by key */
  missing_steps: string[];
  /** required documents not received, by type */
  missing_documents: string[];
}

export interface RegistrationProgressOverview {
  total: number;
  complete: number;
  steps: Record<string, number>;
  documents: Record<string, number>;
  classes: ClassProgress[];
}
