// The answer of every spreadsheet import (students, term reports): the server and the web client read
// one shape. How each failure is answered (413, 415, 422) is in docs/features.md. And the one rule by which
// every import reads the headings of its columns.

/**
 * A heading as every import compares it: case, spaces, dots, dashes and underscores do not count, nor a note in
 * brackets at its end: 'Birth Certificate No.' → 'birthcertificateno', 'Next Term Begins' and 'next_term_begins' →
 * 'nexttermbegins', 'Date of Birth (dd/mm/yyyy)' → 'dateofbirth'.
 */
export function headingKey(heading: string): string {
  return heading
    .trim()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The column among `columns` that a heading names by headingKey ('Student ID' → 'student_id'), or null. */
export function columnNamed<C extends string>(heading: string, columns: readonly C[]): C | null {
  const key = headingKey(heading);
  return columns.find((c) => headingKey(c) === key) ?? null;
}

/** One problem found in the rows of an import file. */
export interface ImportRowError {
  /** the sheet, where an import reads several ('Marks', 'Summary'); '' where it reads one */
  sheet: string;
  /** the spreadsheet row (1 is the header row); 0 for a sheet as a whole */
  row: number;
  /** the column; '' for a row or a sheet as a whole */
  field: string;
  message: string;
}

/**
 * POST of an import file, `?dry_run=1` to check only. 200 when the file was imported (or, on a dry run,
 * would be); 422 with the same answer, its row errors and a `message` when nothing was written.
 */
export interface SpreadsheetImportResult {
  dry_run: boolean;
  /** true only when the file had no errors and it was not a dry run: then every row was written */
  committed: boolean;
  /** records that are (or, on a dry run, would be) new */
  created: number;
  /** records that exist and are (or would be) changed */
  updated: number;
  errors: ImportRowError[];
  /** how many errors there were in all (an import may list only the first ones) */
  error_count: number;
}

/** The `message` of a 422 answer with row errors. */
export const importErrorsMessage = (n: number) =>
  `The file has ${n} ${n === 1 ? 'error' : 'errors'}; nothing was imported.`;
