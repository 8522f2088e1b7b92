import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';

export const STUDENTS_QUERY_KEY = ['admin', 'students'] as const;

/** GET /api/students: every student's list fields, newest change first. */
export const studentsQuery = queryOptions({
  queryKey: STUDENTS_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<StudentListItem[]>('/api/students', signal),
});

export function useStudents() {
  return useQuery(studentsQuery);
}
