import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TimelineResponseSchema } from '../../contract/workflow';
import { api } from './api';

export const timelineQueryKeys = { all: (caseId: string) => ['cases', caseId, 'timeline'] as const };

/** GET /api/cases/{id}/timeline in pages of 20, newest first; 'Meer laden' fetches the next page. */
export function timelineQueryOptions(caseId: string) {
  return infiniteQueryOptions({
    queryKey: timelineQueryKeys.all(caseId),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      api.get(`/api/cases/${encodeURIComponent(caseId)}/timeline?page=${pageParam}`, TimelineResponseSchema, signal),
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });
}

export function useTimeline(caseId: string | undefined) {
  return useInfiniteQuery({ ...timelineQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });
}
