import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';

/** POST /api/guardian-forgot-password: always 202 with the recovery page's usual message. */
export function useGuardianForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<{ message: string } | undefined>('/api/guardian-forgot-password', { email }),
  });
}
