import { useQuery } from '@tanstack/react-query';
import type { LinkedStudent } from '../../../../../shared/guardians.js';
import { apiClient } from '../../../lib/api-client.js';

/** GET /api/my-students (a guardian): her linked daughters as they are now (the office may have linked another). */
export function useMyStudents(enabled: boolean) {
  return useQuery({
    queryKey: ['my-students'] as const,
    queryFn: ({ signal }) => apiClient.get<LinkedStudent[]>('/api/my-students', signal),
    enabled,
  });
}
