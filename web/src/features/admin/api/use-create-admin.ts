import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, CreateAdminRequest } from '../../../../../shared/admin-types.js';
import { apiClient } from '../../../lib/api-client.js';
import { ADMINS_QUERY_KEY } from './use-admins.js';

/** POST /api/admins */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdminRequest) => apiClient.post<AdminAccount>('/api/admins', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  });
}
