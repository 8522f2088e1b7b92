import { queryOptions, useQuery } from '@tanstack/react-query';
import { FORMER_STUDENTS_QUERY } from '../../../../../shared/former-students.js';
import type { FormerStudent } from '../../../../../shared/school-year.js';
import { apiClient } from '../../../lib/api-client.js';

export const FORMER_STUDENTS_QUERY_KEY = ['admin', 'students', FORMER_STUDENTS_QUERY] as const;

/** GET /api/students?status=former: graduated or left, newest leaving date first (docs/product.md §12.3). */
export const formerStudentsQuery = queryOptions({
  queryKey: FORMER_STUDENTS_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<FormerStudent[]>(`/api/students?status=${FORMER_STUDENTS_QUERY}`, signal),
});

export function useFormerStudents() {
  return useQuery(formerStudentsQuery);
}
