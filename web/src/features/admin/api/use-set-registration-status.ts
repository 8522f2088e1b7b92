import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../../../shared/api-types.js';
import { apiClient } from '../../../lib/api-client.js';
import { REGISTRATION_STATUS_QUERY_KEY } from '../../../lib/queries/use-registration-status.js';

export interface RegistrationStatusInput {
  open: 0 | 1;
  /** 'YYYY-MM-DD' or null for no deadline */
  deadline: string | null;
}

/** POST /api/registration-status (admin): opens or closes registration and sets or clears the deadline. */
export function useSetRegistrationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationStatusInput) =>
      apiClient.post<RegistrationStatus>('/api/registration-status', input),
    onSuccess: (status) => queryClient.setQueryData(REGISTRATION_STATUS_QUERY_KEY, status),
  });
}
