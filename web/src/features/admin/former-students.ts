import type { FormerStudent } from '../../../../shared/school-year.js';

/** docs/product.md §12.3: how the Former Students page names a standing. */
export const STANDING_LABELS: Record<FormerStudent['status'], string> = { graduated: 'Graduated', left: 'Left' };

/** The table's footer: how many former students, and how many the search shows. */
export function formerStudentsCount(total: number, shown: number, searching: boolean): string {
  const all = `Former students: ${total}`;
  return searching ? `${all} · Showing ${shown}` : all;
}

/** Her leaving date as the office reads it ('—' when the rollover recorded none). */
export function leftOnText(s: Pick<FormerStudent, 'left_on'>): string {
  return s.left_on ?? '—';
}
