import { CsvError as ParseError, parse, type Options } from 'csv-parse/sync';

/**
 * CSV as spreadsheets write it (RFC 4180), read with csv-parse: quoted fields with "" escapes and
 * embedded line breaks, CRLF, LF or CR records, the delimiter guessed from the header line (',' or ';'
 * as some Excel locales save, or a tab). Every cell stays text: no number or date guessing, so a
 * student ID keeps its leading zeros. A quote left open is an error rather than a silently swallowed
 * file, and so is text after a closing quote.
 */

export class CsvError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** More records than `maxRecords`: the importer answers it as too large a file. */
export class CsvRowLimitError extends CsvError {}

export interface CsvRecord {
  /** 1-based record number, as a spreadsheet shows the row */
  row: number;
  cells: string[];
}

export function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const candidates = [',', ';', '\t'].map((d) => ({ d, n: count(d) })).sort((a, b) => b.n - a.n);
  return candidates[0].n > 0 ? candidates[0].d : ',';
}

export function parseCsv(text: string, opts: { maxRecords?: number } = {}): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return read(src, false, opts.maxRecords);
  } catch (e) {
    // A quote inside a cell that does not start with one ('5" floppy', 'He said "well done"') is a
    // literal quote, as spreadsheets read it: csv-parse allows that only in its relaxed mode, which
    // would also let text after a closing quote through, so the relaxed mode is for such files only.
    if (e instanceof ParseError && e.code === 'INVALID_OPENING_QUOTE') return read(src, true, opts.maxRecords);
    throw e;
  }
}

function read(src: string, relaxQuotes: boolean, maxRecords: number | undefined): CsvRecord[] {
  const records: CsvRecord[] = [];
  // Blank lines are rows too when a spreadsheet opens the file, so they count for the row numbers.
  let rowNo = 0;
  const options: Options = {
    delimiter: guessDelimiter(src),
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: relaxQuotes,
    skip_empty_lines: false,
    on_record: (cells: string[]) => {
      rowNo++;
      // A line with nothing on it is not a record (trailing newlines, blank lines between blocks).
      if (cells.length === 1 && cells[0] === '') return null;
      records.push({ row: rowNo, cells });
      if (maxRecords !== undefined && records.length > maxRecords)
        throw new CsvRowLimitError(rowNo, `The file has more than ${maxRecords} rows.`);
      return null;
    },
  };
  try {
    parse(src, options);
  } catch (e) {
    if (!(e instanceof ParseError) || e.code === 'INVALID_OPENING_QUOTE') throw e;
    // `records` is how many records were complete before the one in error.
    const row = Number(e.records ?? rowNo) + 1;
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') throw new CsvError(row, `Row ${row}: a quoted cell is never closed.`);
    if (e.code === 'CSV_INVALID_CLOSING_QUOTE')
      throw new CsvError(row, `Row ${row}: unexpected text after a closing quote.`);
    throw new CsvError(row, `Row ${row} could not be read.`);
  }
  return records;
}
