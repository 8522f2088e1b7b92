import { familySectionsShown, type ProgressRecord } from '../../shared/registration-progress.js';
import { EMAIL_PATTERN } from '../../shared/student-fields.js';

/** The record's columns the family's addresses come from. */
export const FAMILY_ADDRESS_COLUMNS = [
  'email',
  'email_mother',
  'email_father',
  'email_guardian',
  'living_status',
  'mother_section',
  'father_section',
  'guardian_section',
] as const;

/**
 * Where a family's notices go (docs/product.md §10): the student's own address and the addresses of the family
 * members her record shows (mother, father, guardian by the living status or their own tick, the same rule as
 * the form), then the guardian accounts linked to her (`linked`, docs/product.md §11), each once whatever its case,
 * in that order. A section the form hides is not written to, even if an address is left in it from before.
 */
export function familyAddresses(record: ProgressRecord, linked: readonly string[] = []): string[] {
  const shown = familySectionsShown(record);
  const candidates = [
    record.email,
    shown.mother ? record.email_mother : null,
    shown.father ? record.email_father : null,
    shown.guardian ? record.email_guardian : null,
    ...linked,
  ];
  return uniqueAddresses(candidates);
}

/** The valid addresses of a list, each once whatever its case, in their order. */
export function uniqueAddresses(candidates: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of candidates) {
    if (typeof c !== 'string') continue;
    const address = c.trim();
    if (!EMAIL_PATTERN.test(address) || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}
