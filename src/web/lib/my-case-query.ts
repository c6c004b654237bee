import { queryOptions, useQuery } from '@tanstack/react-query';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import { api } from './api';

/**
 * GET /api/cases/mine: the client's own case (its id, phase, lawyers and the ex-employer data).
 * One key for every screen, so the cache is shared and one invalidation refreshes them all.
 */
export const myCaseQueryKey = ['cases', 'mine'] as const;

export function myCaseQueryOptions() {
  return queryOptions({
    queryKey: myCaseQueryKey,
    queryFn: async ({ signal }) => (await api.get('/api/cases/mine', CaseClientViewResponseSchema, signal)).data,
  });
}

export const useMyCase = () => useQuery(myCaseQueryOptions());
