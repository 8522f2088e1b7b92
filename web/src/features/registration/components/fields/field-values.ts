import {
  type FieldSpec,
  fieldProblem,
  STUDENT_FIELDS,
  type StudentFields,
  type StudentRecord,
} from '../../../../../../shared/student-fields.js';

/**
 * How a field's value lives in the step form (step-form-store.ts): text-like fields as strings ('' when empty), choices
 * and dates as string/number or undefined (a select then shows 'Choose…'), flags as 0/1.
 */
export type FormValue = string | number | undefined;
export type FormValues = Record<string, FormValue>;

export function toFormValue(spec: FieldSpec, value: unknown): FormValue {
  if (spec.kind === 'flag') return value === 1 ? 1 : 0;
  if (spec.kind === 'code') return typeof value === 'number' ? value : undefined;
  if (spec.kind === 'option' || spec.kind === 'date')
    return typeof value === 'string' && value !== '' ? value : undefined;
  return typeof value === 'string' ? value : '';
}

export function toFormValues(record: StudentRecord): FormValues {
  const values: FormValues = {};
  for (const spec of STUDENT_FIELDS) values[spec.name] = toFormValue(spec, record[spec.name]);
  return values;
}

/** The value POST /api/student gets: text trimmed, an empty choice null. */
export function toApiValue(spec: FieldSpec, value: FormValue): StudentFields[keyof StudentFields] {
  if (spec.kind === 'flag') return value === 1 ? 1 : 0;
  if (spec.kind === 'code') return typeof value === 'number' ? value : null;
  if (typeof value !== 'string' || value.trim() === '')
    return spec.kind === 'option' || spec.kind === 'date' ? null : '';
  return value.trim();
}

/** The shared rule's message (the server's words) for the value the field would save, or null when it is fine. */
export function formProblem(spec: FieldSpec, value: FormValue, today: string): string | null {
  return fieldProblem(spec, toApiValue(spec, value), today);
}
