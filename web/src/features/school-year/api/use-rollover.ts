import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolloverChange, RolloverResult } from '../../../../../shared/school-year.js';
import { apiClient } from '../../../lib/api-client.js';
import type { RuleInput } from '../rollover-choices.js';
import { afterYearChange } from './after-year-change.js';

export interface RolloverInput {
  to_year: number;
  rules: RuleInput[];
  changes: RolloverChange[];
}

/** POST /api/rollover (admin): closes the current year and opens the next (docs/product.md §12.2). */
export function useRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RolloverInput) => apiClient.post<RolloverResult>('/api/rollover', input),
    onSuccess: () => afterYearChange(queryClient),
  });
}
