import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

/** The server's one answer, whether or not the account exists (MAIL_MESSAGES.forgotStudent). */
export interface ForgotPasswordAnswer {
  message: string;
}

/** POST /api/forgot-password: a link to choose a new password, sent to the family's e-mail address on record. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (studentId: string) =>
      apiClient.post<ForgotPasswordAnswer>('/api/forgot-password', { student_id: studentId }),
  });
}
