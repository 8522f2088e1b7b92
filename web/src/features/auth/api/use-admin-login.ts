import { useMutation } from '@tanstack/react-query';
import type { AdminLoginResponse } from '../../../../../shared/api-types.js';
import { apiClient } from '../../../lib/api-client.js';

export interface AdminLoginInput {
  username: string;
  password: string;
}

/** POST /api/admin-login */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: AdminLoginInput) => apiClient.post<AdminLoginResponse>('/api/admin-login', input),
  });
}
