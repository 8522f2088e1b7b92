import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaRecoveryCodes, MfaSetup, MfaStatus } from '../../../../../shared/mfa.js';
import { apiClient } from '../../../lib/api-client.js';

export const ADMIN_MFA_QUERY_KEY = ['admin', 'mfa'] as const;

/** What proves it is her: a current code (or recovery code), or her password. */
export interface MfaProof {
  code?: string;
  password?: string;
}

/** GET /api/admin-mfa */
export function useAdminMfa() {
  return useQuery({
    queryKey: ADMIN_MFA_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<MfaStatus>('/api/admin-mfa', signal),
  });
}

/**
 * POST /api/admin-mfa/setup: a new secret and its QR code, shown once. With ADMIN_MFA=required it takes her
 * enrolment code (from whoever runs the server).
 */
export function useStartMfaSetup() {
  return useMutation({
    mutationFn: (enrolmentCode?: string) =>
      apiClient.post<MfaSetup>('/api/admin-mfa/setup', enrolmentCode ? { enrolment_code: enrolmentCode } : {}),
  });
}

/**
 * POST /api/admin-mfa/confirm: the first code turns it on; answers the recovery codes. The status is
 * fetched again only once she has saved them (the screen showing them would otherwise give way).
 */
export function useConfirmMfa() {
  return useMutation({
    mutationFn: (code: string) => apiClient.post<MfaRecoveryCodes>('/api/admin-mfa/confirm', { code }),
  });
}

/** POST /api/admin-mfa/disable */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: MfaProof) => apiClient.post<MfaStatus>('/api/admin-mfa/disable', proof),
    onSuccess: (status) => queryClient.setQueryData(ADMIN_MFA_QUERY_KEY, status),
  });
}

/** POST /api/admin-mfa/recovery-codes: ten new codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: MfaProof) => apiClient.post<MfaRecoveryCodes>('/api/admin-mfa/recovery-codes', proof),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_MFA_QUERY_KEY }),
  });
}
