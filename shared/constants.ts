// Business constants and messages (docs/product.md §5, §8, §9). Framework-free: imported by the server and the web
// client.

import { COLOR } from './design-tokens.js';

export const PHONE_PREFIX = '1868';
export const PHONE_DIGITS = 7;
export const SAVE_INDICATOR_DELAY_MS = 600;
export const EARLIEST_ADMIN_DOB = '1950-01-01';
export const REPORT_LIST_FIRST_ID = 101;

/** The school's colours (docs/product.md §9), from the design tokens. */
export const THEME = {
  primary: COLOR.primary,
  secondary: COLOR.accent,
} as const;

export const LAYOUT = {
  loginCardWidth: 400,
  pageCardWidth: 500,
  studentTableHeight: '60vh',
  reportViewerHeight: '82vh',
  cardListHeight: '50vh',
  editDialogMaxWidth: 500,
  resetDialogWidth: 600,
} as const;

/**
 * The server slides a session's idle expiry at most this often (a database write on every request
 * would cost more than it buys), so a session can end up to this long before its idle time is up,
 * counted from the last request. The client warns early by the same amount.
 */
export function sessionTouchIntervalMs(idleMinutes: number): number {
  return Math.min(60_000, idleMinutes * 6_000);
}

export const PASSWORD_MIN_LENGTH = 8;
/** Administrators can read every child's record: a longer minimum. */
export const ADMIN_PASSWORD_MIN_LENGTH = 10;

/** Student IDs are school numbers; letters and dashes are allowed for imported legacy IDs. */
export const STUDENT_ID_PATTERN = /^[A-Za-z0-9-]{1,20}$/;
export const STUDENT_ID_MAX = 20;

export const MESSAGES = {
  required: 'This field is required.',
  phoneLength: '7 Digits Needed',
  phoneDigits: 'Only Numbers Allowed',
  phoneHint: 'Enter 7 digits only',
  email: 'Invalid e-mail',
  adminRequired: 'Required',
  usernameEmpty: 'Username field empty',
  badCredentials: 'These credentials do not match our records.',
  /** A 429's message takes the wait in words (shared/waiting.ts), from the same figure as its Retry-After. */
  tooManyAttempts: (wait: string) => `Too many sign-in attempts. Please wait ${wait} and try again.`,
  tooManySearches: (wait: string) => `Too many searches. Please wait ${wait} and try again.`,
  tooManyLinkRequests: (wait: string) => `Too many password link requests. Please wait ${wait} and try again.`,
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  /** A student ID sent as something other than text (an array, an object, a number). */
  studentIdText: 'The student ID must be text.',
  mustResetPassword: 'You must change your password before you can continue.',
  csrf: 'Your session has expired. Please reload the page and try again.',
  passwordChanged: 'Password Changed Successfully.',
  passwordsDiffer: 'New Password and Confirm New Password must match.',
  wrongOldPassword: 'The old password is incorrect.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  updated: 'Updated Successfully.',
  updateError: 'Error Occured.',
  saveConflict: 'This answer was changed on another device since you opened it.',
  expectedUnknown: 'Only fields that are being saved can have an expected value.',
} as const;

export const MARITAL_STATUSES = ['Married', 'Single', 'Divorced', 'Widowed'] as const;
export const LIVING_STATUSES = ['Both Parents', 'Father Only', 'Mother Only', 'Guardian', 'Other'] as const;
export const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export const SEXES = ['Female', 'Male'] as const;
export const DEVICE_TYPES = ['None', 'Phone', 'Laptop', 'Desktop', 'Tablet', 'Other'] as const;

export const DOCUMENT_TYPES = {
  birth_certificate: 'pdf',
  immunization_card: 'pdf',
  immunization_covid: 'pdf',
  sea_slip: 'pdf',
  picture: 'jpeg',
  immigration_permit: 'pdf',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** The form level is the first character of a class id (docs/product.md §3, §9): '1A' is Form 1. */
export function formLevelOf(classId: string | null | undefined): number | null {
  const first = classId?.trim().charAt(0) ?? '';
  return /^[1-6]$/.test(first) ? Number(first) : null;
}

/** The PTA card is for Form 1 students only (docs/product.md §6). */
export function isFormOne(classId: string | null | undefined): boolean {
  return formLevelOf(classId) === 1;
}

/** 'Jane Doe' → 'JD' (docs/product.md §3 Login user: initials are the first letters of both names). */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
}

/** Academic year 2025 is shown '2025-2026' (docs/product.md §9). */
export function academicYearLabel(startYear: number): string {
  return `${startYear}-${startYear + 1}`;
}
