import { PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';

// The one status for each way an import refuses a file as a whole (docs/features.md, Spreadsheet imports, has the
// table). A file that was read but whose rows have errors is not refused here: it gets the import's
// answer with its row errors (422, see spreadsheet-import.ts).

/** No file, or an empty one: a form error on the `file` field. */
export const noFile = (message: string) => new UnprocessableEntityException({ message, errors: { file: [message] } });

/**
 * Larger than the import takes: the upload itself, what a workbook unpacks to, or its number of rows.
 * All three are 413: the file is more than the server is willing to process, and the remedy is the
 * same (split it), whichever limit it met first.
 */
export const tooLarge = (message: string) => new PayloadTooLargeException(message);

/**
 * Not something the import can open as a spreadsheet: another type of file, an old .xls, a
 * macro-enabled or password-protected workbook, a damaged one. 415: it has to be saved again as .xlsx
 * or .csv; no change to its cells would help.
 */
export const notASpreadsheet = (message: string) => new UnsupportedMediaTypeException(message);

/**
 * A spreadsheet that was read but cannot be imported as it is laid out: no sheet the import knows,
 * wrong or missing column names, no rows, formulas, a broken CSV quote. 422, like every other content
 * the school must correct; a form error on `file`, as the whole file is concerned. Several problems found at once
 * are each a line under `file`, and the message says them all.
 */
export const badLayout = (message: string, problems: string[] = [message]) =>
  new UnprocessableEntityException({ message, errors: { file: problems } });
