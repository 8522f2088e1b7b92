import { useMutation } from '@tanstack/react-query';
import type { AdminLoginResponse, StudentLoginResponse } from '../../../../../shared/api-types.js';
import type { MfaRequiredResponse } from '../../../../../shared/mfa.js';
import { apiClient } from '../../../lib/api-client.js';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

export type ResetPasswordAnswer = StudentLoginResponse | AdminLoginResponse | MfaRequiredResponse;

/**
 * POST /api/reset-password: the new password, which signs the browser in: a student's answer is the sign-in's, an
 * administrator's the admin sign-in's (or `mfa_required`, when her code is asked for next).
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiClient.post<ResetPasswordAnswer>('/api/reset-password', input),
  });
}
