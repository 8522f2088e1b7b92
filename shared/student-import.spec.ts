import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from './admin-types.js';
import { importColumnOf, readImportDate } from './student-import.js';

describe('importColumnOf', () => {
  it.each([
    ['Student ID', 'id'],
    ['ID', 'id'],
    ['student  id', 'id'],
    ['Class', 'class_id'],
    ['Form Class', 'class_id'],
    ['FORM-CLASS', 'class_id'],
    ['Date of Birth', 'date_of_birth'],
    ['Date of Birth (dd/mm/yyyy)', 'date_of_birth'],
    ['DOB', 'date_of_birth'],
    ['D.O.B.', 'date_of_birth'],
    ['Birth Certificate No.', 'birth_certificate_no'],
    ['Sex', 'sex'],
    ['Gender', 'sex'],
    ['House', 'house_code'],
    ['First Name', 'first_name'],
    [' last_name ', 'last_name'],
  ])('reads %j as %s', (heading, column) => {
    expect(importColumnOf(heading)).toBe(column);
  });

  it("reads every column's own name", () => {
    for (const c of IMPORT_COLUMNS) expect(importColumnOf(c)).toBe(c);
  });

  it('knows no other heading', () => {
    expect(importColumnOf('Student Number')).toBeNull();
    expect(importColumnOf('Klass')).toBeNull();
    expect(importColumnOf('')).toBeNull();
  });
});

describe('readImportDate', () => {
  it('reads the day first, as Trinidad writes it, with slashes, dashes or dots', () => {
    expect(readImportDate('12/03/2014')).toEqual({ iso: '2014-03-12', format: 'DD/MM/YYYY' });
    expect(readImportDate('1/9/2013')).toEqual({ iso: '2013-09-01', format: 'DD/MM/YYYY' });
    expect(readImportDate('31-12-2013')).toEqual({ iso: '2013-12-31', format: 'DD/MM/YYYY' });
    expect(readImportDate('05.04.2013')).toEqual({ iso: '2013-04-05', format: 'DD/MM/YYYY' });
  });

  it('keeps YYYY-MM-DD', () => {
    expect(readImportDate('2013-05-17')).toEqual({ iso: '2013-05-17', format: 'YYYY-MM-DD' });
    expect(readImportDate(' 2013-5-7 ')).toEqual({ iso: '2013-05-07', format: 'YYYY-MM-DD' });
  });

  it('refuses a date that does not exist, saying how it was read', () => {
    expect(readImportDate('31/02/2014')).toEqual({
      problem: "'31/02/2014' is not a date that exists (read as DD/MM/YYYY, day first).",
    });
    expect(readImportDate('12/13/2014')).toEqual({
      problem: "'12/13/2014' is not a date that exists (read as DD/MM/YYYY, day first).",
    });
    expect(readImportDate('2013-13-01')).toEqual({
      problem: "'2013-13-01' is not a date that exists (read as YYYY-MM-DD).",
    });
  });

  it('refuses what is not a date at all', () => {
    for (const text of ['March 3 2014', '12/03/14', '20140312', '2014/03/12', '12/03-2014', '12.03/2014'])
      expect(readImportDate(text)).toEqual({
        problem: 'Write the date of birth as DD/MM/YYYY (day first, e.g. 17/05/2013) or YYYY-MM-DD (e.g. 2013-05-17).',
      });
  });
});
