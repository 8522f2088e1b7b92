import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxItem } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { OUTBOX_QUERY_KEY } from './use-outbox.js';

/** POST /api/outbox/{id}/resend: a failed message is queued again (409 unless it failed). */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post<OutboxItem>(`/api/outbox/${id}/resend`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
