import { useMutation } from '@tanstack/react-query';
import type { GuardianResetLinkRequest, GuardianResetLinkResult } from '../../../../../shared/guardians.js';
import { apiClient } from '../../../lib/api-client.js';

/** POST /api/guardians/reset-link (the office): a new link to reset a parent's own password, to her own address. */
export function useSendGuardianResetLink() {
  return useMutation({
    mutationFn: (input: GuardianResetLinkRequest) =>
      apiClient.post<GuardianResetLinkResult>('/api/guardians/reset-link', input),
  });
}
