// Guardian accounts (docs/product.md §11): one sign-in for a parent of one or more students. The API's shapes
// and the texts the screens show. Framework-free: imported by the server and the web client.

import { signInName } from './sign-in-names.js';
import { RESET_TOKEN_MINUTES } from './mail.js';

/** A student a guardian account is linked to: GET /api/my-students, and the guardian's sign-in answer. */
export interface LinkedStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
}

/**
 * POST /api/guardian-login, POST /api/guardians/accept and GET /api/session for a guardian. `name` is her own
 * name; `students` her linked daughters, by last then first name.
 */
export interface GuardianLoginResponse {
  name: string;
  initials: string;
  role: 'guardian';
  /** her sign-in name (lower case) */
  email: string;
  students: LinkedStudent[];
}

/** POST /api/guardian-login */
export interface GuardianLoginRequest {
  email: string;
  password: string;
}

/**
 * POST /api/guardians/invite (an administrator, or a student for herself): 201 with the invitation. The
 * link goes by e-mail to `email`; it is valid INVITATION_DAYS days, once.
 */
export interface GuardianInviteRequest {
  student_id: string;
  email: string;
}
export interface GuardianInvitation {
  email: string;
  /** ISO time */
  created_at: string;
  /** ISO time */
  expires_at: string;
  /** who sent it, as the audit trail names actors ('admin:office', 'student:20260001') */
  invited_by: string;
}

/**
 * POST /api/guardians/invitation {token}: what the e-mailed link's page shows before she accepts. 410 when the
 * link is unknown, used or expired.
 */
export interface GuardianInvitationInfo {
  email: string;
  student_first_name: string;
  /** an account with this address exists: she signs in with it, then accepts with the token alone */
  account_exists: boolean;
  expires_at: string;
}

/**
 * POST /api/guardians/accept. With `name` and `password` (no account for the address yet): creates the account,
 * links it and signs this browser in. With the token alone, while signed in as the invited address's guardian:
 * adds the link. Answers GuardianLoginResponse (200). 410 unknown, used or expired token; 409 the address
 * already has an account (sign in first); 403 signed in as another account; 422 name or password.
 */
export interface GuardianAcceptRequest {
  token: string;
  name?: string;
  password?: string;
}

/**
 * GET /api/students/{studentId}/guardians (an administrator, or the student herself): her linked guardians and
 * pending invitations.
 */
export interface StudentGuardians {
  guardians: { id: number; name: string; email: string; linked_at: string }[];
  invitations: GuardianInvitation[];
}

/**
 * POST /api/guardians/unlink (an administrator, or the student for her own guardians): 204; the guardian's access
 * to that student and her sessions end at once.
 */
export interface GuardianUnlinkRequest {
  student_id: string;
  guardian_id: number;
}

/**
 * POST /api/guardians/reset-link (the office only) `{student_id, guardian_id}`: a new link to reset the guardian's own
 * password, to her own address (never a student's); answers where it went. 404 when she is not linked to the student,
 * 429 past the account's limit of requests.
 */
export type GuardianResetLinkRequest = GuardianUnlinkRequest;
export interface GuardianResetLinkResult {
  email: string;
}

/** POST /api/guardian-forgot-password: always 202 with the recovery page's usual message. */
export interface GuardianForgotPasswordRequest {
  email: string;
}

/** One invitation the student import queues (or, on a dry run, would queue): an address not yet linked. */
export interface ImportGuardianInvitation {
  student_id: string;
  email: string;
}

/** How long an invitation's link is valid. */
export const INVITATION_DAYS = 7;

/** A student may send at most this many invitations a day (she cannot use the school's mail to spam). */
export const STUDENT_INVITATIONS_PER_DAY = 5;

/** A guardian's name: what the account shows and the audit trail names her by. */
export const GUARDIAN_NAME_MAX_LENGTH = 80;

export const GUARDIAN_MESSAGES = {
  signInPrompt: 'Parent or guardian? Sign in with your e-mail',
  invitationGone:
    'This invitation link has expired or has already been used. ' +
    'Ask the school office, or your daughter, to send a new one.',
  accountExists: 'An account with this e-mail address already exists. Sign in with it to accept the invitation.',
  otherAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign out, then sign in with that address to accept it.`,
  alreadyLinked: 'This address is already linked to this student.',
  tooManyInvitations: (wait: string) => `You have sent several invitations today. Please try again in ${wait}.`,
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name may be at most ${GUARDIAN_NAME_MAX_LENGTH} characters.`,
  nameCharacters: 'Your name may not contain < or >.',
  removedByOffice:
    'The school office removed this address from your account. Please ask the office to invite it again.',
  emailRequired: 'Please enter an e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  invited: (email: string) => `An invitation was sent to ${email}. The link is valid for ${INVITATION_DAYS} days.`,
  unlinked: 'The guardian no longer has access to this student.',
  /** the office's Guardians list: a new password link for a parent, to her own address */
  sendResetLink: 'Send password link',
  resetLinkSent: (name: string, email: string) =>
    `A new password link for ${name} was sent to ${email}. It works for ${RESET_TOKEN_MINUTES} minutes, once. ` +
    'Without a mail server it waits in the Outbox, for you to pass on.',
  resetLinkFailed: (name: string, reason: string) => `No link was sent to ${name}. ${reason}`,
  /** the student's own page of who acts for her */
  whoCanSee: 'Who can see my registration',
  whoCanSeeIntro:
    'These parent or guardian accounts can fill in your registration, upload your documents and read your report ' +
    'cards. Remove one and it can no longer see anything of yours.',
  noGuardians: 'No parent or guardian account is linked to you.',
  removeGuardian: (name: string) => `Remove ${name}?`,
  removeGuardianDetail: (email: string) =>
    `${email} will no longer see your registration or report cards, and is signed out at once. You can invite ` +
    'the address again later.',
  guardianRemoved: (name: string) => `${name} can no longer see your registration.`,
  accepted: (firstName: string) => `You are now linked to ${firstName}.`,
  accessEnded:
    'You no longer have access to the student whose pages were open: the link to her was ended. ' +
    'Choose another, or ask the office.',
  signOutToCreate: (email: string) =>
    `You are signed in with another account on this device. Sign out to create the parent account for ${email}.`,
} as const;

/** A guardian's address as the portal keeps and compares it: NFKC, trimmed, lower case (shared/sign-in-names.ts). */
export function guardianAddress(email: string): string {
  return signInName(email).toLowerCase();
}

/** How the audit trail and the logs name a guardian: "guardian: name <email>". */
export function guardianActorLabel(name: string, email: string): string {
  return `guardian: ${name} <${email}>`;
}
