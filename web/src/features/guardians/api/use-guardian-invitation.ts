import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  GuardianAcceptRequest,
  GuardianInvitationInfo,
  GuardianLoginResponse,
} from '../../../../../shared/guardians.js';
import { apiClient } from '../../../lib/api-client.js';

export const GUARDIAN_INVITATION_QUERY_KEY = ['guardian-invitation'] as const;

/**
 * POST /api/guardians/invitation {token}: what the invitation's page shows before she accepts. A 410 (unknown, used
 * or expired) is an answer, not a failure to retry.
 */
export function useGuardianInvitation(token: string | null) {
  return useQuery({
    queryKey: [...GUARDIAN_INVITATION_QUERY_KEY, token],
    queryFn: () => apiClient.post<GuardianInvitationInfo>('/api/guardians/invitation', { token }),
    enabled: Boolean(token),
    // The default retry: a dropped connection or a 5xx is asked again, a 4xx (410) is not.
    staleTime: Infinity,
    // The token is a credential: it is not kept in the cache once the page is left.
    gcTime: 0,
  });
}

/** POST /api/guardians/accept: with name and password (a new account) or with the token alone (signed in as her). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: GuardianAcceptRequest) => apiClient.post<GuardianLoginResponse>('/api/guardians/accept', input),
  });
}
