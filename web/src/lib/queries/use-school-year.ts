import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolYearView } from '../../../../shared/school-year.js';
import { apiClient } from '../api-client.js';

export const SCHOOL_YEAR_QUERY_KEY = ['school-year'] as const;

/** GET /api/school-year: the current school year by its start year (docs/product.md §12.1). */
export const schoolYearQuery = queryOptions({
  queryKey: SCHOOL_YEAR_QUERY_KEY,
  queryFn: ({ signal }) => apiClient.get<SchoolYearView>('/api/school-year', signal),
});

export function useSchoolYear() {
  return useQuery(schoolYearQuery);
}
