import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFile, DocumentType, StoreFileResponse } from '../../../../../../shared/documents.js';
import { apiClient } from '../../../../lib/api-client.js';
import { fileVersionsQueryKey } from './use-file-versions.js';
import { registrationRoundQueryKey } from '../../../../lib/queries/use-registration-round.js';
import { studentFilesQueryKey } from '../../../../lib/queries/use-student-files.js';

export interface UploadDocumentInput {
  /** the pages of one document in order (or the one picture) */
  files: File[];
  type: DocumentType;
  onProgress: (percent: number) => void;
}

/**
 * POST /api/store-file (multipart: one `file` part per page in order, id, file_type) with upload
 * progress. On success the new file becomes the slot's current file in the cache (and the admins'
 * version list is refetched).
 */
export function useUploadDocument(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, type, onProgress }: UploadDocumentInput) => {
      const form = new FormData();
      form.set('id', studentId);
      form.set('file_type', type);
      for (const file of files) form.append('file', file, file.name);
      return apiClient.upload<StoreFileResponse>('/api/store-file', form, { onProgress });
    },
    onSuccess: ({ file }) => {
      queryClient.setQueryData<DocumentFile[]>(studentFilesQueryKey(studentId), (old) =>
        old ? [...old.filter((f) => f.type !== file.type), file] : old,
      );
      void queryClient.invalidateQueries({ queryKey: studentFilesQueryKey(studentId) });
      void queryClient.invalidateQueries({ queryKey: fileVersionsQueryKey(studentId) });
      // A new file replaces last year's in this year's round.
      void queryClient.invalidateQueries({ queryKey: registrationRoundQueryKey(studentId) });
    },
  });
}
