import { useQuery } from '@tanstack/react-query';
import type { EthnicGroupItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/ethnic-groups: id and group_type. Lookup lists change rarely: kept for the session once loaded. */
export function useEthnicGroups() {
  return useQuery({
    queryKey: ['lookups', 'ethnic-groups'] as const,
    queryFn: ({ signal }) => apiClient.get<EthnicGroupItem[]>('/api/ethnic-groups', signal),
    staleTime: Infinity,
  });
}
