import type { DocumentFile } from './documents.js';
import type { RegistrationStatus, SessionInfo } from './api-types.js';
import type { RegistrationRound } from './registration-round.js';
import type { SchoolYearView } from './school-year.js';
import type { StudentRecord } from './student-fields.js';

/**
 * What the server hands the page renderer (web/src/entry-server.tsx) for one request: the session's answer, and the
 * API's answers the page's first view is drawn with, each read by the server's own services under the same access
 * rule and audit as the API route of the same name. The renderer asks only for the student whose pages these are.
 */
export interface FirstViewSource {
  /** GET /api/session, for this request's session. */
  session: SessionInfo;
  /** GET /api/student-record/{id}: her record, or null if it is not one this session may read. */
  studentRecord(studentId: string): Promise<StudentRecord | null>;
  /** GET /api/get-files/{id}: her current files, or null if this session may not read them. */
  studentFiles(studentId: string): Promise<DocumentFile[] | null>;
  /** GET /api/registration-status (null: not known in time). */
  registrationStatus(): Promise<RegistrationStatus | null>;
  /** GET /api/school-year: the current school year by its start year (null: not known in time). */
  schoolYear(): Promise<SchoolYearView | null>;
  /**
   * GET /api/registration-round/{id}: this year's round of her registration (her dashboard's first card), or null if
   * this session may not read it (or not in time).
   */
  registrationRound(studentId: string): Promise<RegistrationRound | null>;
}

/** The page's HTML (inside #root) and the data it was drawn with (the JSON the browser adopts it with). */
export interface FirstView {
  html: string;
  /** JSON (the server escapes it into its data block). */
  data: string;
}

/** The server's page renderer: null when the page is left to the browser (the renderer cannot know its first view). */
export type RenderFirstView = (url: string, source: FirstViewSource) => Promise<FirstView | null>;
