import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { ADMIN_EMAIL_QUERY_KEY, type AdminEmail } from './use-admin-email.js';

export interface SetAdminEmailInput {
  /** '' removes it */
  email: string;
  /** her current password: whoever holds her session must not point her recovery at another mailbox */
  password: string;
}

/** POST /api/admin-email: sets (or clears) her own address; 422 errors.email / errors.password. */
export function useSetAdminEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetAdminEmailInput) => apiClient.post<AdminEmail>('/api/admin-email', input),
    onSuccess: (saved) => queryClient.setQueryData(ADMIN_EMAIL_QUERY_KEY, saved),
  });
}
