import { useQuery } from '@tanstack/react-query';
import type { StudentIdMatch } from '../../../../../shared/api-types.js';
import { apiClient } from '../../../lib/api-client.js';

const MIN_LETTERS = 3;

/** The server answers only names with at least 3 letters of the first and of the last name. */
export function isSearchableName(name: string): boolean {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.join(' ');
  return first.replace(/[^\p{L}]/gu, '').length >= MIN_LETTERS && last.replace(/[^\p{L}]/gu, '').length >= MIN_LETTERS;
}

/** GET /api/student-id-lookup?name=First%20Last ('Search for Student ID'). */
export function useStudentIdLookup(name: string) {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return useQuery({
    queryKey: ['student-id-lookup', trimmed.toLowerCase()],
    queryFn: ({ signal }) =>
      apiClient.get<StudentIdMatch[]>(`/api/student-id-lookup?name=${encodeURIComponent(trimmed)}`, signal),
    enabled: isSearchableName(trimmed),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
