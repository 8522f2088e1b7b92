import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuardianInvitation, GuardianInviteRequest } from '../../../../shared/guardians.js';
import { apiClient } from '../api-client.js';

/**
 * The query key of one student's linked guardians and pending invitations (GET /api/students/{id}/guardians, the
 * office's Guardians dialog): an invitation sent refreshes it.
 */
export const studentGuardiansKey = (studentId: string) => ['admin', 'student-guardians', studentId] as const;

/**
 * POST /api/guardians/invite: an administrator for any student, a student for herself. 201 the invitation; 422
 * errors.email; 409 already linked; 429 a student's invitations for today are used up; 404 unknown student.
 * Here in lib, not in a feature: the student's account menu (a shared component) sends one too.
 */
export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianInviteRequest) => apiClient.post<GuardianInvitation>('/api/guardians/invite', input),
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: studentGuardiansKey(input.student_id) }),
  });
}
