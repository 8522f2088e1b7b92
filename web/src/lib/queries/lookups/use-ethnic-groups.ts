import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EthnicGroupItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/ethnic-groups: id and group_type. Lookup lists change rarely: kept for the session once loaded. */
export const ethnicGroupsQuery = queryOptions({
  queryKey: ['lookups', 'ethnic-groups'] as const,
  queryFn: ({ signal }) => apiClient.get<EthnicGroupItem[]>('/api/ethnic-groups', signal),
  staleTime: Infinity,
});

export function useEthnicGroups() {
  return useQuery(ethnicGroupsQuery);
}
