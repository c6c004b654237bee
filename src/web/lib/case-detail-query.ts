import { queryOptions, useQuery } from '@tanstack/react-query';
import { CaseLawyerViewResponseSchema } from '../../contract/cases';
import { api } from './api';
import { isApiError } from './api-client';

/** The lawyer's case detail (GET /api/cases/{id}), shared by the tabs 'Algemeen' and 'Documenten'. */
export const caseDetailQueryKeys = {
  detail: (id: string) => ['cases', 'detail', id] as const,
  finalization: (id: string) => ['cases', 'detail', id, 'finalization-questions'] as const,
};

export function caseDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseDetailQueryKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/${encodeURIComponent(id)}`, CaseLawyerViewResponseSchema, signal)).data,
    // A case that is absent (404) does not come back by retrying.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
  });
}

export const useCaseDetail = (id: string) => useQuery(caseDetailQueryOptions(id));
