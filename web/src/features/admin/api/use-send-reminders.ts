import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationRemindersRequest, RegistrationRemindersResult } from '../../../../../shared/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { OUTBOX_QUERY_KEY } from './use-outbox.js';

/** POST /api/registration-reminders: an e-mail to the families of a class's (or the chosen) unfinished students. */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationRemindersRequest) =>
      apiClient.post<RegistrationRemindersResult>('/api/registration-reminders', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
