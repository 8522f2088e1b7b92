/**
 * Every audit action the server writes, in two lists: the saves of the school's data, and the rest. A save in the new
 * school year ends the undo of the rollover (docs/product.md §12.2: "anyone, a family or the office, saves anything"),
 * the rest does not. A new action goes in one of them (server/audit/audit-actions.spec.ts fails until it does).
 */
export const SAVE_ACTIONS = [
  // A student's record, her files, her agreement to the terms, her standing.
  'student.updated',
  'student.imported',
  'students.imported',
  'student.terms-agreed',
  'student.terms-withdrawn',
  'student.terms-expired',
  // A returning family confirming a step of the year's round, the office reviewing her changes.
  'registration-round.confirmed',
  'registration-round.reviewed',
  'file.uploaded',
  'file.replaced',
  'student.promoted',
  'student.repeated',
  'student.graduated',
  'student.left',
  'student.rollover-undone',
  // Her family: a parent linked, invited, unlinked, or accepting the invitation.
  'guardian.linked',
  'guardian.invited',
  'guardian.unlinked',
  'guardian.account-created',
  // Term reports, their holds and postings.
  'import_term_report',
  'import_term_reports',
  'post_term_reports',
  'unpost_term_reports',
  'schedule_term_reports',
  'term_report.held',
  'term_report.hold-lifted',
  // The school's settings and its year.
  'registration-status.changed',
  'terms.changed',
  'retention.policy-changed',
  'retention.scrubbed',
  'school-year.rolled-over',
  'school-year.rollover-undone',
] as const;

/**
 * Not the school's data: the office's reads, e-mails sent, links asked for, and sign-in matters of an account (its
 * password, second factor, an administrator's account). A family's own password is her account's, not the school's.
 */
export const NOT_SAVE_ACTIONS = [
  'read',
  'mail.resent',
  'mail.registration-reminder',
  'password.reset-link-sent',
  'guardian.reset-link-sent',
  'password.changed',
  'password.reset-completed',
  'password.recovered',
  'password.reset',
  'password.first-password-corrected',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recovery-code-used',
  'mfa.recovery-codes-renewed',
  'admin.created',
  'admin.email-changed',
] as const;
