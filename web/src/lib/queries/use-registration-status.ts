import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../../shared/api-types.js';
import { apiClient } from '../api-client.js';

export const REGISTRATION_STATUS_QUERY_KEY = ['registration-status'] as const;

/** GET /api/registration-status: open, deadline, and whether a student may edit now. */
export const registrationStatusQuery = queryOptions({
  queryKey: REGISTRATION_STATUS_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<RegistrationStatus>('/api/registration-status', signal),
});

export function useRegistrationStatus() {
  return useQuery(registrationStatusQuery);
}
