// How the student import reads what schools write (docs/product.md §2 Import Students): the headings of the columns
// and the dates of birth. Framework-free so that it is unit-tested in Node (student-import.spec.ts) and the import
// page can say the same.

import { IMPORT_COLUMNS, type ImportColumn } from './admin-types.js';
import { type DateSpelling, readDayFirstDate } from './day-first-date.js';
import { headingKey } from './spreadsheet-import.js';

/**
 * The headings schools use for the import's columns, beside the columns' own names ('first_name', 'First Name').
 * Compared by the imports' one heading rule (headingKey of shared/spreadsheet-import.ts): case, spaces, dots, dashes
 * and underscores do not count, nor a note in brackets ('Date of Birth (dd/mm/yyyy)').
 */
export const IMPORT_COLUMN_ALIASES: Readonly<Record<string, ImportColumn>> = {
  'Student ID': 'id',
  ID: 'id',
  Class: 'class_id',
  'Form Class': 'class_id',
  'Date of Birth': 'date_of_birth',
  DOB: 'date_of_birth',
  'Birth Certificate No.': 'birth_certificate_no',
  'Birth Certificate Number': 'birth_certificate_no',
  'Birth Certificate Pin': 'birth_certificate_no',
  'Electronic Birth Pin': 'birth_certificate_no',
  Sex: 'sex',
  Gender: 'sex',
  House: 'house_code',
  'Other Name': 'middle_name',
};

const BY_KEY = new Map<string, ImportColumn>([
  ...IMPORT_COLUMNS.map((c) => [headingKey(c), c] as const),
  ...Object.entries(IMPORT_COLUMN_ALIASES).map(([heading, c]) => [headingKey(heading), c] as const),
]);

/** The column a heading names ('Student ID' → 'id', 'DOB' → 'date_of_birth'), or null for an unknown heading. */
export function importColumnOf(heading: string): ImportColumn | null {
  return BY_KEY.get(headingKey(heading)) ?? null;
}

/**
 * The ways a date of birth may be written in an import file: the portal's own, a spreadsheet's date cell, and the day
 * first, as Trinidad and Tobago writes it (12/03/2014 is 12 March 2014; also with dashes or dots between the parts).
 */
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'spreadsheet date'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** A date as the file wrote it: read as 'YYYY-MM-DD', in which format; or why it is not a date. */
export type ImportDate = { iso: string; format: ImportDateFormat } | { problem: string };

export const IMPORT_DATE_MESSAGES = {
  unknown: 'Write the date of birth as DD/MM/YYYY (day first, e.g. 17/05/2013) or YYYY-MM-DD (e.g. 2013-05-17).',
  impossible: (text: string, format: ImportDateFormat) =>
    `'${text}' is not a date that exists (read as ${format}${format === 'DD/MM/YYYY' ? ', day first' : ''}).`,
};

/** The spellings of shared/day-first-date.ts an import file may use, and how the check names them. */
const IMPORT_SPELLINGS: Partial<Record<DateSpelling, ImportDateFormat>> = {
  'dd/mm/yyyy': 'DD/MM/YYYY',
  'yyyy-mm-dd': 'YYYY-MM-DD',
};

/** Reads a date typed into an import file (a spreadsheet's date cell reaches here already as YYYY-MM-DD). */
export function readImportDate(text: string): ImportDate {
  const t = text.trim();
  const read = readDayFirstDate(t);
  const format = read ? IMPORT_SPELLINGS[read.spelling] : undefined;
  if (!read || !format) return { problem: IMPORT_DATE_MESSAGES.unknown };
  return read.iso ? { iso: read.iso, format } : { problem: IMPORT_DATE_MESSAGES.impossible(t, format) };
}
