import { useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '../../../../../shared/api-types.js';
import { apiClient } from '../../../lib/api-client.js';

/** GET /api/audit?student_id=: her history, newest first (changes, and administrators' reads of her data). */
export function useStudentHistory(studentId: string | null) {
  return useQuery({
    queryKey: ['admin', 'audit', studentId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiClient.get<AuditEntryView[]>(`/api/audit?student_id=${encodeURIComponent(studentId ?? '')}&limit=200`, signal),
    enabled: Boolean(studentId),
  });
}
