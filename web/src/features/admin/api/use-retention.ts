import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionScrubRequest, RetentionScrubResult } from '../../../../../shared/retention.js';
import type { RetentionDueStudent, RetentionPolicyView } from '../../../../../shared/school-year.js';
import { apiClient } from '../../../lib/api-client.js';

export const RETENTION_POLICY_QUERY_KEY = ['admin', 'retention'] as const;
export const RETENTION_DUE_QUERY_KEY = ['admin', 'retention', 'due'] as const;

/** GET /api/retention: how many years after leaving a former student's personal data is kept. */
export function useRetentionPolicy() {
  return useQuery({
    queryKey: RETENTION_POLICY_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<RetentionPolicyView>('/api/retention', signal),
  });
}

/** POST /api/retention: 422 errors.years_after_leaving. Who is due changes with it. */
export function useSetRetentionPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionPolicyView) => apiClient.post<RetentionPolicyView>('/api/retention', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(RETENTION_POLICY_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: RETENTION_DUE_QUERY_KEY });
    },
  });
}

/** GET /api/retention/due: former students whose personal data is due for deletion. */
export function useRetentionDue() {
  return useQuery({
    queryKey: RETENTION_DUE_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<{ due: RetentionDueStudent[] }>('/api/retention/due', signal),
  });
}

/** POST /api/retention/scrub: 422 errors.password or errors.student_ids (then nothing was deleted). */
export function useDeleteFormerData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionScrubRequest) => apiClient.post<RetentionScrubResult>('/api/retention/scrub', input),
    // The students list shows her register still; the due list loses her.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
