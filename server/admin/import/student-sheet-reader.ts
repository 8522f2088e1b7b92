import type ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportColumn } from '../../../shared/admin-types.js';
import { CsvError, CsvRowLimitError, parseCsv } from '../../common/spreadsheets/csv.js';
import { formulaCellMessage, formulaTrigger } from '../../common/spreadsheets/formula-text.js';
import { badLayout, tooLarge } from '../../common/spreadsheets/refusals.js';
import { decodeUploadText, detectUploadKind, openWorkbook } from '../../common/spreadsheets/spreadsheet-upload.js';
import { IMPORT_COLUMN_ALIASES, importColumnOf } from '../../../shared/student-import.js';

// Reads an uploaded student list (.xlsx: the first sheet; or .csv) into rows of text cells keyed by
// column. Everything wrong with the file as a whole is answered here with a clear 4xx: the wrong
// kind of file, a macro-enabled or password-protected workbook, one that unpacks too large, too many
// rows, formulas, missing or unknown column names (refusals.ts gives each its status). Row-level
// problems are the service's.

/** One data row: the spreadsheet's row number and its cells as trimmed text (null when empty). */
export interface StudentSheetRow {
  row: number;
  cells: Partial<Record<ImportColumn, string | null>>;
  /** the columns whose cell was a workbook's date cell (its text is then already 'YYYY-MM-DD') */
  dateCells?: ImportColumn[];
}

export interface StudentSheet {
  columns: ImportColumn[];
  rows: StudentSheetRow[];
  /** each column's letter in the file ('F'), to name a cell in a message */
  letters: Partial<Record<ImportColumn, string>>;
}

/** A grid row as read: its cells' text, and which of them were date cells. */
interface GridRow {
  row: number;
  cells: (string | null)[];
  dates?: Set<number>;
}

const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

const tooManyRows = (n?: number) =>
  tooLarge(
    `The file has ${n ? `${n.toLocaleString('en-US')} rows` : 'too many rows'}; ` +
      `at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} students can be imported at once. ` +
      'Split it into smaller files.',
  );

function columnLetter(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** The file's type is decided by its bytes; the name only tells a CSV from other text. */
export async function readStudentSheet(buf: Buffer, fileName: string): Promise<StudentSheet> {
  const lower = fileName.toLowerCase();
  const kind = detectUploadKind(buf, lower, {
    legacyExcelMessage:
      'This is an old Excel 97-2003 (.xls) workbook or a password-protected one. ' +
      'Save it as an Excel Workbook (.xlsx) without a password, or as CSV, and import that.',
  });
  return kind === 'workbook' ? readWorkbook(buf, lower) : readCsv(buf);
}

async function readWorkbook(buf: Buffer, lowerName: string): Promise<StudentSheet> {
  const wb = await openWorkbook(buf, lowerName, { maxUnpackedBytes: MAX_UNPACKED_BYTES, maxRows: IMPORT_MAX_ROWS + 1 });
  if ('tooManyRows' in wb) throw tooManyRows(wb.tooManyRows);
  const ws = wb.worksheets[0];
  if (!ws) throw badLayout('The workbook has no sheet.');
  const grid: GridRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: (string | null)[] = [];
    const dates = new Set<number>();
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value, `${columnLetter(col)}${rowNumber}`);
      if (cell.value instanceof Date) dates.add(col - 1);
    });
    grid.push({ row: rowNumber, cells, dates });
  });
  return toSheet(grid);
}

/**
 * A workbook cell as text. Dates become 'YYYY-MM-DD' (Excel dates carry no zone: their UTC fields are
 * the date typed). Formulas are refused: an import takes the values a person typed, not calculations.
 */
function cellText(v: ExcelJS.CellValue, ref: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    refuseFormulaText(v, ref);
    return v.trim() === '' ? null : v.trim();
  }
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  if ('formula' in v || 'sharedFormula' in v) {
    throw badLayout(
      `Cell ${ref} has a formula. ` +
        'Formulas are not accepted: copy the column and paste it back as values, then import again.',
    );
  }
  if ('error' in v) throw badLayout(`Cell ${ref} shows the error ${v.error}. Correct it and import again.`);
  if ('richText' in v) return cellText(v.richText.map((r) => r.text).join(''), ref);
  if ('text' in v && typeof v.text === 'string') return cellText(v.text, ref);
  throw badLayout(`Cell ${ref} could not be read.`);
}

/**
 * Text that starts like a formula (=, +, -, @, tab or CR, even after invisible characters) is refused:
 * a CSV has no formulas, but such a cell becomes one when the file is opened in a spreadsheet, and
 * the portal would hand it on in its own exports. Checked before trimming, which would hide a tab.
 */
function refuseFormulaText(text: string, ref: string): void {
  const trigger = formulaTrigger(text);
  if (trigger) throw badLayout(formulaCellMessage(ref, trigger));
}

function readCsv(buf: Buffer): StudentSheet {
  let records;
  try {
    records = parseCsv(decodeUploadText(buf), { maxRecords: IMPORT_MAX_ROWS + 1 });
  } catch (e) {
    if (e instanceof CsvError) {
      if (e instanceof CsvRowLimitError) throw tooManyRows();
      throw badLayout(e.message);
    }
    throw e;
  }
  return toSheet(
    records.map((r) => ({
      row: r.row,
      cells: r.cells.map((c, n) => {
        refuseFormulaText(c, `${columnLetter(n + 1)}${r.row}`);
        const v = c.trim();
        return v === '' ? null : v;
      }),
    })),
  );
}

const EXPECTED =
  `The first row must name the columns: ${IMPORT_COLUMNS.join(', ')} (id and at least one other), ` +
  `or the headings schools use for them (${Object.keys(IMPORT_COLUMN_ALIASES).join(', ')}).`;

/**
 * The columns the header row names. Every problem with it is found before any is answered, and all are answered at
 * once (one after the other in the message, each its own line under `file`), so that one correction of the file
 * fixes them all.
 */
function readHeader(cells: (string | null)[]): { columns: (ImportColumn | null)[]; problems: string[] } {
  const columns: (ImportColumn | null)[] = [];
  const problems: string[] = [];
  const firstCell = new Map<ImportColumn, number>();
  cells.forEach((c, n) => {
    columns[n] = null;
    if (c === null || c === undefined) return;
    const name = importColumnOf(c);
    if (!name) {
      problems.push(`Unknown column '${c}' in cell ${columnLetter(n + 1)}1.`);
      return;
    }
    const first = firstCell.get(name);
    if (first !== undefined) {
      problems.push(
        `The column '${name}' appears twice: '${cells[first]}' in cell ${columnLetter(first + 1)}1 and ` +
          `'${c}' in cell ${columnLetter(n + 1)}1.`,
      );
      return;
    }
    firstCell.set(name, n);
    columns[n] = name;
  });
  const present = columns.filter((c): c is ImportColumn => c !== null);
  if (!present.includes('id')) problems.push("The file has no 'id' column.");
  else if (present.length < 2 && problems.length === 0)
    problems.push("The file has only the 'id' column: there is nothing to import.");
  return { columns, problems };
}

/** Checks the header row and keys each further row's cells by column name. */
function toSheet(grid: GridRow[]): StudentSheet {
  const nonEmpty = grid.filter((r) => r.cells.some((c) => c !== null && c !== undefined));
  const [header, ...data] = nonEmpty;
  if (!header) throw badLayout(`The file is empty. ${EXPECTED}`);
  if (header.row !== 1) throw badLayout(`Row 1 is empty. ${EXPECTED}`);
  if (data.length > IMPORT_MAX_ROWS) throw tooManyRows(data.length);
  const { columns, problems } = readHeader(header.cells);
  if (problems.length > 0) {
    throw badLayout(`${problems.join(' ')} ${EXPECTED}`, [...problems, EXPECTED]);
  }
  if (data.length === 0) throw badLayout('The file has column names but no students.');
  const letters: StudentSheet['letters'] = {};
  columns.forEach((col, n) => {
    if (col) letters[col] = columnLetter(n + 1);
  });
  const rows = data.map((r) => {
    const cells: StudentSheetRow['cells'] = {};
    const dateCells: ImportColumn[] = [];
    columns.forEach((col, n) => {
      if (!col) return;
      cells[col] = r.cells[n] ?? null;
      if (r.dates?.has(n)) dateCells.push(col);
    });
    return { row: r.row, cells, dateCells };
  });
  return { columns: columns.filter((c): c is ImportColumn => c !== null), rows, letters };
}
