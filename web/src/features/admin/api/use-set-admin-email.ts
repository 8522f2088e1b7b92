import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { ADMIN_EMAIL_QUERY_KEY, type AdminEmail } from './use-admin-email.js';

/** POST /api/admin-email: sets (or, with '', clears) her own address; 422 errors.email when it is not one. */
export function useSetAdminEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiClient.post<AdminEmail>('/api/admin-email', { email }),
    onSuccess: (saved) => queryClient.setQueryData(ADMIN_EMAIL_QUERY_KEY, saved),
  });
}
