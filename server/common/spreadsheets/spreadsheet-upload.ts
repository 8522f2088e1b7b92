import ExcelJS from 'exceljs';
import { notASpreadsheet, tooLarge } from './refusals.js';
import { checkWorkbookZip } from './zip-check.js';

// What every spreadsheet importer does with an upload before reading its own sheets and columns:
// tell a workbook from a CSV by the file's bytes, refuse what cannot be imported with a clear 4xx
// (refusals.ts), open a workbook safely, decode CSV text and normalise column names.

export type UploadKind = 'workbook' | 'csv';

const CHOOSE_XLSX_OR_CSV = 'Please choose an Excel workbook (.xlsx) or a CSV file (.csv).';
const UNREADABLE_WORKBOOK =
  'The workbook could not be read. Open it in Excel, save it as an Excel Workbook (.xlsx) and try again.';

function isCfb(buf: Buffer): boolean {
  return buf.length >= 8 && buf.readUInt32BE(0) === 0xd0cf11e0 && buf.readUInt32BE(4) === 0xa1b11ae1;
}

function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
}

function looksLikeText(buf: Buffer): boolean {
  return !buf.subarray(0, 65536).includes(0);
}

/**
 * The upload's kind, decided by its bytes; the name only tells a CSV from other text. An old .xls or
 * a password-protected workbook (both compound files) is refused with `legacyExcelMessage`; anything
 * else that is neither a zip nor CSV text is refused too (415).
 */
export function detectUploadKind(buf: Buffer, lowerName: string, opts: { legacyExcelMessage: string }): UploadKind {
  if (isCfb(buf)) throw notASpreadsheet(opts.legacyExcelMessage);
  if (isZip(buf)) return 'workbook';
  if (looksLikeText(buf) && (lowerName.endsWith('.csv') || lowerName.endsWith('.txt'))) return 'csv';
  throw notASpreadsheet(CHOOSE_XLSX_OR_CSV);
}

/**
 * Checks the zip before unpacking it (macros, encryption, "zip bombs", row counts) and loads it.
 * A sheet with more than `maxRows` rows comes back as `{ tooManyRows }` for the importer to answer
 * in its own words; every other refusal is thrown here.
 */
export async function openWorkbook(
  buf: Buffer,
  lowerName: string,
  opts: { maxUnpackedBytes: number; maxRows: number },
): Promise<ExcelJS.Workbook | { tooManyRows: number }> {
  const verdict = checkWorkbookZip(buf, opts.maxUnpackedBytes, opts.maxRows);
  if (!verdict.ok) {
    switch (verdict.reason) {
      case 'too-many-rows':
        return { tooManyRows: verdict.rows };
      case 'macro':
        throw notASpreadsheet(
          'Macro-enabled workbooks (.xlsm) are not accepted. ' +
            'Save the workbook as an Excel Workbook (.xlsx) and import that.',
        );
      case 'too-large':
        // A "zip bomb" fits in a small upload: what the parts really unpack to is capped (school policy).
        throw tooLarge('The workbook unpacks to more than the import accepts. Split it into smaller files.');
      case 'encrypted':
        throw notASpreadsheet('The workbook is password-protected. Save it without a password and import that.');
      default:
        throw notASpreadsheet(lowerName.endsWith('.xlsx') ? UNREADABLE_WORKBOOK : CHOOSE_XLSX_OR_CSV);
    }
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw notASpreadsheet(UNREADABLE_WORKBOOK);
  }
  return wb;
}

/** UTF-8 (with or without BOM); a file Excel saved as "CSV (Comma delimited)" is Windows-1252. */
export function decodeUploadText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}
