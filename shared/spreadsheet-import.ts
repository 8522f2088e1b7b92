// The answer of every spreadsheet import (students, term reports): the server and the web client read
// one shape. How each failure is answered (413, 415, 422) is in the README's API section.

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
