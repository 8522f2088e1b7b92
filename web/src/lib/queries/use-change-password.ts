import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../shared/api-types.js';
import { apiClient } from '../api-client.js';

export interface ChangePasswordInput {
  student_id: string;
  /** The new password. */
  password: string;
  /** The current password (the date of birth in the forced reset). */
  old_password: string;
}

/** POST /api/change-password-student */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiClient.post<LoginResponse>('/api/change-password-student', input),
  });
}
