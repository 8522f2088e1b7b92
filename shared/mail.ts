// E-mail to families and administrators (docs/product.md §10): the API's shapes and the texts the
// screens show. Framework-free: imported by the server and the web client.

/**
 * A message's state in the outbox.
 * - queued: waiting to be sent (or to be tried again after a failure; see `next_attempt_at`)
 * - sent: the mail server accepted it
 * - failed: every try for 24 hours failed; an administrator can send it again
 * - kept: no mail server is configured (no SMTP_URL): the office reads it in the Outbox instead
 */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['queued', 'sent', 'failed', 'kept'];

/** What a message is about. */
export type MailKind =
  | 'password-reset'
  | 'password-changed'
  | 'recovery-address-changed'
  | 'report-card'
  | 'registration-reminder'
  | 'guardian-invitation'
  | 'guardian-linked';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'password-reset': 'Password reset link',
  'password-changed': 'Password changed notice',
  'recovery-address-changed': 'Recovery address changed notice',
  'report-card': 'Report card ready',
  'registration-reminder': 'Registration reminder',
  'guardian-invitation': 'Parent account invitation',
  'guardian-linked': 'New parent account notice',
};

/** GET /api/outbox: one message, newest first. */
export interface OutboxItem {
  id: number;
  status: OutboxStatus;
  kind: MailKind;
  to: string;
  subject: string;
  /** the student the message is about, when there is one */
  student_id: string | null;
  /** her name, 'Last, First' (null without a student, or when her record is gone) */
  student_name: string | null;
  /** a parent's own message (her reset link, her password changed): the guardian account's name, else null */
  guardian_name: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

/**
 * GET /api/outbox/{id}: the message with its plain-text body. A reset link is shown only while the
 * message is kept (no mail server) for a student's family or a parent's own account, so that the office can pass it
 * on; in any other case (an administrator's link, a message that left by mail) the office never sees a working link
 * to someone else's account.
 */
export interface OutboxMessage extends OutboxItem {
  text: string;
}

/** GET /api/mail-settings: how messages leave the portal. */
export interface MailSettings {
  /** smtp: sent through the school's mail server; kept: no SMTP_URL, the office reads them in the Outbox */
  delivery: 'smtp' | 'kept';
  from: string;
  public_url: string;
}

/** POST /api/registration-reminders */
export interface RegistrationRemindersRequest {
  class_id?: string;
  student_ids?: string[];
}
export interface RegistrationRemindersResult {
  /** messages queued (one per address of each family with something still missing) */
  queued: number;
  /** students with something still missing and at least one e-mail address on record */
  students: number;
  /** students with something missing but no e-mail address on record (nobody to remind) */
  without_address: number;
}

/** POST /api/reset-password/check */
export interface ResetTokenCheck {
  account: 'student' | 'admin' | 'guardian';
}

export const MAIL_MESSAGES = {
  forgotStudent:
    'If this student has an e-mail address on record, a link has been sent to it. ' +
    'Otherwise please contact the school office.',
  forgotGuardian:
    'If there is a parent or guardian account for this address, a link has been sent to it. ' +
    'Otherwise ask the school office, or your daughter, to invite you.',
  forgotAdmin:
    'If this administrator has an e-mail address on record, a link has been sent to it. ' +
    'Otherwise please ask another administrator.',
  tokenGone: 'This link has expired or has already been used. Please ask for a new one.',
  notFailed: 'Only a message that failed can be sent again.',
  searchTooLong: 'The search can have at most 100 characters.',
  chooseRecipients: 'Choose a class or at least one student.',
  passwordChangedNotice: "Your portal password was changed. If this wasn't you, contact the school office.",
} as const;

/** A reset link is valid this long after it is asked for. */
export const RESET_TOKEN_MINUTES = 30;
