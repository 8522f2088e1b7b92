import type { StudentListItem } from '../../../../../shared/admin-types.js';

/** docs/product.md §2: names are shown 'last, first' in the Students table. */
export function displayName(s: Pick<StudentListItem, 'first_name' | 'last_name'>): string {
  return `${s.last_name ?? ''}, ${s.first_name ?? ''}`;
}

/** 'first last' in sentences: '{name} password reset successfully.' */
export function plainName(s: Pick<StudentListItem, 'id' | 'first_name' | 'last_name'>): string {
  return `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() || s.id;
}
