import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmStepRequest, RegistrationRound } from '../../../../shared/registration-round.js';
import { apiClient } from '../api-client.js';

export function registrationRoundQueryKey(studentId: string) {
  return ['registration-round', studentId] as const;
}

/**
 * GET /api/registration-round/{studentId}: this year's round of her registration (a returning student's steps to
 * confirm, or a new student's progress). Read again after each saved answer and each upload (they change a step).
 */
export function registrationRoundQuery(studentId: string | null) {
  return queryOptions({
    queryKey: registrationRoundQueryKey(studentId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<RegistrationRound>(`/api/registration-round/${encodeURIComponent(studentId ?? '')}`, signal),
    enabled: Boolean(studentId),
  });
}

export function useRegistrationRound(studentId: string | null) {
  return useQuery(registrationRoundQuery(studentId));
}

/**
 * POST /api/registration-round/{studentId}/confirm: a step confirmed as it stands ("Still correct"), or a document
 * slot's file of last year kept. The answer is the round as it now is.
 */
export function useConfirmStep(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConfirmStepRequest) =>
      apiClient.post<RegistrationRound>(`/api/registration-round/${encodeURIComponent(studentId)}/confirm`, request),
    onSuccess: (round) => queryClient.setQueryData(registrationRoundQueryKey(studentId), round),
  });
}
