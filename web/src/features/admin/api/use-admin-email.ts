import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

export const ADMIN_EMAIL_QUERY_KEY = ['admin', 'admin-email'] as const;

export interface AdminEmail {
  /** '' when none is set */
  email: string;
}

/** GET /api/admin-email: the signed-in administrator's own address, for a forgotten password. */
export function useAdminEmail() {
  return useQuery({
    queryKey: ADMIN_EMAIL_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<AdminEmail>('/api/admin-email', signal),
  });
}
