import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordResult } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';

/** POST /api/reset-password-student: her password becomes her date of birth (yyyymmdd), to be changed. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (studentId: string) =>
      apiClient.post<ResetPasswordResult>('/api/reset-password-student', { student_id: studentId }),
  });
}
