import { useQuery } from '@tanstack/react-query';
import type { RecordChange } from '../../../../../shared/registration-round.js';
import { apiClient } from '../../../lib/api-client.js';

export const studentChangesQueryKey = (studentId: string, year: number | null) =>
  ['admin', 'student-changes', studentId, year ?? 0] as const;

/** GET /api/students/{id}/changes?year=: each field (or document) now different from the start of the year's round. */
export function useStudentChanges(studentId: string | null, year: number | null) {
  return useQuery({
    queryKey: studentChangesQueryKey(studentId ?? '', year),
    queryFn: ({ signal }) =>
      apiClient.get<RecordChange[]>(
        `/api/students/${encodeURIComponent(studentId ?? '')}/changes?year=${String(year ?? '')}`,
        signal,
      ),
    enabled: Boolean(studentId) && year !== null,
  });
}
