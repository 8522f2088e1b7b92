import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { OUTBOX_QUERY_KEY } from './use-outbox.js';

/** GET /api/outbox/{id}: one message with its text (null: none open). */
export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, 'message', id],
    queryFn: ({ signal }) => apiClient.get<OutboxMessage>(`/api/outbox/${id}`, signal),
    enabled: id !== null,
    // A kept reset link is a credential: it is not kept in memory once the dialog is closed.
    gcTime: 0,
  });
}
