import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationProgressOverview } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';

export const PROGRESS_QUERY_KEY = ['admin', 'registration-progress'] as const;

/** GET /api/registration-progress: per class, steps and documents done, and who has not finished. */
export const registrationProgressQuery = queryOptions({
  queryKey: PROGRESS_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<RegistrationProgressOverview>('/api/registration-progress', signal),
});

export function useRegistrationProgress() {
  return useQuery(registrationProgressQuery);
}
