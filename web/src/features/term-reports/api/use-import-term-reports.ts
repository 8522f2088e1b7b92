import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportTermReportsResult } from '../../../../../shared/term-reports.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';
import { TERM_REPORTS_POSTED_QUERY_KEY } from './use-term-reports-posted.js';

export interface ImportInput {
  file: File;
  dryRun: boolean;
}

/**
 * The answer of an import that was read: imported (or would be), or refused with its row errors.
 * A file that could not be read at all (wrong type, too large) stays an ApiError.
 */
export type ImportOutcome = ImportTermReportsResult & { refused: boolean };

function isImportResult(body: unknown): body is ImportTermReportsResult {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { errors?: unknown }).errors) &&
    'error_count' in body
  );
}

/** POST /api/import-term-reports (multipart `file`, `?dry_run=1` to check only). */
export function useImportTermReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun }: ImportInput): Promise<ImportOutcome> => {
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        const result = await apiClient.upload<ImportTermReportsResult>(
          `/api/import-term-reports${dryRun ? '?dry_run=1' : ''}`,
          form,
        );
        return { ...result, refused: false };
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && isImportResult(e.body)) return { ...e.body, refused: true };
        throw e;
      }
    },
    onSuccess: async (outcome) => {
      if (outcome.dry_run || outcome.refused) return;
      await queryClient.invalidateQueries({ queryKey: TERM_REPORTS_POSTED_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['report-card-terms'] });
    },
  });
}
