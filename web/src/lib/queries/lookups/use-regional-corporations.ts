import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/regional-corporation: title. Lookup lists change rarely: kept for the session once loaded. */
export const regionalCorporationsQuery = queryOptions({
  queryKey: ['lookups', 'regional-corporation'] as const,
  queryFn: ({ signal }) => apiClient.get<RegionItem[]>('/api/regional-corporation', signal),
  staleTime: Infinity,
});

export function useRegionalCorporations() {
  return useQuery(regionalCorporationsQuery);
}
