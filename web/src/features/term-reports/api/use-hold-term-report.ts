import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TermReportHold, TermReportHoldRequest } from '../../../../../shared/term-reports.js';
import { apiClient } from '../../../lib/api-client.js';
import { TERM_REPORTS_POSTED_QUERY_KEY } from './use-term-reports-posted.js';

/** POST /api/term-report-holds: holds one student's card for a term, with the reason. */
export function useHoldTermReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Required<TermReportHoldRequest>) =>
      apiClient.post<TermReportHold>('/api/term-report-holds', input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TERM_REPORTS_POSTED_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['report-card-terms'] });
    },
  });
}
