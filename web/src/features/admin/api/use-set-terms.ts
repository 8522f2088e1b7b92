import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetTermsRequest, TermsOfRegistration } from '../../../../../shared/terms.js';
import { apiClient } from '../../../lib/api-client.js';
import { TERMS_QUERY_KEY } from '../../../lib/queries/use-terms.js';

/** POST /api/terms-and-conditions (admin): a new version of the terms; answers the current terms. */
export function useSetTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetTermsRequest) => apiClient.post<TermsOfRegistration>('/api/terms-and-conditions', input),
    onSuccess: (terms) => queryClient.setQueryData(TERMS_QUERY_KEY, terms),
  });
}
