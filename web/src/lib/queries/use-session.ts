import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../shared/api-types.js';
import { apiClient } from '../api-client.js';

export const SESSION_QUERY_KEY = ['session'] as const;

/** GET /api/session: who this browser's session belongs to, and the operator's public settings. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<SessionInfo>('/api/session', signal),
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(sessionQuery);
}
