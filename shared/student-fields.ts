// The registration record's field catalogue (docs/product.md §3, §5): every field a student record has, once, with
// its kind, limit, options, label and step. The server's save validation (POST /api/student), the
// web form's rules and inputs, and the audit trail are all derived from this list.
// Framework-free: imported by the server and the web client.

import type { FirstPasswordAfterSave } from './first-password.js';
import { BARE_ADDRESS_PATTERN } from './email-address.js';
import {
  BLOOD_TYPES,
  DEVICE_TYPES,
  EARLIEST_ADMIN_DOB,
  LIVING_STATUSES,
  MARITAL_STATUSES,
  MESSAGES,
  PHONE_DIGITS,
  SEXES,
} from './constants.js';
import type { TermsAgreementStamp } from './terms.js';
import { hasXmlUnsafeChar } from './xml-safe-text.js';

/**
 * text: free text up to `max`; phone: '' or exactly 7 digits (the 1868 prefix is fixed, not stored);
 * email: '' or an e-mail address; flag: 0 or 1; digits: up to `max` digits (family numbers);
 * date: 'YYYY-MM-DD'; option: one of `options`; code: an integer id from a lookup list.
 */
export type FieldKind = 'text' | 'phone' | 'email' | 'flag' | 'digits' | 'date' | 'option' | 'code';

/** The registration steps of docs/product.md §9, in order. */
export const REGISTRATION_STEPS = [
  'studentData',
  'familyData',
  'healthData',
  'otherData',
  'documents',
  'submit',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** Lookup lists a field's value must come from (checked by the server against the database). */
export type LookupList = 'formClasses' | 'houses' | 'religions' | 'ethnicGroups' | 'regions';

/** Where a field sits within its step (the form's cards; the documents' sections). */
export type FieldGroup =
  | 'school'
  | 'personal'
  | 'contact'
  | 'background'
  | 'immigration'
  | 'living'
  | 'mother'
  | 'father'
  | 'guardian'
  | 'demographics'
  | 'emergency'
  | 'immunizations'
  | 'conditions'
  | 'medical'
  | 'learning'
  | 'other'
  | 'agreement';

export interface FieldSpec<N extends string = string, K extends FieldKind = FieldKind> {
  name: N;
  kind: K;
  label: string;
  step: RegistrationStep;
  group: FieldGroup;
  /** Longest accepted value (characters; digits for 'digits'). */
  max?: number;
  options?: readonly string[];
  /** May be left out of a save, but never saved empty ('This field is required.'). */
  required?: boolean;
  lookup?: LookupList;
  /** Set by the school: an administrator may change it, a student never. */
  schoolSet?: boolean;
  /** Shown as a multi-line text box. */
  multiline?: boolean;
  /** Dates: earliest accepted, and whether a date after today is refused. */
  minDate?: string;
  notFuture?: boolean;
}

/** Long free-text answers (medical history, achievements...): a generous but bounded size. */
export const LONG_TEXT_MAX = 2000;

type FieldExtras = Partial<Omit<FieldSpec, 'name' | 'kind' | 'label' | 'step' | 'group'>>;

function field<N extends string, K extends FieldKind>(
  name: N,
  kind: K,
  label: string,
  step: RegistrationStep,
  group: FieldGroup,
  extra: FieldExtras = {},
): FieldSpec<N, K> {
  return { ...extra, name, kind, label, step, group };
}
const text = <N extends string>(
  name: N,
  label: string,
  max: number,
  step: RegistrationStep,
  group: FieldGroup,
  extra: FieldExtras = {},
) => field(name, 'text', label, step, group, { max, ...extra });
const longText = <N extends string>(name: N, label: string, step: RegistrationStep, group: FieldGroup) =>
  field(name, 'text', label, step, group, { max: LONG_TEXT_MAX, multiline: true });
const phone = <N extends string>(name: N, label: string, step: RegistrationStep, group: FieldGroup) =>
  field(name, 'phone', label, step, group, { max: PHONE_DIGITS });
const email = <N extends string>(name: N, label: string, step: RegistrationStep, group: FieldGroup) =>
  field(name, 'email', label, step, group, { max: 50 });
const flag = <N extends string>(name: N, label: string, step: RegistrationStep, group: FieldGroup) =>
  field(name, 'flag', label, step, group);
const option = <N extends string>(
  name: N,
  label: string,
  options: readonly string[],
  step: RegistrationStep,
  group: FieldGroup,
  extra: FieldExtras = {},
) => field(name, 'option', label, step, group, { options, ...extra });

/** A parent's section (docs/product.md §3 Family fields): the same fields and limits for mother and father. */
function parentFields<P extends 'mother' | 'father'>(p: P) {
  const s = 'familyData' as const;
  return [
    text(`${p}_name`, 'Name', 35, s, p),
    option(`${p}_marital_status`, 'Marital Status', MARITAL_STATUSES, s, p),
    text(`${p}_home_address`, 'Home Address', 255, s, p),
    text(`${p}_occupation`, 'Occupation', 35, s, p),
    text(`${p}_business_place`, 'Employer / Place of Work', 50, s, p),
    text(`${p}_business_address`, 'Work Address', 50, s, p),
    phone(`${p}_phone_home`, 'Home Phone', s, p),
    phone(`${p}_business_phone`, 'Work Phone', s, p),
    phone(`mobile_phone_${p}`, 'Mobile', s, p),
    email(`email_${p}`, 'E-mail', s, p),
    text(`id_card_${p}`, 'ID Card Number', 20, s, p),
  ] as const;
}

export const STUDENT_FIELDS = [
  // Step 1: student data
  text('class_id', 'Class', 10, 'studentData', 'school', { lookup: 'formClasses', schoolSet: true }),
  field('house_code', 'code', 'House', 'studentData', 'school', { lookup: 'houses', schoolSet: true }),
  text('first_name', 'First Name', 20, 'studentData', 'personal', { required: true }),
  text('last_name', 'Last Name', 20, 'studentData', 'personal', { required: true }),
  text('middle_name', 'Other Name', 20, 'studentData', 'personal'),
  option('sex', 'Sex', SEXES, 'studentData', 'personal', { required: true }),
  field('date_of_birth', 'date', 'Date of Birth', 'studentData', 'personal', {
    required: true,
    minDate: EARLIEST_ADMIN_DOB,
    notFuture: true,
  }),
  text('birth_certificate_no', 'Electronic Birth Pin', 15, 'studentData', 'personal'),
  option('blood_type', 'Blood Type', BLOOD_TYPES, 'studentData', 'personal'),
  text('home_address', 'Home Address', 100, 'studentData', 'contact'),
  text('address_line_2', 'Town', 100, 'studentData', 'contact'),
  text('regional_corporation', 'Regional Corporation', 100, 'studentData', 'contact', { lookup: 'regions' }),
  phone('phone_home', 'Mobile', 'studentData', 'contact'),
  email('email', 'E-mail', 'studentData', 'contact'),
  text('place_of_birth', 'Country of Birth', 25, 'studentData', 'background'),
  text('nationality', 'Nationality', 25, 'studentData', 'background'),
  field('religion_code', 'code', 'Religion', 'studentData', 'background', { lookup: 'religions' }),
  field('ethnic_group_code', 'code', 'Ethnic Group', 'studentData', 'background', { lookup: 'ethnicGroups' }),
  text('previous_school', 'Previous School', 50, 'studentData', 'background'),
  text('sea_no', 'SEA Number', 15, 'studentData', 'background'),
  flag('immigration_permit', 'Immigration Permit', 'studentData', 'immigration'),
  text('immigration_permit_no', 'Permit Number', 30, 'studentData', 'immigration'),
  field('immigration_permit_issued', 'date', 'Date Issued', 'studentData', 'immigration', {
    minDate: EARLIEST_ADMIN_DOB,
  }),
  field('immigration_permit_expiry', 'date', 'Expiry Date', 'studentData', 'immigration', {
    minDate: EARLIEST_ADMIN_DOB,
  }),

  // Step 2: family data
  option('living_status', 'Living Status', LIVING_STATUSES, 'familyData', 'living'),
  flag('mother_section', 'Mother', 'familyData', 'living'),
  flag('father_section', 'Father', 'familyData', 'living'),
  flag('guardian_section', 'Guardian', 'familyData', 'living'),
  ...parentFields('mother'),
  ...parentFields('father'),
  text('guardian_name', 'Name', 30, 'familyData', 'guardian'),
  option('guardian_marital_status', 'Marital Status', MARITAL_STATUSES, 'familyData', 'guardian'),
  text('home_address_guardian', 'Home Address', 255, 'familyData', 'guardian'),
  text('guardian_occupation', 'Occupation', 50, 'familyData', 'guardian'),
  text('guardian_business_place', 'Employer / Place of Work', 50, 'familyData', 'guardian'),
  text('guardian_business_address', 'Work Address', 50, 'familyData', 'guardian'),
  phone('home_phone_guardian', 'Home Phone', 'familyData', 'guardian'),
  phone('business_phone_guardian', 'Work Phone', 'familyData', 'guardian'),
  phone('mobile_phone_guardian', 'Mobile', 'familyData', 'guardian'),
  email('email_guardian', 'E-mail', 'familyData', 'guardian'),
  text('id_card_guardian', 'ID Card Number', 20, 'familyData', 'guardian'),
  field('no_in_family', 'digits', 'Number in Family', 'familyData', 'demographics', { max: 2 }),
  field('no_at_home', 'digits', 'Number at Home', 'familyData', 'demographics', { max: 2 }),
  field('place_in_family', 'digits', 'Place in Family', 'familyData', 'demographics', { max: 2 }),
  text('emergency_contact', 'Emergency Contact', 50, 'familyData', 'emergency'),
  text('relation_to_child', 'Relation to Child', 30, 'familyData', 'emergency'),
  phone('emergency_home_phone', 'Home Phone', 'familyData', 'emergency'),
  text('emergency_work_place', 'Work Place', 50, 'familyData', 'emergency'),
  phone('emergency_work_phone', 'Work Phone', 'familyData', 'emergency'),
  text('relative_in_school', 'Relative in School', 50, 'familyData', 'emergency'),

  // Step 3: medical data
  flag('hepatitis', 'Hepatitis', 'healthData', 'immunizations'),
  flag('polio', 'Polio', 'healthData', 'immunizations'),
  flag('diphtheria', 'Diphtheria', 'healthData', 'immunizations'),
  flag('tetanus', 'Tetanus', 'healthData', 'immunizations'),
  flag('yellow_fever', 'Yellow Fever', 'healthData', 'immunizations'),
  flag('measles', 'Measles', 'healthData', 'immunizations'),
  flag('tb', 'TB', 'healthData', 'immunizations'),
  flag('chicken_pox', 'Chicken Pox', 'healthData', 'immunizations'),
  flag('typhoid', 'Typhoid', 'healthData', 'immunizations'),
  flag('rheumatic_fever', 'Rheumatic Fever', 'healthData', 'immunizations'),
  flag('poor_eyesight', 'Poor Eyesight', 'healthData', 'conditions'),
  flag('poor_hearing', 'Poor Hearing', 'healthData', 'conditions'),
  flag('diabetes', 'Diabetes', 'healthData', 'conditions'),
  flag('asthma', 'Asthma', 'healthData', 'conditions'),
  flag('epilepsy', 'Epilepsy', 'healthData', 'conditions'),
  longText('medical_history', 'Medical History', 'healthData', 'medical'),
  longText('other_illness', 'Other Illness', 'healthData', 'medical'),
  longText('allergy', 'Allergies', 'healthData', 'medical'),
  flag('dyslexia', 'Dyslexia', 'healthData', 'learning'),
  flag('dyscalculia', 'Dyscalculia', 'healthData', 'learning'),
  flag('dysgraphia', 'Dysgraphia', 'healthData', 'learning'),
  flag('non_verbal', 'Non-Verbal', 'healthData', 'learning'),
  flag('apraxia', 'Apraxia', 'healthData', 'learning'),
  flag('attention_deficit', 'Attention Deficit', 'healthData', 'learning'),
  flag('adhd', 'ADHD', 'healthData', 'learning'),
  flag('autism', 'Autism', 'healthData', 'learning'),
  flag('cerebral_palsy', 'Cerebral Palsy', 'healthData', 'learning'),
  flag('other', 'Other', 'healthData', 'learning'),
  text('other_learning_disablity', 'Other learning challenge', 255, 'healthData', 'learning'),

  // Step 4: other data
  longText('special_consideration', 'Special Consideration', 'otherData', 'other'),
  longText('achievements', 'Achievements', 'otherData', 'other'),
  option('device_type', 'Device Type', DEVICE_TYPES, 'otherData', 'other'),
  flag('internet_access', 'Internet Access', 'otherData', 'other'),
  flag('school_feeding', 'School Feeding', 'otherData', 'other'),
  flag('transport', 'Transport', 'otherData', 'other'),

  // Step 6: complete
  flag('terms_and_conditions', 'Terms and Conditions', 'submit', 'agreement'),
  flag('agree_terms_conditions', 'I agree to the terms and conditions', 'submit', 'agreement'),
] as const;

type AnyField = (typeof STUDENT_FIELDS)[number];
export type StudentFieldName = AnyField['name'];

type ValueOfKind<K extends FieldKind> = K extends 'flag' ? 0 | 1 : K extends 'code' ? number | null : string | null;

/** Every field of the record with its value type: flags 0/1, codes integers, everything else text. */
export type StudentFields = { [F in AnyField as F['name']]: ValueOfKind<F['kind']> };

/** GET /api/student-record/{id}: the whole record, with the server's stamp of her agreement to the terms. */
export type StudentRecord = StudentFields & TermsAgreementStamp & { id: string; updatedAt: string };

/**
 * POST /api/student: the student's id and only the fields that changed. `expected` (optional) holds,
 * for some of those fields, the value the client last read from the server: when the server's value
 * has changed since (another device saved it), the save is refused with 409 and the current values
 * (StudentSaveConflict) instead of overwriting a newer answer. A save without it is applied as is.
 */
export type StudentSaveRequest = Partial<StudentFields> & { id: string; expected?: Partial<StudentFields> };

/** The body of a 409 answer to POST /api/student: the error shape plus the server's current values. */
export interface StudentSaveConflict {
  statusCode: 409;
  message: string;
  errors: Record<string, string[]>;
  current: Partial<StudentFields>;
}

/**
 * Its answer: the saved values of the fields sent, and the record's new updatedAt; when the save
 * changed her agreement to the terms, also the stamp the server wrote (which version, when).
 */
export type StudentSaveResponse = Partial<StudentFields> &
  Partial<TermsAgreementStamp> & {
    id: string;
    updatedAt: string;
    /** Only when the save changed the date of birth of a student with an account (shared/first-password.ts). */
    first_password?: FirstPasswordAfterSave;
  };

export const FIELD_BY_NAME: ReadonlyMap<string, FieldSpec> = new Map(
  STUDENT_FIELDS.map((f) => [f.name, f as FieldSpec]),
);

export function fieldSpec(name: StudentFieldName): FieldSpec {
  return FIELD_BY_NAME.get(name)!;
}

export function fieldsOfGroup(group: FieldGroup): FieldSpec[] {
  return STUDENT_FIELDS.filter((f) => f.group === group);
}

// ---------------------------------------------------------------------------------------------
// Rules (docs/product.md §5). One implementation: the server's class-validator DTO and the web's antd rules call it.

/** A bare address only (shared/email-address.ts): `x<evil@attacker.tt>` or a list is not one. */
export const EMAIL_PATTERN = BARE_ADDRESS_PATTERN;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const FIELD_MESSAGES = {
  tooLong: (max: number) => `At most ${max} characters.`,
  digitsOnly: (max: number) => `Numbers only, at most ${max} digits.`,
  flag: 'Must be 0 or 1.',
  text: 'Must be text.',
  option: (options: readonly string[]) => `Choose one of: ${options.join(', ')}.`,
  code: 'Choose an item from the list.',
  date: 'Enter a date as YYYY-MM-DD.',
  notBefore: (min: string) => `The date cannot be before ${min}.`,
  futureBirth: 'The date of birth cannot be in the future.',
  schoolSet: 'House and class are set by the school and cannot be changed here.',
  /** A character XML (and so the school's spreadsheets) cannot carry: shared/xml-safe-text.ts. */
  unusualCharacter: 'Remove the unusual invisible character from this answer (it may have come in with pasted text).',
} as const;

/** Whether two values of a field are the same answer: '' and null (and undefined) all mean "empty". */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
  return norm(a) === norm(b);
}

/** '' or 7 digits; otherwise the message of docs/product.md §5 Phones for what is wrong. */
export function phoneProblem(value: string): string | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return MESSAGES.phoneDigits;
  return value.length === PHONE_DIGITS ? null : MESSAGES.phoneLength;
}

/** A real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '';
}

/**
 * What is wrong with a value for this field, or null when it may be saved. `today` ('YYYY-MM-DD', the
 * school's date) turns on the no-future-date rule; without it that rule is left to the caller.
 */
export function fieldProblem(spec: FieldSpec, value: unknown, today?: string): string | null {
  if (spec.kind === 'flag') return value === 0 || value === 1 ? null : FIELD_MESSAGES.flag;
  if (isEmpty(value)) return spec.required ? MESSAGES.required : null;
  if (spec.kind === 'code') return Number.isSafeInteger(value) && (value as number) > 0 ? null : FIELD_MESSAGES.code;
  if (typeof value !== 'string') return FIELD_MESSAGES.text;
  if (hasXmlUnsafeChar(value)) return FIELD_MESSAGES.unusualCharacter;
  if (spec.required && value.trim() === '') return MESSAGES.required;
  switch (spec.kind) {
    case 'phone':
      return phoneProblem(value);
    case 'email':
      if (spec.max && value.length > spec.max) return FIELD_MESSAGES.tooLong(spec.max);
      return EMAIL_PATTERN.test(value) ? null : MESSAGES.email;
    case 'digits':
      return new RegExp(`^\\d{1,${spec.max ?? 2}}$`).test(value) ? null : FIELD_MESSAGES.digitsOnly(spec.max ?? 2);
    case 'option':
      return spec.options?.includes(value) ? null : FIELD_MESSAGES.option(spec.options ?? []);
    case 'date':
      if (!isCalendarDate(value)) return FIELD_MESSAGES.date;
      if (spec.minDate && value < spec.minDate) return FIELD_MESSAGES.notBefore(spec.minDate);
      if (spec.notFuture && today && value > today) return FIELD_MESSAGES.futureBirth;
      return null;
    default:
      return spec.max && value.length > spec.max ? FIELD_MESSAGES.tooLong(spec.max) : null;
  }
}

// ---------------------------------------------------------------------------------------------
// The Edit Student dialog of the administrator (docs/product.md §5 Admin edit).

/** The fields the Edit Student dialog changes. */
export const ADMIN_EDIT_FIELDS = ['first_name', 'last_name', 'date_of_birth', 'birth_certificate_no'] as const;
export type AdminEditField = (typeof ADMIN_EDIT_FIELDS)[number];

export function isAdminEditField(name: string): name is AdminEditField {
  return (ADMIN_EDIT_FIELDS as readonly string[]).includes(name);
}

/**
 * An administrator may not leave these fields empty ('Required'), the birth certificate pin included,
 * which a student may leave empty; the catalogue's length limits apply. The dialog checks it as she
 * types, the server on every administrator's save.
 */
export function adminEditProblem(field: AdminEditField, value: unknown): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return MESSAGES.adminRequired;
  if (typeof value === 'string' && hasXmlUnsafeChar(value)) return FIELD_MESSAGES.unusualCharacter;
  const max = FIELD_BY_NAME.get(field)?.max;
  if (field !== 'date_of_birth' && max && typeof value === 'string' && value.length > max)
    return FIELD_MESSAGES.tooLong(max);
  return null;
}
