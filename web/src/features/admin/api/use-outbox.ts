import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxItem, OutboxStatus } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';

export const OUTBOX_QUERY_KEY = ['admin', 'outbox'] as const;

/**
 * GET /api/outbox[?status=][&q=]: the newest messages first (the server's default of 200 at most); `search` is found by
 * the server (the Students table's rule over the student a message is about, or a parent's name), so that a message
 * older than the newest 200 is found too.
 */
export function useOutbox(status: OutboxStatus | null, search = '') {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search.trim()) params.set('q', search.trim());
  const query = params.toString();
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, status ?? 'all', search.trim()],
    queryFn: ({ signal }) => apiClient.get<OutboxItem[]>(query ? `/api/outbox?${query}` : '/api/outbox', signal),
    // The filter changes without the table emptying in between.
    placeholderData: keepPreviousData,
    // While messages wait to be sent, the page follows them (the sender looks every 15 s by default).
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'queued') ? 15_000 : false),
  });
}
