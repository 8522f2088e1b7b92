import { useQuery } from '@tanstack/react-query';
import type { UploadLimits } from '../../../../../../shared/documents.js';
import { apiClient } from '../../../../lib/api-client.js';

/**
 * GET /api/upload-limits: how large a file, how much together and how many files an upload may have,
 * so that a file over the limit is refused before it is sent (the server checks again). The operator
 * sets them at start, so one answer serves the whole visit.
 */
export function useUploadLimits() {
  return useQuery({
    queryKey: ['upload-limits'] as const,
    queryFn: ({ signal }) => apiClient.get<UploadLimits>('/api/upload-limits', signal),
    staleTime: Infinity,
  });
}
