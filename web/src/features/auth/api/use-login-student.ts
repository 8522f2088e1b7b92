import { useMutation } from '@tanstack/react-query';
import type { StudentLoginResponse } from '../../../../../shared/api-types.js';
import { apiClient } from '../../../lib/api-client.js';

export interface StudentLoginInput {
  student_id: string;
  password: string;
}

/** POST /api/login-student */
export function useLoginStudent() {
  return useMutation({
    mutationFn: (input: StudentLoginInput) => apiClient.post<StudentLoginResponse>('/api/login-student', input),
  });
}
