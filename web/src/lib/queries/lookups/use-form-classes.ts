import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormClassItem } from '../../../../../shared/api-types.js';
import { apiClient } from '../../api-client.js';

/** GET /api/form-classes: class_id and form_level. Lookup lists change rarely: kept for the session once loaded. */
export const formClassesQuery = queryOptions({
  queryKey: ['lookups', 'form-classes'] as const,
  queryFn: ({ signal }) => apiClient.get<FormClassItem[]>('/api/form-classes', signal),
  staleTime: Infinity,
});

export function useFormClasses() {
  return useQuery(formClassesQuery);
}
