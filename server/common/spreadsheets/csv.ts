/**
 * A small strict CSV reader (RFC 4180 as spreadsheets write it): quoted fields with "" escapes and
 * embedded line breaks, CRLF or LF records, the delimiter guessed from the header line (',' or ';' as
 * some Excel locales save, or a tab). Every cell stays text: no number or date guessing, so a student
 * ID keeps its leading zeros. A quote left open is an error rather than a silently swallowed file.
 */

export class CsvError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

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
  const delimiter = guessDelimiter(src);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let quoteStartRow = 0;
  let afterQuote = false;
  // Blank lines are rows too when a spreadsheet opens the file, so they count for the row numbers.
  let recordNo = 0;
  const endRecord = () => {
    recordNo++;
    cells.push(field);
    // A line with nothing on it is not a record (trailing newlines, blank lines between blocks).
    if (!(cells.length === 1 && cells[0] === '')) {
      records.push({ row: recordNo, cells });
      if (opts.maxRecords !== undefined && records.length > opts.maxRecords)
        throw new CsvError(recordNo, `The file has more than ${opts.maxRecords} rows.`);
    }
    cells = [];
    field = '';
    afterQuote = false;
  };
  for (let n = 0; n < src.length; n++) {
    const ch = src[n];
    if (quoted) {
      if (ch === '"') {
        if (src[n + 1] === '"') {
          field += '"';
          n++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        field += ch;
      }
      continue;
    }
    if (ch === delimiter) {
      cells.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[n + 1] === '\n') n++;
      endRecord();
    } else if (afterQuote) {
      throw new CsvError(recordNo + 1, `Row ${recordNo + 1}: unexpected text after a closing quote.`);
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteStartRow = recordNo + 1;
    } else {
      field += ch;
    }
  }
  if (quoted) throw new CsvError(quoteStartRow, `Row ${quoteStartRow}: a quoted cell is never closed.`);
  if (field !== '' || cells.length > 0) endRecord();
  return records;
}
