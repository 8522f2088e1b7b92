import { describe, expect, it } from 'vitest';
import { makeZip } from '../../../test/fixtures/zip.js';
import { checkWorkbookZip } from './zip-check.js';

const workbook = (extra: Record<string, string | Buffer> = {}, types = '<Types/>') =>
  makeZip({
    '[Content_Types].xml': types,
    'xl/workbook.xml': '<workbook/>',
    'xl/worksheets/sheet1.xml': '<sheetData><row r="1"></row></sheetData>',
    ...extra,
  });

describe('checkWorkbookZip', () => {
  it('accepts a workbook', () => {
    expect(checkWorkbookZip(workbook(), 1e6, 10)).toEqual({ ok: true });
  });

  it('refuses macro-enabled workbooks by their VBA part or content type', () => {
    expect(checkWorkbookZip(workbook({ 'xl/vbaProject.bin': 'x' }), 1e6, 10)).toMatchObject({ reason: 'macro' });
    expect(
      checkWorkbookZip(
        workbook({}, '<Types><Override ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>'),
        1e6,
        10,
      ),
    ).toMatchObject({ reason: 'macro' });
  });

  it('refuses a zip that is not a workbook, and bytes that are not a zip', () => {
    expect(checkWorkbookZip(makeZip({ 'word/document.xml': '<w/>' }), 1e6, 10)).toMatchObject({
      reason: 'not-workbook',
    });
    expect(checkWorkbookZip(Buffer.from('%PDF-1.4 not a zip at all, just some bytes'), 1e6, 10)).toMatchObject({
      reason: 'not-zip',
    });
  });

  it('measures what the parts really unpack to (a small file that unpacks to a lot is refused)', () => {
    const bomb = workbook({ 'xl/sharedStrings.xml': Buffer.alloc(20 * 1024 * 1024, 0x20) });
    expect(bomb.length).toBeLessThan(100_000);
    expect(checkWorkbookZip(bomb, 8 * 1024 * 1024, 10)).toMatchObject({ reason: 'too-large' });
  });

  it('counts rows before anything parses the sheet', () => {
    const rows = Array.from({ length: 12 }, (_, n) => `<row r="${n + 1}"><c/></row>`).join('');
    expect(
      checkWorkbookZip(workbook({ 'xl/worksheets/sheet1.xml': `<sheetData>${rows}</sheetData>` }), 1e6, 10),
    ).toEqual({ ok: false, reason: 'too-many-rows', rows: 12 });
  });
});
