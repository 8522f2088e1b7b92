import 'reflect-metadata';
import { getMetadataArgsStorage } from 'typeorm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  fieldProblem,
  fieldSpec,
  phoneProblem,
  STUDENT_FIELDS,
  type StudentFields,
} from '../../shared/student-fields.js';
import { TERMS_STAMP_COLUMNS } from '../../shared/terms.js';
import { Student } from './entities/student.entity.js';

// Her standing (current, graduated, left) is the rollover's, and the date her data was deleted retention's
// (docs/product.md §12.4): not record fields.
const STANDING_COLUMNS = ['status', 'left_on', 'leaving_reason', 'scrubbed_at'];
const columns = getMetadataArgsStorage().columns.filter((c) => c.target === Student);

describe('the shared field catalogue', () => {
  it("names each students-table column once (besides id, timestamps, the terms' stamp and her standing)", () => {
    const names = STUDENT_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const columnNames = columns
      .map((c) => c.propertyName)
      .filter((n) => !['id', 'created_at', 'updated_at', ...TERMS_STAMP_COLUMNS, ...STANDING_COLUMNS].includes(n));
    expect([...names].sort()).toEqual([...columnNames].sort());
  });

  it('never accepts more than the column can hold', () => {
    for (const f of STUDENT_FIELDS) {
      const col = columns.find((c) => c.propertyName === f.name)!;
      const longest =
        f.kind === 'option'
          ? Math.max(...(f as { options: readonly string[] }).options.map((o) => o.length))
          : f.kind === 'date'
            ? 10
            : ((f as { max?: number }).max ?? Infinity);
      if (col.options.type === 'varchar') expect(longest, f.name).toBeLessThanOrEqual(Number(col.options.length));
      if (f.kind === 'flag' || f.kind === 'code') expect(col.options.type, f.name).toBe('int');
    }
  });

  it('types each field by its kind', () => {
    // The types are checked by the typecheck (expectTypeOf does nothing at run time); the kinds they
    // follow from are checked here.
    expectTypeOf<StudentFields['hepatitis']>().toEqualTypeOf<0 | 1>();
    expectTypeOf<StudentFields['religion_code']>().toEqualTypeOf<number | null>();
    expectTypeOf<StudentFields['mobile_phone_father']>().toEqualTypeOf<string | null>();
    expect(fieldSpec('hepatitis').kind).toBe('flag');
    expect(fieldSpec('religion_code').kind).toBe('code');
    expect(fieldSpec('mobile_phone_father').kind).toBe('phone');
  });

  it('uses the lengths of docs/product.md §5', () => {
    const max = (n: Parameters<typeof fieldSpec>[0]) => fieldSpec(n).max;
    expect([max('first_name'), max('last_name'), max('middle_name')]).toEqual([20, 20, 20]);
    expect([max('home_address'), max('address_line_2'), max('email'), max('previous_school')]).toEqual([
      100, 100, 50, 50,
    ]);
    expect([max('sea_no'), max('birth_certificate_no'), max('place_of_birth'), max('nationality')]).toEqual([
      15, 15, 25, 25,
    ]);
    expect([
      max('mother_name'),
      max('father_occupation'),
      max('mother_home_address'),
      max('father_business_place'),
    ]).toEqual([35, 35, 255, 50]);
    expect([
      max('id_card_mother'),
      max('guardian_name'),
      max('home_address_guardian'),
      max('guardian_occupation'),
    ]).toEqual([20, 30, 255, 50]);
    expect([max('id_card_guardian'), max('no_in_family'), max('emergency_contact')]).toEqual([20, 2, 50]);
  });
});

describe('field rules', () => {
  it('phones: empty or 7 digits, with the messages of docs/product.md §5', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('1234567')).toBeNull();
    expect(phoneProblem('123456')).toBe('7 Digits Needed');
    expect(phoneProblem('12345678')).toBe('7 Digits Needed');
    expect(phoneProblem('12a4567')).toBe('Only Numbers Allowed');
  });

  it('required fields, e-mail, options, flags, dates', () => {
    expect(fieldProblem(fieldSpec('first_name'), '')).toBe('This field is required.');
    expect(fieldProblem(fieldSpec('date_of_birth'), null)).toBe('This field is required.');
    expect(fieldProblem(fieldSpec('middle_name'), '')).toBeNull();
    expect(fieldProblem(fieldSpec('email'), 'not-an-email')).toBe('Invalid e-mail');
    expect(fieldProblem(fieldSpec('email'), 'mum@example.tt')).toBeNull();
    expect(fieldProblem(fieldSpec('sex'), 'Other')).toMatch(/Female, Male/);
    expect(fieldProblem(fieldSpec('hepatitis'), 2)).toBe('Must be 0 or 1.');
    expect(fieldProblem(fieldSpec('hepatitis'), null)).toBe('Must be 0 or 1.');
    expect(fieldProblem(fieldSpec('date_of_birth'), '2013-02-30')).toBe('Enter a date as YYYY-MM-DD.');
    expect(fieldProblem(fieldSpec('date_of_birth'), '2030-01-01', '2026-01-01')).toBe(
      'The date of birth cannot be in the future.',
    );
    expect(fieldProblem(fieldSpec('date_of_birth'), '1949-12-31')).toMatch(/1950-01-01/);
    expect(fieldProblem(fieldSpec('no_in_family'), '123')).toMatch(/at most 2 digits/);
    expect(fieldProblem(fieldSpec('no_in_family'), '1a')).toMatch(/Numbers only/);
  });
});
