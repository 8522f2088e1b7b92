// When is a registration step complete? One definition for the all-students report, the admin's
// progress at a glance, the registration form PDF and the student's own stepper, "Still needed" lists,
// Complete checklist and dashboard card. Framework-free.
//
//   const p = registrationProgress(record, ['birth_certificate', 'picture']);
//   p.steps.familyData.complete   // boolean
//   p.steps.familyData.missing    // labels of what is still missing, e.g. ["Mother: Name", "Emergency Contact"]
//   p.steps.familyData.items      // the same, each with where to fill it in:
//                                 //   [{label: 'Mother: Name', field: 'mother_name'}, …]
//   p.completed                   // how many of the six steps are complete
//
// The rules (what the school needs to act on the registration):
// - studentData: first and last name, sex, date of birth, electronic birth pin, home address, town,
//   country of birth and nationality; the permit number too when the immigration switch is on.
// - familyData: a living status; for each section shown (by the living status or its own tick: mother,
//   father, guardian) a name and at least one phone; an emergency contact and her home phone.
// - healthData: nothing on the medical step is required, so it counts as complete once it says
//   something: at least one immunization ticked, or a medical history, illness or allergy written.
// - otherData: the device type chosen (None is an answer).
// - documents: every required document received (see requiredDocuments; the COVID-19 card is optional).
// - submit: the terms agreed (agree_terms_conditions = 1). An agreement stays counted when the school
//   later changes the text of its terms (which version she agreed to is kept beside it; see shared/terms.ts).

import { type DocumentType } from './constants.js';
import { DOCUMENT_LABELS } from './documents.js';
import { fieldsOfGroup, REGISTRATION_STEPS, type RegistrationStep, type StudentFieldName } from './student-fields.js';

/** The record's fields the rules read; a StudentRecord (web) or the Student entity (server) fits. */
export type ProgressRecord = Readonly<Record<string, unknown>>;

/**
 * One thing still missing, with where it is filled in: a field of the record (the form's input has
 * the field's name as its id) or, on the documents step, a document's upload slot.
 */
export type MissingItem =
  | { label: string; field: StudentFieldName; document?: undefined }
  | { label: string; document: DocumentType; field?: undefined };

export interface StepProgress {
  complete: boolean;
  /** labels of what is missing, in form order (empty when complete) */
  missing: string[];
  /** the same, each with where to fill it in */
  items: MissingItem[];
}

export interface RegistrationProgress {
  steps: Record<RegistrationStep, StepProgress>;
  /** number of complete steps, 0-6 */
  completed: number;
}

export const STEP_LABELS: Record<RegistrationStep, string> = {
  studentData: 'Student Data',
  familyData: 'Family Data',
  healthData: 'Medical Data',
  otherData: 'Other Data',
  documents: 'Upload Documents',
  submit: 'Complete',
};

function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

const on = (value: unknown) => value === 1 || value === '1';

/** The documents a complete registration has: all but the optional COVID-19 card; the permit when it applies. */
export function requiredDocuments(record: ProgressRecord): DocumentType[] {
  const list: DocumentType[] = ['birth_certificate', 'immunization_card', 'sea_slip', 'picture'];
  if (on(record.immigration_permit)) list.push('immigration_permit');
  return list;
}

/** Which family sections the form shows (docs/product.md §4 Living status, plus each section's own tick). */
export function familySectionsShown(record: ProgressRecord): { mother: boolean; father: boolean; guardian: boolean } {
  const status = record.living_status;
  return {
    mother: status === 'Both Parents' || status === 'Mother Only' || on(record.mother_section),
    father: status === 'Both Parents' || status === 'Father Only' || on(record.father_section),
    guardian: status === 'Guardian' || on(record.guardian_section),
  };
}

type Need = [StudentFieldName, string];

function need(record: ProgressRecord, fields: Need[]): MissingItem[] {
  return fields.filter(([key]) => !filled(record[key])).map(([field, label]) => ({ label, field }));
}

function studentData(r: ProgressRecord): MissingItem[] {
  const missing = need(r, [
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['sex', 'Sex'],
    ['date_of_birth', 'Date of Birth'],
    ['birth_certificate_no', 'Electronic Birth Pin'],
    ['home_address', 'Home Address'],
    ['address_line_2', 'Town'],
    ['place_of_birth', 'Country of Birth'],
    ['nationality', 'Nationality'],
  ]);
  if (on(r.immigration_permit)) missing.push(...need(r, [['immigration_permit_no', 'Immigration Permit Number']]));
  return missing;
}

function familyData(r: ProgressRecord): MissingItem[] {
  const missing = need(r, [['living_status', 'Living Status']]);
  const shown = familySectionsShown(r);
  // A missing phone is filled in at the mobile number, the first phone of the section.
  const person = (title: string, name: StudentFieldName, phones: [StudentFieldName, ...StudentFieldName[]]) => {
    if (!filled(r[name])) missing.push({ label: `${title}: Name`, field: name });
    if (!phones.some((p) => filled(r[p]))) missing.push({ label: `${title}: a Phone Number`, field: phones[0] });
  };
  if (shown.mother)
    person('Mother', 'mother_name', ['mobile_phone_mother', 'mother_phone_home', 'mother_business_phone']);
  if (shown.father)
    person('Father', 'father_name', ['mobile_phone_father', 'father_phone_home', 'father_business_phone']);
  if (shown.guardian)
    person('Guardian', 'guardian_name', ['mobile_phone_guardian', 'home_phone_guardian', 'business_phone_guardian']);
  // The form shows the emergency contact once a family section shows: until then it is reached
  // through the living status (or a section's tick), next to which it will appear.
  const anyShown = shown.mother || shown.father || shown.guardian;
  missing.push(
    ...need(r, [
      ['emergency_contact', 'Emergency Contact'],
      ['emergency_home_phone', 'Emergency Contact Phone'],
    ]).map((item) => (anyShown ? item : { label: item.label, field: 'living_status' as const })),
  );
  return missing;
}

/** The immunization ticks of the health step, from the field catalogue. */
const IMMUNIZATIONS = fieldsOfGroup('immunizations').map((f) => f.name);

function healthData(r: ProgressRecord): MissingItem[] {
  const said =
    IMMUNIZATIONS.some((k) => on(r[k])) || ['medical_history', 'other_illness', 'allergy'].some((k) => filled(r[k]));
  // Reached at the first immunization, the top of the step.
  return said ? [] : [{ label: 'Immunizations or medical history', field: 'hepatitis' }];
}

function otherData(r: ProgressRecord): MissingItem[] {
  return need(r, [['device_type', 'Device Type']]);
}

function documents(r: ProgressRecord, received: ReadonlySet<string>): MissingItem[] {
  return requiredDocuments(r)
    .filter((t) => !received.has(t))
    .map((t) => ({ label: DOCUMENT_LABELS[t], document: t }));
}

function submit(r: ProgressRecord): MissingItem[] {
  return on(r.agree_terms_conditions)
    ? []
    : [{ label: 'Agreement to the terms and conditions', field: 'agree_terms_conditions' }];
}

/** Each step's completion for a record and the document types received (current files). */
export function registrationProgress(record: ProgressRecord, documentTypes: Iterable<string>): RegistrationProgress {
  const received = new Set(documentTypes);
  const items: Record<RegistrationStep, MissingItem[]> = {
    studentData: studentData(record),
    familyData: familyData(record),
    healthData: healthData(record),
    otherData: otherData(record),
    documents: documents(record, received),
    submit: submit(record),
  };
  const steps = Object.fromEntries(
    REGISTRATION_STEPS.map((s) => [
      s,
      {
        complete: items[s].length === 0,
        missing: items[s].map((i) => i.label),
        items: items[s],
      },
    ]),
  ) as Record<RegistrationStep, StepProgress>;
  return { steps, completed: REGISTRATION_STEPS.filter((s) => steps[s].complete).length };
}

/**
 * Whether the registration is finished: every step complete. The student's screens, the office's views and
 * the documents all ask this.
 */
export function isRegistrationComplete(p: RegistrationProgress): boolean {
  return p.completed === REGISTRATION_STEPS.length;
}

/** Where to continue: the first step (in form order) that is not complete, or null when none is left. */
export function firstIncompleteStep(p: RegistrationProgress): RegistrationStep | null {
  return REGISTRATION_STEPS.find((s) => !p.steps[s].complete) ?? null;
}
