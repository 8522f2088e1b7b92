import { useMutation } from '@tanstack/react-query';
import type { GuardianLoginRequest, GuardianLoginResponse } from '../../../../shared/guardians.js';
import { apiClient } from '../api-client.js';

/** POST /api/guardian-login: a parent or guardian signs in with her e-mail address (docs/product.md §11). */
export function guardianLogin(input: GuardianLoginRequest): Promise<GuardianLoginResponse> {
  return apiClient.post<GuardianLoginResponse>('/api/guardian-login', input);
}

export function useGuardianLogin() {
  return useMutation({ mutationFn: guardianLogin });
}
