/*
 * A student's first password (docs/product.md §4 Sign-in): her date of birth written yyyymmdd, until she chooses one.
 * Families type a date the way they write it, day first in Trinidad and Tobago, so while an account is still on its
 * first password the server reads a few common spellings of a date as that password (firstPasswordSpelling); the
 * sign-in card says which spelling is the password itself, with an example (FIRST_PASSWORD_HINT).
 */
import { isCalendarDate } from './student-fields.js';

/** The first password for a date of birth stored as 'YYYY-MM-DD' (and what Reset Password gives back). */
export function firstPassword(dateOfBirth: string): string {
  return dateOfBirth.replaceAll('-', '');
}

/** What the student sign-in card says under the password box. */
export const FIRST_PASSWORD_HINT =
  'First sign-in? Your password is your date of birth written yyyymmdd: 17 May 2012 is 20120517.';

/** The years a date of birth typed at sign-in may have (a wider range than any student's, to read 8 digits once). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

/** yyyymmdd for a real calendar date within the years above, else null. */
function compact(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return y >= FIRST_YEAR && y <= LAST_YEAR && isCalendarDate(iso) ? firstPassword(iso) : null;
}

/**
 * A date typed in one of the spellings families use, as the first password (yyyymmdd), or null when what was typed
 * is not such a date. Accepted: dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy (day and month of one or two digits), yyyy-mm-dd,
 * yyyy/mm/dd, ddmmyyyy and yyyymmdd itself; spaces around it are ignored and fullwidth digits read as digits. Eight
 * digits are read as yyyymmdd when that is a date, else as ddmmyyyy: both can never be dates at once, since a
 * yyyymmdd read as ddmmyyyy would have a year of at most 1231.
 */
export function firstPasswordSpelling(typed: string): string | null {
  const s = typed.normalize('NFKC').trim();
  let m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(s);
  if (m) return compact(m[4], m[3], m[1]);
  m = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(s);
  if (m) return compact(m[1], m[3], m[4]);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) {
    const asWritten = compact(m[1], m[2], m[3]);
    if (asWritten) return asWritten;
  }
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  return m ? compact(m[3], m[2], m[1]) : null;
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
