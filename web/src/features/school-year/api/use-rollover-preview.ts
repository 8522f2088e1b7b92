import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RolloverPreview } from '../../../../../shared/school-year.js';
import { apiClient } from '../../../lib/api-client.js';
import type { RuleInput } from '../rollover-choices.js';

/**
 * POST /api/rollover/preview (admin): what the rollover to `toYear` would do with these rules; it changes nothing, so
 * it is read as a query (kept while the next one loads, so the screen does not empty as a rule changes).
 */
export function useRolloverPreview(toYear: number | null, rules: RuleInput[] | null) {
  return useQuery({
    queryKey: ['rollover', 'preview', toYear, rules] as const,
    queryFn: () =>
      apiClient.post<RolloverPreview>('/api/rollover/preview', { to_year: toYear, ...(rules ? { rules } : {}) }),
    enabled: toYear !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
