import { useQuery } from '@tanstack/react-query';
import type { TermsOfRegistration } from '../../../../shared/terms.js';
import { apiClient } from '../api-client.js';

export const TERMS_QUERY_KEY = ['terms-and-conditions'] as const;

/** GET /api/terms-and-conditions: the school's current terms (version and text). */
export function useTerms() {
  return useQuery({
    queryKey: TERMS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<TermsOfRegistration>('/api/terms-and-conditions', signal),
  });
}
