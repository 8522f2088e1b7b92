import { useQuery } from '@tanstack/react-query';
import type { ResetTokenCheck } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';

export const RESET_TOKEN_QUERY_KEY = ['reset-token'] as const;

/**
 * POST /api/reset-password/check: whether the link's token can still be used, and for which kind of account. A read,
 * although a POST (the token stays out of URLs and logs). 410 when it has expired or been used: never retried.
 */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: [...RESET_TOKEN_QUERY_KEY, token],
    queryFn: () => apiClient.post<ResetTokenCheck>('/api/reset-password/check', { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    // The token is a credential: it is not kept in the cache once the page is left.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
