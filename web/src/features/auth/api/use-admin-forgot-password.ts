import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import type { ForgotPasswordAnswer } from './use-forgot-password.js';

/** POST /api/admin-forgot-password: a link to choose a new password, sent to the administrator's own address. */
export function useAdminForgotPassword() {
  return useMutation({
    mutationFn: (username: string) => apiClient.post<ForgotPasswordAnswer>('/api/admin-forgot-password', { username }),
  });
}
