import { PHONE_DIGITS, PHONE_PREFIX } from '../../../shared/constants.js';
import { type FieldGroup, type FieldSpec, STUDENT_FIELDS } from '../../../shared/student-fields.js';

/** How a value is written outside the form: lookup codes become names, phones get the 1868 prefix. */
export type ExportKind = 'text' | 'date' | 'phone' | 'flag' | 'religion' | 'ethnic_group' | 'house' | 'timestamp';

export interface ExportColumn {
  key: string;
  label: string;
  kind: ExportKind;
}

const FAMILY_TITLES: Partial<Record<FieldGroup, string>> = {
  mother: 'Mother',
  father: 'Father',
  guardian: 'Guardian',
  emergency: 'Emergency Contact',
};

function kindOf(f: FieldSpec): ExportKind {
  if (f.kind === 'phone' || f.kind === 'date' || f.kind === 'flag') return f.kind;
  if (f.kind === 'code')
    return f.lookup === 'houses'
      ? 'house'
      : f.lookup === 'religions'
        ? 'religion'
        : f.lookup === 'ethnicGroups'
          ? 'ethnic_group'
          : 'text';
  return 'text';
}

const labelCount = new Map<string, number>();
for (const f of STUDENT_FIELDS) labelCount.set(f.label, (labelCount.get(f.label) ?? 0) + 1);

/** Where the form's label leans on the card around it, a header row needs more words. */
const OVERRIDES: Record<string, string> = {
  phone_home: 'Mobile Phone',
  immigration_permit_no: 'Immigration Permit Number',
  immigration_permit_issued: 'Immigration Permit Issued',
  immigration_permit_expiry: 'Immigration Permit Expiry',
  emergency_work_place: 'Emergency Contact: Work Place',
  other: 'Other Learning Challenge',
  other_learning_disablity: 'Other Learning Challenge (details)',
  agree_terms_conditions: 'Agreed to Terms and Conditions',
};

/** The form's labels, made unambiguous in one header row: 'Mother: Mobile', 'Guardian: E-mail'. */
function labelOf(f: FieldSpec): string {
  if (OVERRIDES[f.name]) return OVERRIDES[f.name];
  if (f.group === 'living' && f.kind === 'flag') return `${f.label} Details Given`;
  const title = FAMILY_TITLES[f.group];
  return title && (labelCount.get(f.label) ?? 0) > 1 ? `${title}: ${f.label}` : f.label;
}

/** Beside the agreement: which version of the school's terms she agreed to and when (written by the server). */
const TERMS_STAMP: readonly ExportColumn[] = [
  { key: 'terms_version', label: 'Terms Version Agreed', kind: 'text' },
  { key: 'terms_agreed_at', label: 'Terms Agreed At', kind: 'timestamp' },
];

/**
 * Every field of the registration record in the order of the form, between the ID and the last
 * change; the stamp of her agreement to the terms follows the agreement itself.
 */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', label: 'Student ID', kind: 'text' },
  ...STUDENT_FIELDS.flatMap((f) => [
    { key: f.name, label: labelOf(f), kind: kindOf(f) },
    ...(f.name === 'agree_terms_conditions' ? TERMS_STAMP : []),
  ]),
  { key: 'updatedAt', label: 'Last Updated', kind: 'timestamp' },
];

/** '1234567' → '1868-123-4567'; anything that is not 7 digits is shown as stored. */
export function formatPhone(digits: string | null | undefined): string | null {
  if (!digits) return null;
  return digits.length === PHONE_DIGITS && /^\d+$/.test(digits)
    ? `${PHONE_PREFIX}-${digits.slice(0, 3)}-${digits.slice(3)}`
    : digits;
}
