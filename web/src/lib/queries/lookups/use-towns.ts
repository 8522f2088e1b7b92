import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TownItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/towns: town_name. Lookup lists change rarely: kept for the session once loaded. */
export const townsQuery = queryOptions({
  queryKey: ['lookups', 'towns'] as const,
  queryFn: ({ signal }) => apiClient.get<TownItem[]>('/api/towns', signal),
  staleTime: Infinity,
});

export function useTowns() {
  return useQuery(townsQuery);
}
