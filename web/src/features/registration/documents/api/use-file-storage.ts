import { useQuery } from '@tanstack/react-query';
import type { FileStorageUse } from '../../../../../../shared/documents.js';
import { apiClient } from '../../../../lib/api-client.js';
import { fileVersionsQueryKey } from './use-file-versions.js';

/** GET /api/file-storage/{studentId} (administrators): what her stored versions take of her budget. */
export function useFileStorage(studentId: string, enabled: boolean) {
  return useQuery({
    // under the versions' key, so that an upload (which refetches the versions) refetches it too
    queryKey: [...fileVersionsQueryKey(studentId), 'storage'] as const,
    queryFn: ({ signal }) =>
      apiClient.get<FileStorageUse>(`/api/file-storage/${encodeURIComponent(studentId)}`, signal),
    enabled,
  });
}
