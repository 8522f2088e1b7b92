import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewedRequest, ReviewedResponse } from '../../../../../shared/registration-round.js';
import { apiClient } from '../../../lib/api-client.js';
import { PROGRESS_QUERY_KEY } from './use-registration-progress.js';
import { STUDENTS_QUERY_KEY } from './use-students.js';

/**
 * POST /api/students/{id}/reviewed: the office has looked at her changes of the year. The Students table (her
 * "Changed since last year" tag) and the dashboard's counts are reloaded.
 */
export function useMarkReviewed(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewedRequest) =>
      apiClient.post<ReviewedResponse>(`/api/students/${encodeURIComponent(studentId)}/reviewed`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROGRESS_QUERY_KEY });
    },
  });
}
