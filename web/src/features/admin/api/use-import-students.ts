import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudentImportResult } from '../../../../../shared/admin-types.js';
import type { ApiErrorBody } from '../../../../../shared/api-types.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';
import { STUDENTS_QUERY_KEY } from './use-students.js';
import { PROGRESS_QUERY_KEY } from './use-registration-progress.js';

export interface ImportInput {
  file: File;
  dryRun: boolean;
}

/** A refusal of the rows (422 with the result and its errors), as opposed to a refusal of the file. */
export function importResultOf(error: unknown): StudentImportResult | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as (ApiErrorBody & Partial<StudentImportResult>) | null;
  return body && Array.isArray(body.errors) ? (body as unknown as StudentImportResult) : null;
}

/** POST /api/import-students (multipart `file`, `?dry_run=1` to check only). */
export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: ImportInput) => {
      const form = new FormData();
      form.append('file', file);
      return apiClient.upload<StudentImportResult>(`/api/import-students${dryRun ? '?dry_run=1' : ''}`, form);
    },
    onSuccess: (result) => {
      if (!result.committed) return;
      void queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROGRESS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['lookups', 'form-classes'] });
    },
  });
}
