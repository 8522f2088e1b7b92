import { useQuery } from '@tanstack/react-query';
import type { StudentGuardians } from '../../../../../shared/guardians.js';
import { apiClient } from '../../../lib/api-client.js';
import { studentGuardiansKey } from '../../../lib/queries/use-invite-guardian.js';

/** GET /api/students/{studentId}/guardians (administrator): her linked guardians and her pending invitations. */
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
