/*
 * The one reader of a date as families and schools in Trinidad and Tobago write it: day first (05/04/2012 is 5 April),
 * or the year first. Used by the first sign-in (shared/first-password.ts, every spelling) and the student import
 * (shared/student-import.ts, the separated spellings), which each say what they accept.
 */
import { isCalendarDate } from './student-fields.js';

/**
 * How a date was written: `dd/mm/yyyy` day first with slashes, dashes or dots (the same twice; day and month of one or
 * two digits), `yyyy-mm-dd` and `yyyy/mm/dd` year first, `ddmmyyyy` and `yyyymmdd` as eight digits.
 */
export type DateSpelling = 'dd/mm/yyyy' | 'yyyy-mm-dd' | 'yyyy/mm/dd' | 'ddmmyyyy' | 'yyyymmdd';

/** A date read: its spelling, and the date as 'YYYY-MM-DD' or null when it has a date's shape but no such day. */
export interface DayFirstDate {
  spelling: DateSpelling;
  iso: string | null;
}

/** The years eight digits may have, so that they read one way only. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

function isoOf(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** An eight-digit date within the years above. */
function digitsIso(year: string, month: string, day: string): string | null {
  const y = Number(year);
  return y >= FIRST_YEAR && y <= LAST_YEAR ? isoOf(year, month, day) : null;
}

/**
 * Reads `text` as a date (spaces around it ignored, fullwidth digits read as digits), or null when it is not written
 * as one. Eight digits are yyyymmdd when that is a date, else ddmmyyyy: both can never be dates at once, since a
 * yyyymmdd read as ddmmyyyy would have a year of at most 1231.
 */
export function readDayFirstDate(text: string): DayFirstDate | null {
  const s = text.normalize('NFKC').trim();
  let m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(s);
  if (m) return { spelling: 'dd/mm/yyyy', iso: isoOf(m[4], m[3], m[1]) };
  m = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(s);
  if (m) return { spelling: m[2] === '-' ? 'yyyy-mm-dd' : 'yyyy/mm/dd', iso: isoOf(m[1], m[3], m[4]) };
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  const yearFirst = m ? digitsIso(m[1], m[2], m[3]) : null;
  if (yearFirst) return { spelling: 'yyyymmdd', iso: yearFirst };
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  return m ? { spelling: 'ddmmyyyy', iso: digitsIso(m[3], m[2], m[1]) } : null;
}
