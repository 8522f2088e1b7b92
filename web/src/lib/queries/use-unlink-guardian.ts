import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardianUnlinkRequest } from '../../../../shared/guardians.js';
import { apiClient } from '../api-client.js';
import { studentGuardiansKey } from './use-invite-guardian.js';

/**
 * POST /api/guardians/unlink (the office, or the student for her own guardians): 204; the guardian's access to her
 * and her sessions end at once.
 */
export function useUnlinkGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianUnlinkRequest) => apiClient.post<void>('/api/guardians/unlink', input),
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: studentGuardiansKey(input.student_id) }),
  });
}
