import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TermReportHoldRequest } from '../../../../../shared/term-reports.js';
import { apiClient } from '../../../lib/api-client.js';
import { TERM_REPORTS_POSTED_QUERY_KEY } from './use-term-reports-posted.js';

/** POST /api/term-report-holds/remove: lifts the hold on one student's card (204). */
export function useLiftTermReportHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ student_id, year, term }: TermReportHoldRequest) =>
      apiClient.post<void>('/api/term-report-holds/remove', { student_id, year, term }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TERM_REPORTS_POSTED_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['report-card-terms'] });
    },
  });
}
