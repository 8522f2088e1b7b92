import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../shared/api-types.js';
import { apiClient } from '../api-client.js';

export interface ChangePasswordInput {
  student_id: string;
  /** The new password. */
  password: string;
  /**
   * The current password; not sent in the forced reset, where she has just signed in with her date of birth and the
   * server's session knows it (docs/product.md §4 Sign-in step 3).
   */
  old_password?: string;
}

/** POST /api/change-password-student */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiClient.post<LoginResponse>('/api/change-password-student', input),
  });
}
