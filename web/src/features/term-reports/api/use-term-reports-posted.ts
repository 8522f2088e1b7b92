import { useQuery } from '@tanstack/react-query';
import type { TermReportsPostedItem } from '../../../../../shared/term-reports.js';
import { apiClient } from '../../../lib/api-client.js';

export const TERM_REPORTS_POSTED_QUERY_KEY = ['term-reports-posted'] as const;

/** GET /api/term-reports-posted (admin): every year and term with report data and its posting state. */
export function useTermReportsPosted() {
  return useQuery({
    queryKey: TERM_REPORTS_POSTED_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<TermReportsPostedItem[]>('/api/term-reports-posted', signal),
    staleTime: 0,
  });
}

/** The class bundle: every report card of one class for one term as one PDF (admin). */
export function classReportCardsUrl(year: number, term: number, classId: string): string {
  return `/api/class-report-cards/${year}/${term}/${encodeURIComponent(classId)}`;
}
