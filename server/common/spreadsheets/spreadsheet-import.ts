import type { Response } from 'express';
import {
  importErrorsMessage,
  type ImportRowError,
  type SpreadsheetImportResult,
} from '../../../shared/spreadsheet-import.js';
import type { SessionUser } from '../session-user.js';
import { noFile } from './refusals.js';
import type { UploadedSheet } from './sheet-upload.js';

/** What an import found in a file, or wrote: its counts (created, updated and its own) and row errors. */
export interface ImportCheck<Counts extends { created: number; updated: number }> {
  counts: Counts;
  errors: ImportRowError[];
}

/**
 * One spreadsheet import: read the file, check every row, write. The flow around it (no file, dry run,
 * all or nothing, the answer and its status) is importSpreadsheet's, the same for every import.
 */
export interface SpreadsheetImporter<
  Sheet,
  Counts extends { created: number; updated: number },
  Checked extends ImportCheck<Counts>,
> {
  /** Reads the file; one that cannot be imported at all is refused here with an exception of refusals.ts. */
  read(file: UploadedSheet): Promise<Sheet>;
  /** Checks every row against what is stored; writes nothing. */
  check(sheet: Sheet): Promise<Checked>;
  /**
   * Writes a file that checked without errors, all of it or nothing. May answer errors after all
   * (when checked again inside its transaction): then it wrote nothing.
   */
  commit(sheet: Sheet, checked: Checked, file: UploadedSheet, actor: SessionUser): Promise<ImportCheck<Counts>>;
}

/** An import's answer; with row errors (422) also the error body's statusCode and message. */
export type ImportAnswer<Result extends SpreadsheetImportResult> = Result & { statusCode?: number; message?: string };

const YES = ['1', 'true', 'on', 'yes'];

/**
 * POST of an import file, `?dry_run=1` to check only: 200 with the counts when the file was imported
 * (or would be); 422 with the same answer, its row errors and a message when nothing was written.
 * A file refused as a whole is an ordinary API error (refusals.ts).
 */
export async function importSpreadsheet<
  Sheet,
  Counts extends { created: number; updated: number },
  Checked extends ImportCheck<Counts>,
>(
  importer: SpreadsheetImporter<Sheet, Counts, Checked>,
  upload: {
    file: UploadedSheet | undefined;
    dryRun: string | undefined;
    actor: SessionUser;
    res: Response;
  },
  options: { noFileMessage: string; errorsListed?: number },
): Promise<ImportAnswer<SpreadsheetImportResult & Counts>> {
  const { file, actor, res } = upload;
  if (!file || file.size === 0) throw noFile(options.noFileMessage);
  const dryRun = YES.includes(String(upload.dryRun ?? '').toLowerCase());

  const sheet = await importer.read(file);
  const checked = await importer.check(sheet);
  const outcome = checked.errors.length > 0 || dryRun ? checked : await importer.commit(sheet, checked, file, actor);
  const error_count = outcome.errors.length;
  const result = {
    ...outcome.counts,
    dry_run: dryRun,
    committed: !dryRun && error_count === 0,
    errors: outcome.errors.slice(0, options.errorsListed ?? Infinity),
    error_count,
  };
  if (error_count === 0) return result;
  res.status(422);
  return { statusCode: 422, message: importErrorsMessage(error_count), ...result };
}
