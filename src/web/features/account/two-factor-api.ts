import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RecoveryCodesResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  type FreshCodeRequest,
} from '../../../contract/two-factor';
import { api } from '../../lib/api';

export const twoFactorQueryKeys = { status: ['account', 'two-factor'] as const };

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorQueryKeys.status,
    queryFn: async ({ signal }) =>
      (await api.get('/api/account/two-factor', TwoFactorStatusResponseSchema, signal)).data,
  });
}

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

function useInvalidateStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKeys.status });
}

/** POST /api/account/two-factor/recovery-codes after a fresh code: ten new codes, the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (answer: FreshCodeRequest) =>
      api.request('/api/account/two-factor/recovery-codes', {
        method: 'POST',
        body: answer,
        schema: RecoveryCodesResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/account/two-factor/setup after a fresh code: a new secret to scan. */
export function useStartReenrolment() {
  return useMutation({
    mutationFn: (answer: FreshCodeRequest) =>
      api.request('/api/account/two-factor/setup', {
        method: 'POST',
        body: answer,
        schema: TwoFactorSetupResponseSchema,
      }),
  });
}

/** POST /api/account/two-factor/enable with a code of the new secret: it replaces the old one. */
export function useFinishReenrolment() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (code: string) =>
      api.request('/api/account/two-factor/enable', {
        method: 'POST',
        body: { code },
        schema: RecoveryCodesResponseSchema,
      }),
    onSuccess: invalidate,
  });
}
