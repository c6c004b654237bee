import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatusListResponseSchema } from '../../contract/statuses';
import { api } from './api';

/** The cached query of the status catalogue is named `allStatuses`. */
export const statusQueryKeys = { all: ['allStatuses'] as const };

/** GET /api/statuses: slug, display_name and order of every phase, in order. The catalogue rarely changes. */
export function allStatusesQueryOptions() {
  return queryOptions({
    queryKey: statusQueryKeys.all,
    queryFn: async ({ signal }) => (await api.get('/api/statuses', StatusListResponseSchema, signal)).data,
    staleTime: 60 * 60 * 1000,
  });
}

export const useAllStatuses = () => useQuery(allStatusesQueryOptions());
