import { useQuery } from '@tanstack/react-query';
import type { LatestRollover } from '../../../../../shared/rollover.js';
import { apiClient } from '../../../lib/api-client.js';

export const LATEST_ROLLOVER_QUERY_KEY = ['rollover', 'latest'] as const;

/**
 * GET /api/rollover (admin): the latest rollover not undone, or null, from the server, so that every tab, device and
 * administrator finds its outcome and its undo (docs/product.md §12.2). The server answers null with an empty body.
 */
export function useLatestRollover() {
  return useQuery({
    queryKey: LATEST_ROLLOVER_QUERY_KEY,
    queryFn: async ({ signal }) => (await apiClient.get<LatestRollover | null>('/api/rollover', signal)) ?? null,
    staleTime: 0,
  });
}
