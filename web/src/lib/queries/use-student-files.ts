import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentFile } from '../../../../shared/documents.js';
import { apiClient } from '../api-client.js';

export function studentFilesQueryKey(studentId: string) {
  return ['student-files', studentId] as const;
}

/** GET /api/get-files/{studentId}: the current file of each document type. */
export function studentFilesQuery(studentId: string) {
  return queryOptions({
    queryKey: studentFilesQueryKey(studentId),
    queryFn: ({ signal }) => apiClient.get<DocumentFile[]>(`/api/get-files/${encodeURIComponent(studentId)}`, signal),
  });
}

export function useStudentFiles(studentId: string) {
  return useQuery(studentFilesQuery(studentId));
}
