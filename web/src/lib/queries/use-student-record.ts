import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentRecord } from '../../../../shared/student-fields.js';
import { apiClient } from '../api-client.js';

/** The few fields most screens need of the record (docs/product.md §3 "Student record after login"). */
export type StudentRecordSummary = Pick<StudentRecord, 'id' | 'first_name' | 'last_name' | 'class_id'>;

export function studentRecordQueryKey(studentId: string) {
  return ['student-record', studentId] as const;
}

/** GET /api/student-record/{id}: a list whose first item is the whole record (every field of docs/product.md §3). */
/** Her record (GET /api/student-record/{id}): one definition for the pages and for main.tsx's early request. */
export function studentRecordQuery(studentId: string | null) {
  return queryOptions({
    queryKey: studentRecordQueryKey(studentId ?? ''),
    queryFn: async ({ signal }) => {
      const rows = await apiClient.get<StudentRecord[]>(
        `/api/student-record/${encodeURIComponent(studentId ?? '')}`,
        signal,
      );
      return rows[0] ?? null;
    },
    enabled: Boolean(studentId),
  });
}

export function useStudentRecord(studentId: string | null) {
  return useQuery(studentRecordQuery(studentId));
}
