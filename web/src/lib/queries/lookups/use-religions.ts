import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReligionItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/religions: code and religion. Lookup lists change rarely: kept for the session once loaded. */
export const religionsQuery = queryOptions({
  queryKey: ['lookups', 'religions'] as const,
  queryFn: ({ signal }) => apiClient.get<ReligionItem[]>('/api/religions', signal),
  staleTime: Infinity,
});

export function useReligions() {
  return useQuery(religionsQuery);
}
