import { useQuery } from '@tanstack/react-query';
import type { MailSettings } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';

/** GET /api/mail-settings: whether messages leave through the school's mail server or are kept in the Outbox. */
export function useMailSettings() {
  return useQuery({
    queryKey: ['admin', 'mail-settings'],
    queryFn: ({ signal }) => apiClient.get<MailSettings>('/api/mail-settings', signal),
    staleTime: 5 * 60_000,
  });
}
