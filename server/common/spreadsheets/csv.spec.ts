import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, keeping every cell as text', () => {
    const text =
      '\uFEFFstudent_id,subject,comment\r\n00123,Maths,"Good, steady ""work""\nkeep on"\r\n00124,English,\r\n';
    expect(parseCsv(text)).toEqual([
      { row: 1, cells: ['student_id', 'subject', 'comment'] },
      { row: 2, cells: ['00123', 'Maths', 'Good, steady "work"\nkeep on'] },
      { row: 3, cells: ['00124', 'English', ''] },
    ]);
  });

  it('takes the delimiter from the header line (semicolon as some Excel locales save)', () => {
    expect(parseCsv('a;b\n1,5;2\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1,5', '2'] },
    ]);
  });

  it('counts blank lines as rows, as a spreadsheet shows them, but returns no record for them', () => {
    expect(parseCsv('a,b\n\n1,2').map((r) => r.row)).toEqual([1, 3]);
  });

  it('refuses a quote that is never closed and text after a closing quote', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n"x"y,2\n')).toThrow(/after a closing quote/);
  });

  it('names the row of the error, blank lines counted', () => {
    expect(() => parseCsv('a,b\n\n\n1,"open\n2,3\n')).toThrow('Row 4: a quoted cell is never closed.');
    expect(() => parseCsv('a,b\n\n"x"y,2\n')).toThrow('Row 3: unexpected text after a closing quote.');
    expect(() => parseCsv('a,b\n"x" ,2\n')).toThrow('Row 2: unexpected text after a closing quote.');
  });

  it('keeps a quote inside a cell that does not start with one, as a spreadsheet reads it', () => {
    expect(parseCsv('a,b\n5" floppy, He said "well done"\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['5" floppy', ' He said "well done"'] },
    ]);
  });

  it('reads CR-only line ends, a tab delimiter and rows of different lengths', () => {
    expect(parseCsv('a\tb\r1\r2\t3\t4')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1'] },
      { row: 3, cells: ['2', '3', '4'] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\n')).toEqual([]);
  });

  it('stops at the row limit', () => {
    expect(() => parseCsv('h\n1\n2\n3\n', { maxRecords: 2 })).toThrow(/more than 2 rows/);
    expect(() => parseCsv('h\n1\n2\n3\n', { maxRecords: 2 })).toThrow(CsvError);
    expect(parseCsv('h\n1\n\n', { maxRecords: 2 })).toHaveLength(2);
  });
});
