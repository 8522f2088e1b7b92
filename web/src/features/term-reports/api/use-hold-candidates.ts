import { useQuery } from '@tanstack/react-query';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';

/** GET /api/students (admin), read only when the office is choosing whose report to hold. */
export function useHoldCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['term-reports', 'hold-candidates'] as const,
    queryFn: ({ signal }) => apiClient.get<StudentListItem[]>('/api/students', signal),
    enabled,
    staleTime: 60_000,
  });
}
