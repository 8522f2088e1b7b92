/*
 * A student's first password (docs/product.md §4 Sign-in): her date of birth written yyyymmdd, until she chooses one.
 * Families type a date the way they write it, day first in Trinidad and Tobago, so while an account is still on its
 * first password the server reads a few common spellings of a date as that password (firstPasswordSpelling); the
 * sign-in card says which spelling is the password itself, with an example (FIRST_PASSWORD_HINT).
 */
import { readDayFirstDate } from './day-first-date.js';

/** The first password for a date of birth stored as 'YYYY-MM-DD' (and what Reset Password gives back). */
export function firstPassword(dateOfBirth: string): string {
  return dateOfBirth.replaceAll('-', '');
}

/** What the student sign-in card says under the password box. */
export const FIRST_PASSWORD_HINT =
  'First sign-in? Your password is your date of birth written yyyymmdd: 17 May 2012 is 20120517.';

/**
 * A date typed in one of the spellings families use, as the first password (yyyymmdd), or null when what was typed
 * is not such a date. Accepted: every spelling of readDayFirstDate (shared/day-first-date.ts): dd/mm/yyyy,
 * dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd, yyyy/mm/dd, ddmmyyyy and yyyymmdd itself.
 */
export function firstPasswordSpelling(typed: string): string | null {
  const date = readDayFirstDate(typed);
  return date?.iso ? firstPassword(date.iso) : null;
}

/**
 * What a save that corrected a student's date of birth did to her password (docs/product.md §4 Student edit status):
 * `follows` her first password is now the corrected date; `chosen` she has chosen her own, which stays.
 */
export type FirstPasswordAfterSave = 'follows' | 'chosen';

/** What the office's Edit Student dialog says after such a save. */
export const FIRST_PASSWORD_MESSAGES: Record<FirstPasswordAfterSave, string> = {
  follows: 'Her first password is now the new date of birth (yyyymmdd).',
  chosen:
    'She has chosen her own password, which stays as it is. Reset Password gives her the new date of birth as her ' +
    'password.',
};
