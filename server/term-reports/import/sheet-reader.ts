import type ExcelJS from 'exceljs';
import { columnNamed, type ImportRowError } from '../../../shared/spreadsheet-import.js';
import {
  IGNORED_COLUMNS,
  MARKS_COLUMNS,
  MARKS_SHEET,
  OPTIONAL_COLUMNS,
  SUMMARY_COLUMNS,
  SUMMARY_SHEET,
  TERM_REPORT_LIMITS,
} from '../../../shared/term-reports.js';
import { CsvError, CsvRowLimitError, parseCsv } from '../../common/spreadsheets/csv.js';
import { badLayout, tooLarge } from '../../common/spreadsheets/refusals.js';
import { decodeUploadText, detectUploadKind, openWorkbook } from '../../common/spreadsheets/spreadsheet-upload.js';

/** A cell as read from the file: text from a CSV; number, text, date or boolean from a workbook. */
export type RawCell = string | number | boolean | Date | null | { error: string };

export type SheetKind = typeof MARKS_SHEET | typeof SUMMARY_SHEET;

/** Every column of either sheet, by which a CSV's heading row tells which sheet it is. */
const ALL_COLUMNS: readonly string[] = [...MARKS_COLUMNS, ...SUMMARY_COLUMNS];

export interface SheetRow {
  /** the spreadsheet's row number */
  row: number;
  /** by column name; columns the sheet lacks are absent */
  cells: Record<string, RawCell>;
}

export interface SheetData {
  kind: SheetKind;
  rows: SheetRow[];
}

export interface ReadResult {
  sheets: SheetData[];
  /**
   * problems with a sheet's structure (its header row); unreadable cells are reported per row later,
   * and a file that cannot be imported at all is refused (refusals.ts)
   */
  errors: ImportRowError[];
}

const COLUMNS: Record<SheetKind, readonly string[]> = {
  [MARKS_SHEET]: MARKS_COLUMNS,
  [SUMMARY_SHEET]: SUMMARY_COLUMNS,
};

/** An .xlsx unpacks to far more than it weighs; this caps what one upload may unpack to. */
const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;

/**
 * Reads an uploaded .xlsx (sheets Marks and/or Summary) or .csv (one of them) into rows keyed by
 * column. The file's type is decided by its bytes, the name only tells a CSV from other text.
 */
export async function readTermReportFile(buf: Buffer, fileName: string): Promise<ReadResult> {
  const lower = fileName.toLowerCase();
  const kind = detectUploadKind(buf, lower, {
    legacyExcelMessage:
      'This is an old Excel 97-2003 (.xls) workbook or a password-protected one. ' +
      'Save it as an Excel Workbook (.xlsx) without a password and import that.',
  });
  return kind === 'workbook' ? readWorkbook(buf, lower) : readCsv(buf);
}

async function readWorkbook(buf: Buffer, lowerName: string): Promise<ReadResult> {
  // +1 for the header row
  const wb = await openWorkbook(buf, lowerName, {
    maxUnpackedBytes: MAX_UNPACKED_BYTES,
    maxRows: TERM_REPORT_LIMITS.rowsPerSheet + 1,
  });
  if ('tooManyRows' in wb) {
    throw tooLarge(
      `A sheet has ${wb.tooManyRows} rows; at most ${TERM_REPORT_LIMITS.rowsPerSheet} can be imported at once. ` +
        'Split it into smaller files.',
    );
  }
  const result: ReadResult = { sheets: [], errors: [] };
  for (const kind of [MARKS_SHEET, SUMMARY_SHEET] as SheetKind[]) {
    const ws = wb.worksheets.find((w) => w.name.trim().toLowerCase() === kind.toLowerCase());
    if (!ws) continue;
    const grid: { row: number; cells: RawCell[] }[] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: RawCell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = fromExcel(cell.value);
      });
      grid.push({ row: rowNumber, cells });
    });
    result.sheets.push(toSheet(kind, grid, result.errors));
  }
  if (result.sheets.length === 0) {
    const names = wb.worksheets.map((w) => `'${w.name}'`).join(', ') || 'none';
    throw badLayout(`The workbook needs a sheet named '${MARKS_SHEET}' or '${SUMMARY_SHEET}' (its sheets: ${names}).`);
  }
  return result;
}

function readCsv(buf: Buffer): ReadResult {
  let records;
  try {
    records = parseCsv(decodeUploadText(buf), { maxRecords: TERM_REPORT_LIMITS.rowsPerSheet + 1 });
  } catch (e) {
    if (e instanceof CsvRowLimitError) throw tooLarge(e.message);
    if (e instanceof CsvError) throw badLayout(e.message);
    throw e;
  }
  const header: string[] = (records[0]?.cells ?? []).flatMap((h) => columnNamed(h, ALL_COLUMNS) ?? []);
  const kind: SheetKind | null = header.includes('subject')
    ? MARKS_SHEET
    : header.some((h) =>
          [
            'days_absent',
            'times_late',
            'conduct',
            'form_teacher_remarks',
            'principal_remarks',
            'next_term_begins',
          ].includes(h),
        )
      ? SUMMARY_SHEET
      : null;
  if (!kind) {
    throw badLayout(
      `The first row must hold the column names of the ${MARKS_SHEET} sheet (${MARKS_COLUMNS.join(', ')}) ` +
        `or of the ${SUMMARY_SHEET} sheet (${SUMMARY_COLUMNS.slice(0, -1).join(', ')}).`,
    );
  }
  const errors: ImportRowError[] = [];
  const sheet = toSheet(
    kind,
    records.map((r) => ({ row: r.row, cells: r.cells.map((c) => (c.trim() === '' ? null : c)) })),
    errors,
  );
  return { sheets: [sheet], errors };
}

/** Checks the header row and keys each further row's cells by column name. */
function toSheet(kind: SheetKind, grid: { row: number; cells: RawCell[] }[], errors: ImportRowError[]): SheetData {
  const sheet: SheetData = { kind, rows: [] };
  const nonEmpty = grid.filter((r) =>
    r.cells.some((c) => c !== null && c !== undefined && !(typeof c === 'string' && c.trim() === '')),
  );
  const [headerRow, ...dataRows] = nonEmpty;
  if (!headerRow) {
    errors.push({ sheet: kind, row: 0, field: '', message: `The ${kind} sheet is empty.` });
    return sheet;
  }
  if (headerRow.row !== 1) {
    errors.push({ sheet: kind, row: 1, field: '', message: `Row 1 of the ${kind} sheet must hold the column names.` });
    return sheet;
  }
  const known = COLUMNS[kind];
  const headers: (string | null)[] = [];
  let headerOk = true;
  headerRow.cells.forEach((c, n) => {
    if (c === null || c === undefined || (typeof c === 'string' && c.trim() === '')) {
      headers[n] = null;
      return;
    }
    const heading = typeof c === 'object' && !(c instanceof Date) ? '' : String(c);
    const name = columnNamed<string>(heading, [...known, ...IGNORED_COLUMNS]);
    if (name !== null && (IGNORED_COLUMNS as readonly string[]).includes(name)) {
      headers[n] = null;
    } else if (name === null) {
      errors.push({
        sheet: kind,
        row: 1,
        field: String(c),
        message: `Unknown column '${String(c)}'. The ${kind} sheet's columns are: ${known.join(', ')}.`,
      });
      headerOk = false;
    } else if (headers.includes(name)) {
      errors.push({ sheet: kind, row: 1, field: name, message: `The column '${name}' appears twice.` });
      headerOk = false;
    } else {
      headers[n] = name;
    }
  });
  for (const col of known) {
    if (!headers.includes(col) && !(OPTIONAL_COLUMNS as readonly string[]).includes(col)) {
      errors.push({ sheet: kind, row: 1, field: col, message: `The ${kind} sheet has no '${col}' column.` });
      headerOk = false;
    }
  }
  if (dataRows.length > TERM_REPORT_LIMITS.rowsPerSheet) {
    throw tooLarge(
      `The ${kind} sheet has ${dataRows.length} rows; ` +
        `at most ${TERM_REPORT_LIMITS.rowsPerSheet} can be imported at once. Split it into smaller files.`,
    );
  }
  if (!headerOk) return sheet;
  for (const r of dataRows) {
    const cells: Record<string, RawCell> = {};
    headers.forEach((h, n) => {
      if (h) cells[h] = r.cells[n] ?? null;
    });
    sheet.rows.push({ row: r.row, cells });
  }
  return sheet;
}

/**
 * A workbook cell's value. Formulas: the result Excel saved with the file is taken (what the teacher
 * saw); a formula without a saved result (written by a program that does not calculate) is an error.
 */
export function fromExcel(v: ExcelJS.CellValue): RawCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('error' in v) return { error: `The cell shows ${v.error}.` };
  if ('richText' in v) return fromExcel(v.richText.map((r) => r.text).join(''));
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null) {
      return {
        error:
          'The cell has a formula without a saved result. ' +
          'Open the file in Excel and save it again, or paste the values.',
      };
    }
    return fromExcel(result as ExcelJS.CellValue);
  }
  if ('text' in v && typeof v.text === 'string') return fromExcel(v.text);
  return { error: 'The cell could not be read.' };
}
