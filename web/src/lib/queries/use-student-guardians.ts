import { useQuery } from '@tanstack/react-query';
import type { StudentGuardians } from '../../../../shared/guardians.js';
import { apiClient } from '../api-client.js';
import { studentGuardiansKey } from './use-invite-guardian.js';

/**
 * GET /api/students/{studentId}/guardians (the office, or the student herself): her linked guardians and her pending
 * invitations. Here in lib: the office's Guardians dialog and the student's own account menu both show them.
 */
export function useStudentGuardians(studentId: string | null) {
  return useQuery({
    queryKey: studentGuardiansKey(studentId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<StudentGuardians>(`/api/students/${encodeURIComponent(studentId ?? '')}/guardians`, signal),
    enabled: Boolean(studentId),
    // Opening the dialog asks again: a parent may have accepted her invitation a moment ago.
    staleTime: 0,
  });
}
