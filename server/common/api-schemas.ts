import type { SchemaObject } from '@nestjs/swagger';
import { DOCUMENT_TYPES } from '../../shared/constants.js';
import { OUTBOX_STATUSES } from '../../shared/mail.js';
import { CLASS_RULE_ACTIONS, ROLLOVER_ACTIONS } from '../../shared/school-year.js';
import { type FieldSpec, STUDENT_FIELDS } from '../../shared/student-fields.js';

/*
 * The shapes of the API's answers for the API reference (docs/openapi.json), named as their TypeScript types in
 * shared/ are: the server's answers are typed by those, the reference describes them with these. Each is a component
 * schema; a route points at it with ref('Name').
 */

const str: SchemaObject = { type: 'string' };
const strOrNull: SchemaObject = { type: 'string', nullable: true };
const integer: SchemaObject = { type: 'integer' };
const boolean: SchemaObject = { type: 'boolean' };
const flag: SchemaObject = { type: 'integer', enum: [0, 1] };
const strings: SchemaObject = { type: 'array', items: str };
const counts: SchemaObject = { type: 'object', additionalProperties: integer };

/** An object whose every listed property is present (those ending in '?' are optional). */
function obj(properties: Record<string, SchemaObject>, description?: string): SchemaObject {
  const props: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    props[name] = schema;
    if (!optional) required.push(name);
  }
  return { type: 'object', properties: props, required, ...(description ? { description } : {}) };
}

const list = (items: SchemaObject): SchemaObject => ({ type: 'array', items });

/** A pointer to one of the schemas below. */
export function ref(name: ApiSchemaName): SchemaObject {
  return { $ref: `#/components/schemas/${name}` } as SchemaObject;
}

/** One field of the registration record, as its kind stores it: flags 0/1, codes integers, the rest text. */
function fieldSchema(spec: FieldSpec): SchemaObject {
  const base: SchemaObject =
    spec.kind === 'flag'
      ? { ...flag }
      : spec.kind === 'code'
        ? { type: 'integer', nullable: true }
        : { type: 'string', nullable: true, ...(spec.max ? { maxLength: spec.max } : {}) };
  if (spec.options) base.enum = [...spec.options, ...(base.nullable ? [null] : [])];
  return { ...base, description: spec.label };
}

/** The registration record's fields (shared/student-fields.ts STUDENT_FIELDS), each optional. */
export function studentFieldProperties(): Record<string, SchemaObject> {
  return Object.fromEntries(STUDENT_FIELDS.map((spec) => [spec.name, fieldSchema(spec as FieldSpec)]));
}

const documentFile = obj({
  name: str,
  url: { type: 'string', description: 'GET it for the stored file.' },
  type: { type: 'string', enum: Object.keys(DOCUMENT_TYPES) },
  mime: { type: 'string', enum: ['application/pdf', 'image/jpeg'] },
  size: integer,
  uploaded_at: str,
});

const linkedStudent = obj({ id: str, first_name: strOrNull, last_name: strOrNull, class_id: strOrNull });
const guardianInvitation = obj({ email: str, created_at: str, expires_at: str, invited_by: str });
const termReportPosting = { year: integer, term: { type: 'integer', enum: [1, 2, 3] }, posted: flag, date_posted: str };
const importResult = {
  dry_run: boolean,
  committed: boolean,
  created: integer,
  updated: integer,
  errors: list(obj({ sheet: str, row: integer, field: str, message: str })),
  error_count: integer,
  'statusCode?': { type: 'integer', enum: [422], description: 'Only when the file has errors (a 422 answer).' },
  'message?': { type: 'string', description: 'Only when the file has errors (a 422 answer).' },
};
const termReportHold = obj({
  student_id: str,
  year: integer,
  term: integer,
  name: str,
  class_id: str,
  reason: str,
  held_by: str,
  held_at: str,
});
const outboxItem = {
  id: integer,
  status: { type: 'string', enum: [...OUTBOX_STATUSES] },
  kind: str,
  to: str,
  subject: str,
  student_id: strOrNull,
  student_name: strOrNull,
  guardian_name: strOrNull,
  created_at: str,
  sent_at: strOrNull,
  attempts: integer,
  next_attempt_at: strOrNull,
  last_error: strOrNull,
};
const classProgressTotals = { total: integer, complete: integer, steps: counts, documents: counts };

export const API_SCHEMAS = {
  Message: obj({ message: str }),
  Email: obj({ email: str }),
  StudentLoginResponse: obj({
    name: str,
    initials: str,
    role: { type: 'string', enum: ['student'] },
    student_id: str,
    password_reset: flag,
  }),
  AdminLoginResponse: obj({
    name: { type: 'string', enum: ['Admin'] },
    initials: str,
    role: { type: 'string', enum: ['admin'] },
    username: str,
    display_name: str,
    'mfa_enrolment_required?': { type: 'boolean', enum: [true] },
  }),
  GuardianLoginResponse: obj({
    name: str,
    initials: str,
    role: { type: 'string', enum: ['guardian'] },
    email: str,
    students: list(linkedStudent),
  }),
  MfaRequiredResponse: obj(
    { mfa_required: { type: 'boolean', enum: [true] } },
    'Half signed in: POST /api/admin-login/mfa with the code completes the sign-in.',
  ),
  SessionInfo: obj({
    authenticated: boolean,
    user: {
      nullable: true,
      oneOf: [
        { $ref: '#/components/schemas/StudentLoginResponse' },
        { $ref: '#/components/schemas/AdminLoginResponse' },
        { $ref: '#/components/schemas/GuardianLoginResponse' },
      ],
    } as SchemaObject,
    settings: obj({
      school_name: str,
      student_id_lookup: boolean,
      pta_form_url: strOrNull,
      show_learning_challenges: boolean,
      session_idle_minutes: integer,
      time_zone: str,
    }),
    'ended_reason?': str,
  }),
  UserInfo: obj({ student_id: str, password_reset: flag }),
  StudentIdMatch: obj({ id: str, name: str }),
  SchoolYear: obj({ year: integer }),
  RolloverPreview: obj({
    from_year: integer,
    to_year: integer,
    rules: list(
      obj({
        class_id: str,
        action: { type: 'string', enum: [...CLASS_RULE_ACTIONS] },
        next_class_id: strOrNull,
        custom: boolean,
      }),
    ),
    students: list(
      obj({
        id: str,
        first_name: strOrNull,
        last_name: strOrNull,
        class_id: strOrNull,
        action: { type: 'string', enum: [...ROLLOVER_ACTIONS] },
        to_class_id: strOrNull,
      }),
    ),
  }),
  RolloverResult: obj({ to_year: integer, promoted: integer, repeated: integer, graduated: integer, left: integer }),
  RolloverUndoResult: obj({ year: integer }),
  LatestRollover: {
    ...obj({
      from_year: integer,
      to_year: integer,
      rolled_at: { type: 'string', format: 'date-time' },
      actor: str,
      promoted: integer,
      repeated: integer,
      graduated: integer,
      left: integer,
      undoable: boolean,
    }),
    nullable: true,
  },
  RetentionPolicy: obj({ years_after_leaving: integer }),
  RetentionDue: obj({
    due: list(
      obj({
        id: str,
        first_name: strOrNull,
        last_name: strOrNull,
        left_on: { type: 'string', format: 'date' },
        due_on: { type: 'string', format: 'date' },
      }),
    ),
  }),
  RetentionScrubResult: obj({ scrubbed: integer }),
  RegistrationStatus: obj({
    open: flag,
    deadline: { type: 'string', format: 'date', nullable: true },
    editable: boolean,
  }),
  AuditEntryView: obj({
    id: integer,
    created_at: str,
    actor: str,
    action: str,
    entity: str,
    entity_id: strOrNull,
    field: strOrNull,
    old_value: strOrNull,
    new_value: strOrNull,
  }),
  FormClassItem: obj({ class_id: str, form_level: integer }),
  TownItem: obj({ town_name: str }),
  RegionItem: obj({ title: str }),
  ReligionItem: obj({ code: integer, religion: str }),
  EthnicGroupItem: obj({ id: integer, group_type: str }),
  HouseItem: obj({ id: integer, name: str }),
  StudentRecord: {
    type: 'object',
    properties: {
      id: str,
      updatedAt: str,
      terms_version: { type: 'integer', nullable: true },
      terms_agreed_at: strOrNull,
      ...studentFieldProperties(),
    },
    required: ['id', 'updatedAt', 'terms_version', 'terms_agreed_at'],
    description: 'Every field of the registration record (shared/student-fields.ts), and her agreement stamp.',
  },
  StudentSaveResponse: {
    type: 'object',
    properties: {
      id: str,
      updatedAt: str,
      first_password: { type: 'string', enum: ['follows', 'chosen'] },
      terms_version: { type: 'integer', nullable: true },
      terms_agreed_at: strOrNull,
      ...studentFieldProperties(),
    },
    required: ['id', 'updatedAt'],
    description: 'The saved values of the fields sent, and the new updatedAt.',
  },
  StudentListItem: obj({
    id: str,
    first_name: strOrNull,
    last_name: strOrNull,
    class_id: strOrNull,
    date_of_birth: strOrNull,
    birth_certificate_no: strOrNull,
    updatedAt: str,
    round: { $ref: '#/components/schemas/StudentRoundSummary' } as SchemaObject,
  }),
  StudentRoundSummary: obj(
    {
      returning: boolean,
      standing: { type: 'string', enum: ['not_started', 'in_progress', 'confirmed'], nullable: true },
      changes: { type: 'string', enum: ['none', 'not_reviewed', 'reviewed'], nullable: true },
    },
    "This school year's registration round: null standing and changes for a new student.",
  ),
  RegistrationRound: obj({
    year: integer,
    returning: boolean,
    steps: {
      type: 'object',
      additionalProperties: {
        type: 'string',
        enum: ['to_confirm', 'confirmed', 'changed', 'to_agree', 'agreed', 'not_started', 'in_progress', 'complete'],
      },
      description: 'Each of the six steps (studentData … submit): its state.',
    },
    complete: boolean,
    documents: {
      type: 'object',
      additionalProperties: { type: 'string', enum: ['kept', 'replaced'] },
      description: "Returning: each document slot kept (last year's file) or replaced this year.",
    },
  }),
  RecordChange: obj({
    field: { type: 'string', description: "A field of the record, or 'document:<type>'." },
    label: str,
    step: str,
    old_value: { oneOf: [str, { type: 'number' }], nullable: true } as SchemaObject,
    new_value: { oneOf: [str, { type: 'number' }], nullable: true } as SchemaObject,
    changed_at: strOrNull,
    by: strOrNull,
    medical: boolean,
  }),
  ReviewedResponse: obj({ year: integer, reviewed_at: str }),
  ArchivedForm: obj({ year: integer, archived_at: str, sha256: strOrNull }),
  FormerStudent: obj(
    {
      id: str,
      first_name: strOrNull,
      last_name: strOrNull,
      class_id: strOrNull,
      status: { type: 'string', enum: ['graduated', 'left'] },
      left_on: strOrNull,
      leaving_reason: strOrNull,
    },
    'A former student (graduated or left): her last class, when and why she left.',
  ),
  ResetPasswordResult: obj({ student_id: str, name: str, password_reset: { type: 'integer', enum: [1] } }),
  RegistrationDataRow: {
    type: 'object',
    additionalProperties: { oneOf: [str, { type: 'number' }], nullable: true } as SchemaObject,
    description: 'One student: each exported column with its value.',
  },
  AdminAccount: obj({ username: str, display_name: str, created_at: str }),
  ParentsContactRow: obj({
    id: str,
    name: str,
    class_id: strOrNull,
    mother: { $ref: '#/components/schemas/ContactPerson', nullable: true } as SchemaObject,
    father: { $ref: '#/components/schemas/ContactPerson', nullable: true } as SchemaObject,
    guardian: { $ref: '#/components/schemas/ContactPerson', nullable: true } as SchemaObject,
    emergency: { $ref: '#/components/schemas/ContactPerson', nullable: true } as SchemaObject,
  }),
  ContactPerson: obj({ name: strOrNull, phones: strings, email: strOrNull }),
  RegistrationProgressOverview: obj({
    ...classProgressTotals,
    classes: list(
      obj({
        class_id: str,
        ...classProgressTotals,
        incomplete: list(
          obj({ id: str, name: str, completed: integer, missing_steps: strings, missing_documents: strings }),
        ),
        round: obj({ confirmed: integer, changed_not_reviewed: integer, not_started: integer }),
      }),
    ),
  }),
  RegistrationRemindersResult: obj({ queued: integer, students: integer, without_address: integer }),
  StudentImportResult: obj({
    ...importResult,
    unchanged: integer,
    classes_created: strings,
    guardian_invitations: list({ type: 'object', additionalProperties: true }),
    date_formats: list(obj({ format: str, count: integer })),
  }),
  ImportTermReportsResult: obj({ ...importResult, rows: obj({ marks: integer, summary: integer }) }),
  MfaStatus: obj({ enabled: boolean, required: boolean, recovery_codes_left: integer }),
  MfaSetup: obj({
    qr_data_url: { type: 'string', description: 'A data: URL of the QR code to scan.' },
    secret: str,
    account: str,
    issuer: str,
  }),
  MfaRecoveryCodes: obj({ recovery_codes: strings }),
  ResetTokenCheck: obj({ account: { type: 'string', enum: ['student', 'admin', 'guardian'] } }),
  LinkedStudent: linkedStudent,
  GuardianInvitation: guardianInvitation,
  GuardianInvitationInfo: obj({ email: str, student_first_name: str, account_exists: boolean, expires_at: str }),
  StudentGuardians: obj({
    guardians: list(obj({ id: integer, name: str, email: str, linked_at: str })),
    invitations: list(guardianInvitation),
  }),
  UploadLimits: obj({ max_file_mb: integer, max_total_mb: integer, max_files: integer }),
  DocumentFile: documentFile,
  DocumentVersion: obj({
    ...(documentFile.properties as Record<string, SchemaObject>),
    id: integer,
    sha256: str,
    sources: { ...list(obj({ name: str, kind: str, size: integer, sha256: str })), nullable: true },
    uploaded_by: str,
    replaced_at: strOrNull,
  }),
  FileStorageUse: obj({ used_bytes: integer, budget_bytes: integer }),
  StoreFileResponse: obj({ message: str, file: documentFile }),
  StudentDataFiles: obj({
    student_id: str,
    updated_at: strOrNull,
    ...Object.fromEntries(Object.keys(DOCUMENT_TYPES).map((t) => [t, { ...documentFile, nullable: true }])),
  }),
  MailSettings: obj({ delivery: { type: 'string', enum: ['smtp', 'kept'] }, from: str, public_url: str }),
  OutboxItem: obj(outboxItem),
  OutboxMessage: obj({ ...outboxItem, text: str }),
  TermsOfRegistration: obj({ version: integer, text: str, updated_at: str }),
  TermReportHold: termReportHold,
  TermReportsPostedItem: obj({
    ...termReportPosting,
    scheduled_for: str,
    classes: strings,
    class_postings: list(obj({ class_id: str, posted: flag, date_posted: str, scheduled_for: str, own: boolean })),
    holds: list(termReportHold),
  }),
  PostTermReportsResult: obj({ ...termReportPosting, scheduled_for: str, 'class_id?': str }),
  ReportCardTerm: obj({ ...termReportPosting, form_level: integer, class_id: str }),
  Health: obj({ status: { type: 'string', enum: ['ok'] } }),
  Readiness: obj({
    status: { type: 'string', enum: ['ready', 'not ready'] },
    checks: obj({
      database: { type: 'string', enum: ['ok', 'failed'] },
      migrations: { type: 'string', enum: ['ok', 'failed'] },
      uploads: { type: 'string', enum: ['ok', 'failed'] },
    }),
    chromium: { type: 'string', enum: ['available', 'unavailable'] },
    'statusCode?': { type: 'integer', enum: [503] },
    'message?': str,
  }),
} satisfies Record<string, SchemaObject>;

export type ApiSchemaName = keyof typeof API_SCHEMAS;
