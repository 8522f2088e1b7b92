import { useQuery } from '@tanstack/react-query';
import type { DocumentVersion } from '../../../../../../shared/documents.js';
import { apiClient } from '../../../../lib/api-client.js';

export function fileVersionsQueryKey(studentId: string) {
  return ['file-versions', studentId] as const;
}

/** GET /api/file-versions/{studentId} (administrators): every version, replaced ones included. */
export function useFileVersions(studentId: string, enabled: boolean) {
  return useQuery({
    queryKey: fileVersionsQueryKey(studentId),
    queryFn: ({ signal }) =>
      apiClient.get<DocumentVersion[]>(`/api/file-versions/${encodeURIComponent(studentId)}`, signal),
    enabled,
  });
}
