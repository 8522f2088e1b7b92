import { UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import type { ImportRowError } from '../../../shared/spreadsheet-import.js';
import type { SessionUser } from '../session-user.js';
import { type ImportCheck, importSpreadsheet, type SpreadsheetImporter } from './spreadsheet-import.js';

type Counts = { created: number; updated: number; rows: number };
const rowError = (row: number): ImportRowError => ({ sheet: '', row, field: 'id', message: `bad ${row}` });

function fake(checked: ImportCheck<Counts>, committed: ImportCheck<Counts> = checked) {
  const importer: SpreadsheetImporter<string, Counts, ImportCheck<Counts>> = {
    read: vi.fn(async () => 'sheet'),
    check: vi.fn(async () => checked),
    commit: vi.fn(async () => committed),
  };
  return importer;
}

function run(importer: SpreadsheetImporter<string, Counts, ImportCheck<Counts>>, dryRun?: string, size = 10) {
  const res = { status: vi.fn() } as unknown as Response & { status: ReturnType<typeof vi.fn> };
  const file = { buffer: Buffer.alloc(size), originalname: 'f.csv', size };
  const answer = importSpreadsheet(
    importer,
    { file, dryRun, actor: {} as SessionUser, res },
    { noFileMessage: 'Please select a file!', errorsListed: 2 },
  );
  return { answer, res };
}

const clean = { counts: { created: 2, updated: 1, rows: 3 }, errors: [] };

describe('importSpreadsheet', () => {
  it('refuses no file or an empty one (422 on the file field) without reading anything', async () => {
    const importer = fake(clean);
    await expect(run(importer, undefined, 0).answer).rejects.toBeInstanceOf(UnprocessableEntityException);
    await expect(run(importer, undefined, 0).answer).rejects.toMatchObject({
      response: { message: 'Please select a file!', errors: { file: ['Please select a file!'] } },
    });
    expect(importer.read).not.toHaveBeenCalled();
  });

  it('checks only on a dry run', async () => {
    const importer = fake(clean);
    const { answer, res } = run(importer, 'yes');
    expect(await answer).toEqual({ ...clean.counts, dry_run: true, committed: false, errors: [], error_count: 0 });
    expect(importer.commit).not.toHaveBeenCalled();
    expect(res.status).not.toHaveBeenCalled();
  });

  it('commits a clean file', async () => {
    const importer = fake(clean, { counts: { created: 2, updated: 1, rows: 3 }, errors: [] });
    expect(await run(importer).answer).toMatchObject({ dry_run: false, committed: true, created: 2 });
    expect(importer.commit).toHaveBeenCalledOnce();
  });

  it('answers row errors with 422, the count and the first ones listed, and writes nothing', async () => {
    const importer = fake({ counts: { created: 0, updated: 0, rows: 3 }, errors: [1, 2, 3].map(rowError) });
    const { answer, res } = run(importer);
    expect(await answer).toMatchObject({
      statusCode: 422,
      message: 'The file has 3 errors; nothing was imported.',
      committed: false,
      errors: [rowError(1), rowError(2)],
      error_count: 3,
    });
    expect(res.status).toHaveBeenCalledWith(422);
    expect(importer.commit).not.toHaveBeenCalled();
  });

  it('answers the errors a commit found when checking again', async () => {
    const importer = fake(clean, { counts: { created: 0, updated: 0, rows: 3 }, errors: [rowError(2)] });
    const { answer, res } = run(importer, '0');
    expect(await answer).toMatchObject({
      message: 'The file has 1 error; nothing was imported.',
      dry_run: false,
      committed: false,
      error_count: 1,
    });
    expect(res.status).toHaveBeenCalledWith(422);
  });
});
