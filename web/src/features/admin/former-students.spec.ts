import { describe, expect, it } from 'vitest';
import type { FormerStudent } from '../../../../shared/school-year.js';
import { searchStudents } from '../../../../shared/student-search.js';
import { formerStudentsCount, leftOnText, STANDING_LABELS } from './former-students.js';

const GINA: FormerStudent = {
  id: '20210035',
  first_name: 'Gina',
  last_name: 'Ramdass',
  class_id: '6A',
  status: 'graduated',
  left_on: '2026-07-31',
  leaving_reason: null,
};
const LENA: FormerStudent = {
  id: '20240012',
  first_name: 'Lena',
  last_name: 'Mohammed',
  class_id: '3B',
  status: 'left',
  left_on: null,
  leaving_reason: 'Moved to Tobago',
};

describe('the Former Students page', () => {
  it('names each standing', () => {
    expect([GINA, LENA].map((s) => STANDING_LABELS[s.status])).toEqual(['Graduated', 'Left']);
  });

  it('counts them, and how many a search shows', () => {
    expect(formerStudentsCount(2, 2, false)).toBe('Former students: 2');
    expect(formerStudentsCount(2, 1, true)).toBe('Former students: 2 · Showing 1');
  });

  it('shows a missing leaving date as a dash', () => {
    expect([GINA, LENA].map(leftOnText)).toEqual(['2026-07-31', '—']);
  });

  it("finds them by the Students table's search: ID, names, last class", () => {
    expect(searchStudents([GINA, LENA], '2021').map((s) => s.id)).toEqual([GINA.id]);
    expect(searchStudents([GINA, LENA], 'mohammed lena').map((s) => s.id)).toEqual([LENA.id]);
    expect(searchStudents([GINA, LENA], '6A').map((s) => s.id)).toEqual([GINA.id]);
  });
});
