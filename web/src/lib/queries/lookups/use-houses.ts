import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/houses: id and name. Lookup lists change rarely: kept for the session once loaded. */
export const housesQuery = queryOptions({
  queryKey: ['lookups', 'houses'] as const,
  queryFn: ({ signal }) => apiClient.get<HouseItem[]>('/api/houses', signal),
  staleTime: Infinity,
});

export function useHouses() {
  return useQuery(housesQuery);
}
