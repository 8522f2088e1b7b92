import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolloverUndoResult } from '../../../../../shared/rollover.js';
import { apiClient } from '../../../lib/api-client.js';
import { afterYearChange } from './after-year-change.js';

/** POST /api/rollover/undo (admin): puts the school back as it was before the last rollover (docs/product.md §12.2). */
export function useUndoRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<RolloverUndoResult>('/api/rollover/undo'),
    onSuccess: () => afterYearChange(queryClient),
  });
}
