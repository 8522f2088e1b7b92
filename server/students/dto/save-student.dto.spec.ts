import 'reflect-metadata';
import type { ArgumentMetadata, UnprocessableEntityException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { STUDENT_FIELDS } from '../../../shared/student-fields.js';
import { SaveStudentDto } from './save-student.dto.js';
import { StudentIdLookupQuery } from './student-id-lookup.dto.js';
import { createValidationPipe } from '../../common/validation.js';

const pipe = createValidationPipe();
const save: ArgumentMetadata = { type: 'body', metatype: SaveStudentDto };

/** The 422's body, or null when the value passes. */
async function refusal(value: unknown, metadata: ArgumentMetadata = save): Promise<unknown> {
  try {
    await pipe.transform(value, metadata);
    return null;
  } catch (e) {
    return (e as UnprocessableEntityException).getResponse();
  }
}

describe('the validation pipe on a partial body (a save of the record)', () => {
  it('checks the fields sent, trimmed, by the shared rules', async () => {
    expect(await pipe.transform({ id: '20000001', home_address: '  1 Main Road ' }, save)).toEqual({
      id: '20000001',
      home_address: '1 Main Road',
    });
    expect(await refusal({ id: '20000001', date_of_birth: 'nope' })).toEqual({
      message: 'Enter a date as YYYY-MM-DD.',
      errors: { date_of_birth: ['Enter a date as YYYY-MM-DD.'] },
    });
  });

  it('still requires the id, refuses a field no save has and checks `expected` and the terms version', async () => {
    expect(await refusal({ home_address: 'x' })).toMatchObject({ errors: { id: expect.any(Array) } });
    expect(await refusal({})).toMatchObject({ errors: { id: expect.any(Array) } });
    expect(await refusal({ id: '20000001', nope: 1 })).toMatchObject({ errors: { nope: expect.any(Array) } });
    expect(await refusal({ id: '20000001', expected: 'x' })).toMatchObject({ errors: { expected: expect.any(Array) } });
    expect(await refusal({ id: '20000001', terms_version_read: 0 })).toMatchObject({
      errors: { terms_version_read: expect.any(Array) },
    });
  });

  it('checks every field when every field is sent, and a null like any other value', async () => {
    const all = Object.fromEntries(STUDENT_FIELDS.map((f) => [f.name, 12345]));
    const errors = ((await refusal({ id: '20000001', ...all })) as { errors: Record<string, string[]> }).errors;
    const refusedAsNumbers = STUDENT_FIELDS.filter((f) => errors[f.name]).length;
    expect(refusedAsNumbers).toBeGreaterThan(STUDENT_FIELDS.length / 2);
    expect(await refusal({ id: '20000001', first_name: null })).toMatchObject({
      errors: { first_name: expect.any(Array) },
    });
  });

  it('leaves every other body checked whole', async () => {
    const query: ArgumentMetadata = { type: 'query', metatype: StudentIdLookupQuery };
    expect(await refusal({}, query)).toMatchObject({ errors: { name: expect.any(Array) } });
  });
});
