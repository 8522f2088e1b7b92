// Shapes of the API's answers (docs/product.md §7), shared by the server's response mappers and the web client.

import { type GuardianLoginResponse, guardianActorLabel } from './guardians.js';

/** A guardian signs in with her e-mail and acts for her linked students (docs/product.md §11). */
export type Role = 'student' | 'admin' | 'guardian';

/**
 * Short, secret-free name of an account: 'student:20260001', 'admin:office' or 'guardian: Ann Lee <ann@example.org>'.
 * The audit trail and the logs name the actor by it; the web client keeps an account's unsaved answers under it.
 */
export function actorLabel(user: {
  role: Role;
  student_id?: string | null;
  username?: string | null;
  display_name?: string;
}): string {
  if (user.role === 'guardian') return guardianActorLabel(user.display_name ?? '', user.username ?? '');
  return user.role === 'admin' ? `admin:${user.username}` : `student:${user.student_id}`;
}

/** The one error shape of the API: `errors` maps a field to its messages (422 validation). */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string[]>;
  /** 409 on POST /api/student only: the values the server holds now (see StudentSaveConflict). */
  current?: Record<string, unknown>;
  /** 401 only: why this browser has no session (its session ended, and how, or it never had one). */
  reason?: SessionEndReason;
}

/**
 * Why a browser's session is over (docs/product.md §4 Sign-in): `idle` its idle time passed; `expired` its
 * absolute lifetime; `password-changed` the account's password was changed elsewhere (another device, a reset link);
 * `password-reset` the office reset it; `access-removed` a guardian's link to a student was removed; `left-school`
 * the student has left the school and her account is closed (§12.3); `signed-out` the browser has no session cookie
 * (signed out, in another tab or window); `ended` ended otherwise or long ago.
 */
export type SessionEndReason =
  | 'idle'
  | 'expired'
  | 'password-changed'
  | 'password-reset'
  | 'access-removed'
  | 'left-school'
  | 'signed-out'
  | 'ended';

/** POST /api/login-student, POST /api/change-password-student */
export interface StudentLoginResponse {
  name: string;
  initials: string;
  role: 'student';
  student_id: string;
  password_reset: 0 | 1;
}

/** POST /api/admin-login. `name` is always 'Admin' (docs/product.md §6 recognises an admin by it). */
export interface AdminLoginResponse {
  name: 'Admin';
  initials: string;
  role: 'admin';
  username: string;
  display_name: string;
  /** ADMIN_MFA=required and she has not set up two-step sign-in yet: she must, before anything else. */
  mfa_enrolment_required?: true;
}

export type LoginResponse = StudentLoginResponse | AdminLoginResponse | GuardianLoginResponse;

/**
 * The id of the JSON data block in which the server hands a page the data it drew its first view with (the session's
 * answer and the page's queries, as the API answers them), so the browser adopts that view with the same data.
 */
export const FIRST_VIEW_DATA_ID = 'portal-first-view';

/**
 * A cookie the client itself writes when she signs out (docs/product.md §4 Sign-in step 6), readable by scripts: the
 * session cookie is httpOnly, so the client cannot remove it, and without a connection the server cannot either. While
 * it is there, the client shows nobody's pages, and the server ends the session it comes with on the first request
 * that carries it (a new tab's page, any call), draws nothing of hers, and removes it.
 */
export const SIGNED_OUT_COOKIE = 'portal.signed_out';
/** How long the marker is kept: the longest a session can last (SESSION_ABSOLUTE_HOURS is at most a week). */
export const SIGNED_OUT_MARKER_SECONDS = 7 * 24 * 60 * 60;

/** GET /api/session: who the browser's session belongs to, if anyone. */
export interface SessionInfo {
  authenticated: boolean;
  user: LoginResponse | null;
  settings: PublicSettings;
  /** When not signed in: why this browser's session is over (as a 401's `reason`). */
  ended_reason?: SessionEndReason;
}

/** What the client needs to know of the operator's configuration. */
export interface PublicSettings {
  school_name: string;
  student_id_lookup: boolean;
  pta_form_url: string | null;
  show_learning_challenges: boolean;
  /** A session ends after this many minutes without a request (the client warns 2 minutes before). */
  session_idle_minutes: number;
  /** The school's IANA time zone (`TZ`): the office's screens show stored times in it (shared/school-time.ts). */
  time_zone: string;
}

/** GET /api/user/{student_id} (a list of one) */
export interface UserInfo {
  student_id: string;
  password_reset: 0 | 1;
}

/** GET /api/student-id-lookup?first_name=&last_name= */
export interface StudentIdMatch {
  id: string;
  name: string;
}

/** GET /api/registration-status; POST /api/registration-status {open, deadline} (admin) answers it too. */
export interface RegistrationStatus {
  open: number;
  /** 'YYYY-MM-DD': registration closes at the start of this day (school time). */
  deadline: string | null;
  /** Whether a student may edit now: open = 1 and (no deadline, or today before the deadline). */
  editable: boolean;
}

/** GET /api/audit (admin): one changed value, newest first. */
export interface AuditEntryView {
  id: number;
  created_at: string;
  /** 'student:20260001' or 'admin:office' */
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/**
 * What an administrator's read of a student's data was (`field` of a `read` audit entry) and how the
 * history names it (`new_value`, followed by ": detail" for one document or report card).
 */
export const READ_AUDIT_LABELS = {
  record: 'Viewed record (every registration step, health data included)',
  account: 'Viewed account',
  documents: 'Viewed documents list',
  document: 'Opened document',
  registration_form: 'Opened registration form (PDF)',
  report_card: 'Opened report card (PDF)',
  export: 'Subject-access export (ZIP of all her data)',
} as const;
export type ReadAuditKind = keyof typeof READ_AUDIT_LABELS;

/**
 * The lookup lists of docs/product.md §3: GET /api/form-classes, /towns, /regional-corporation, /religions,
 * /ethnic-groups,
 * /houses.
 */
export interface FormClassItem {
  class_id: string;
  form_level: number;
}
export interface TownItem {
  town_name: string;
}
export interface RegionItem {
  title: string;
}
export interface ReligionItem {
  code: number;
  religion: string;
}
export interface EthnicGroupItem {
  id: number;
  group_type: string;
}
export interface HouseItem {
  id: number;
  name: string;
}
