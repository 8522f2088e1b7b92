import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportCardTerm } from '../../../../../shared/term-reports.js';
import { apiClient } from '../../../lib/api-client.js';

export function reportCardTermsQueryKey(studentId: string) {
  return ['report-card-terms', studentId] as const;
}

/** GET /api/report-card-terms/{userId}: the student's terms, newest first, posted or not. */
export function reportCardTermsQuery(studentId: string | null) {
  return queryOptions({
    queryKey: reportCardTermsQueryKey(studentId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<ReportCardTerm[]>(`/api/report-card-terms/${encodeURIComponent(studentId ?? '')}`, signal),
    enabled: Boolean(studentId),
    // Posting happens elsewhere (the office): look again whenever the list is shown.
    staleTime: 0,
  });
}

export function useReportCardTerms(studentId: string | null) {
  return useQuery(reportCardTermsQuery(studentId));
}

/** Where the report card PDF of one term is served (shown in a frame, opened or downloaded). */
export function reportCardUrl(studentId: string, year: number, term: number): string {
  return `/api/report-card/${encodeURIComponent(studentId)}/${year}/${term}`;
}
