import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxItem, OutboxStatus } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';

export const OUTBOX_QUERY_KEY = ['admin', 'outbox'] as const;

/** GET /api/outbox[?status=]: the newest messages first (the server's default of 200 at most). */
export function useOutbox(status: OutboxStatus | null) {
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, status ?? 'all'],
    queryFn: ({ signal }) =>
      apiClient.get<OutboxItem[]>(status ? `/api/outbox?status=${encodeURIComponent(status)}` : '/api/outbox', signal),
    // The filter changes without the table emptying in between.
    placeholderData: keepPreviousData,
    // While messages wait to be sent, the page follows them (the sender looks every 15 s by default).
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'queued') ? 15_000 : false),
  });
}
