import { useMutation } from '@tanstack/react-query';
import type { AdminLoginResponse } from '../../../../../shared/api-types.js';
import type { MfaRequiredResponse } from '../../../../../shared/mfa.js';
import { apiClient } from '../../../lib/api-client.js';

export interface AdminLoginInput {
  username: string;
  password: string;
}

/** The password was right and two-step sign-in is on: the code is asked for next. */
export function needsCode(answer: AdminLoginResponse | MfaRequiredResponse): answer is MfaRequiredResponse {
  return 'mfa_required' in answer && answer.mfa_required;
}

/** POST /api/admin-login */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: AdminLoginInput) =>
      apiClient.post<AdminLoginResponse | MfaRequiredResponse>('/api/admin-login', input),
  });
}

/** POST /api/admin-login/mfa: the second step, a code from the app or a recovery code. */
export function useAdminLoginCode() {
  return useMutation({
    mutationFn: (code: string) => apiClient.post<AdminLoginResponse>('/api/admin-login/mfa', { code }),
  });
}
