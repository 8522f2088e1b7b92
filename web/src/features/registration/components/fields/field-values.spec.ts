import { describe, expect, it } from 'vitest';
import { FIELD_BY_NAME, type FieldSpec, type StudentRecord } from '../../../../../../shared/student-fields.js';
import { MESSAGES } from '../../../../../../shared/constants.js';
import { formProblem, toApiValue, toFormValue, toFormValues } from './field-values.js';

const spec = (name: string): FieldSpec => {
  const found = FIELD_BY_NAME.get(name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('toFormValue: a stored value as the step form holds it', () => {
  it('a flag is 1 only when it is 1, else 0', () => {
    expect(toFormValue(spec('mother_section'), 1)).toBe(1);
    expect(toFormValue(spec('mother_section'), 0)).toBe(0);
    expect(toFormValue(spec('mother_section'), null)).toBe(0);
    expect(toFormValue(spec('mother_section'), '1')).toBe(0);
  });

  it('a code is its number, else undefined (the Select shows its placeholder)', () => {
    expect(toFormValue(spec('house_code'), 3)).toBe(3);
    expect(toFormValue(spec('house_code'), null)).toBeUndefined();
    expect(toFormValue(spec('house_code'), '3')).toBeUndefined();
  });

  it('a choice or a date is its text, and undefined when empty', () => {
    expect(toFormValue(spec('living_status'), 'Guardian')).toBe('Guardian');
    expect(toFormValue(spec('living_status'), '')).toBeUndefined();
    expect(toFormValue(spec('date_of_birth'), '2013-05-17')).toBe('2013-05-17');
    expect(toFormValue(spec('date_of_birth'), null)).toBeUndefined();
  });

  it("text is its string, and '' when missing", () => {
    expect(toFormValue(spec('first_name'), 'Jane')).toBe('Jane');
    expect(toFormValue(spec('first_name'), null)).toBe('');
    expect(toFormValue(spec('first_name'), undefined)).toBe('');
  });
});

describe('toFormValues', () => {
  it('gives every field of the record its form value', () => {
    const values = toFormValues({ first_name: 'Jane', mother_section: 1, living_status: null } as StudentRecord);
    expect(values).toMatchObject({ first_name: 'Jane', mother_section: 1, living_status: undefined, last_name: '' });
    expect(Object.keys(values)).toContain('date_of_birth');
  });
});

describe('toApiValue: what POST /api/student gets', () => {
  it('trims text and sends an empty text as an empty string', () => {
    expect(toApiValue(spec('first_name'), '  Jane ')).toBe('Jane');
    expect(toApiValue(spec('first_name'), '   ')).toBe('');
    expect(toApiValue(spec('first_name'), undefined)).toBe('');
  });

  it('sends an empty choice, date or code as null', () => {
    expect(toApiValue(spec('living_status'), undefined)).toBeNull();
    expect(toApiValue(spec('living_status'), ' ')).toBeNull();
    expect(toApiValue(spec('date_of_birth'), '')).toBeNull();
    expect(toApiValue(spec('house_code'), undefined)).toBeNull();
    expect(toApiValue(spec('house_code'), 2)).toBe(2);
  });

  it('sends a flag as 0 or 1', () => {
    expect(toApiValue(spec('mother_section'), 1)).toBe(1);
    expect(toApiValue(spec('mother_section'), undefined)).toBe(0);
  });
});

describe('formProblem: the shared rule, with the server messages, on the value that would be saved', () => {
  const problem = (name: string, value: string | number | undefined, today = '2026-01-10') =>
    formProblem(spec(name), value, today);

  it('accepts a good value, trimmed as it would be saved', () => {
    expect(problem('first_name', '  Jane  ')).toBeNull();
    expect(problem('date_of_birth', '2013-05-17')).toBeNull();
  });

  it('refuses an empty required field and a future date of birth with the messages the server uses', () => {
    expect(problem('first_name', '   ')).toBe(MESSAGES.required);
    expect(problem('date_of_birth', '2026-02-01')).toBe('The date of birth cannot be in the future.');
  });
});
