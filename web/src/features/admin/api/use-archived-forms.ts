import { useQuery } from '@tanstack/react-query';
import type { ArchivedForm } from '../../../../../shared/registration-round.js';
import { apiClient } from '../../../lib/api-client.js';

/** GET /api/students/{id}/archived-forms: the school years whose registration form of hers is kept. */
export function useArchivedForms(studentId: string | null) {
  return useQuery({
    queryKey: ['admin', 'archived-forms', studentId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiClient.get<ArchivedForm[]>(`/api/students/${encodeURIComponent(studentId ?? '')}/archived-forms`, signal),
    enabled: Boolean(studentId),
  });
}
