import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostTermReportsRequest, PostTermReportsResult } from '../../../../../shared/term-reports.js';
import { apiClient } from '../../../lib/api-client.js';
import { TERM_REPORTS_POSTED_QUERY_KEY } from './use-term-reports-posted.js';

/**
 * POST /api/post-term-reports: posted 1 posts the term (the server stamps the time), 0 removes it; `class_id` only
 * that class, `release_at` ('YYYY-MM-DD HH:mm', school time) from then on.
 */
export function usePostTermReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostTermReportsRequest) =>
      apiClient.post<PostTermReportsResult>('/api/post-term-reports', input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TERM_REPORTS_POSTED_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['report-card-terms'] });
    },
  });
}
