// Two-step sign-in for administrators (TOTP, RFC 6238): the shapes and texts shared by the server and the web client.

/** POST /api/admin-login, for an administrator with two-step sign-in on: the password was right, a code is next. */
export interface MfaRequiredResponse {
  mfa_required: true;
}

/** GET /api/admin-mfa: the signed-in administrator's own two-step sign-in. */
export interface MfaStatus {
  enabled: boolean;
  /** ADMIN_MFA=required: every administrator must have it on. */
  required: boolean;
  /** Unused recovery codes left (0 while off). */
  recovery_codes_left: number;
}

/** POST /api/admin-mfa/setup: a new secret, shown once, to add to an authenticator app. */
export interface MfaSetup {
  /** The otpauth:// address drawn as a PNG, as a data: URL (drawn on the server). */
  qr_data_url: string;
  /** The same secret in base32, for typing into the app by hand. */
  secret: string;
  /** How the app will name the account. */
  account: string;
  issuer: string;
}

/** POST /api/admin-mfa/confirm and /api/admin-mfa/recovery-codes: shown once, stored only hashed. */
export interface MfaRecoveryCodes {
  recovery_codes: string[];
}

export const MFA_RECOVERY_CODE_COUNT = 10;
/** How long after a right password the code may be entered. */
export const MFA_PENDING_MS = 5 * 60_000;

/** A 6-digit code from the app (spaces allowed, as some apps show '123 456'). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** 'ab3de-fg7hk' and 'AB3DEFG7HK' are the same recovery code. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

export const MFA_MESSAGES = {
  codePrompt: 'Enter the 6-digit code from your authenticator app.',
  recoveryPrompt: 'Enter one of your recovery codes.',
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  wrongRecoveryCode: 'That recovery code is not right, or has been used already.',
  codeUsed: 'That code has just been used. Wait for the next code in your app.',
  signInAgain: 'Please sign in again.',
  mustEnrol: 'Set up two-step sign-in before you continue.',
  alreadyOn: 'Two-step sign-in is already on. Turn it off first to move it to another phone.',
  notOn: 'Two-step sign-in is not on.',
  noSetup: 'Start the set-up again: choose "Set up two-step sign-in".',
  codeOrPassword: 'Enter a current code from your app or your password.',
  enrolmentCodePrompt: 'Enter the enrolment code the person who runs the portal gave you.',
  wrongEnrolmentCode: 'That enrolment code is not right. Ask the person who runs the portal for yours.',
} as const;
