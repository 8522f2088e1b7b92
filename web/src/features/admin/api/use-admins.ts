import { useQuery } from '@tanstack/react-query';
import type { AdminAccount } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';

export const ADMINS_QUERY_KEY = ['admin', 'admins'] as const;

/** GET /api/admins */
export function useAdmins() {
  return useQuery({
    queryKey: ADMINS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<AdminAccount[]>('/api/admins', signal),
  });
}
