import type { Response } from 'express';
import type ExcelJS from 'exceljs';
import { xmlSafeText } from '../../../shared/xml-safe-text.js';
import { neutraliseFormula } from '../../common/spreadsheets/formula-text.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Download headers for a generated file; the name is also given RFC 5987-encoded. */
export function attachmentHeaders(res: Response, filename: string, type = XLSX_TYPE): void {
  res.setHeader('Content-Type', type);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${filename.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * 'YYYY-MM-DD' (and optionally 'HH:mm:ss') as a Date whose UTC fields are that wall-clock time:
 * exceljs writes a Date's UTC fields, so the cell shows exactly that date in any time zone.
 */
export function dateCell(date: string, time = '00:00:00'): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m || !t) return null;
  const d = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0)),
  );
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Finishes a streamed workbook; a failure half-way can only cut the download short, so it ends the socket. */
export async function commitWorkbook(
  sheet: ExcelJS.Worksheet,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
): Promise<void> {
  sheet.commit();
  await workbook.commit();
}

/**
 * A row's cells as every export writes them: text loses any character XML cannot carry (one would make
 * the whole workbook unreadable) and formula-like text is neutralised (formula-text.ts). Numbers,
 * dates and empty cells are written as they are.
 */
export function exportCells<K extends string, V>(cells: Record<K, V>): Record<K, V | string> {
  return mapText(cells, (s) => neutraliseFormula(xmlSafeText(s)));
}

function mapText<K extends string, V>(cells: Record<K, V>, fn: (s: string) => string): Record<K, V | string> {
  const out = {} as Record<K, V | string>;
  for (const key of Object.keys(cells) as K[]) {
    const v = cells[key];
    out[key] = typeof v === 'string' ? fn(v) : v;
  }
  return out;
}
