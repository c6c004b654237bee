import { queryOptions, useQuery } from '@tanstack/react-query';
import { CaseListResponseSchema, StatusCountListResponseSchema, type CaseListQuery } from '../../../contract/cases';
import { UpcomingAppointmentsResponseSchema } from '../../../contract/appointments';
import { LatestFeedbackResponseSchema } from '../../../contract/feedback';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/first-page';
import { queryClient } from '../../lib/query-client';
import { caseListUrl, readCaseListUrl, toListParams } from './url-state';

export type CaseListParams = Pick<CaseListQuery, 'page' | 'sort' | 'dir' | 'statuses'> & { q?: string };

export const casesQueryKeys = {
  all: ['cases'] as const,
  list: (params: CaseListParams) => ['cases', 'list', params] as const,
  counts: ['cases', 'count-by-status'] as const,
  latestFeedback: ['feedbacks', 'latest'] as const,
  /** Under 'cases', so a live `case_changed` (a booking, a move, a cancellation) refetches it. */
  upcomingAppointments: ['cases', 'upcoming-appointments'] as const,
};

export function caseListQueryOptions(params: CaseListParams) {
  return queryOptions({
    queryKey: casesQueryKeys.list(params),
    queryFn: ({ signal }) => api.get(caseListUrl(params), CaseListResponseSchema, signal),
  });
}

export function statusCountsQueryOptions() {
  return queryOptions({
    queryKey: casesQueryKeys.counts,
    queryFn: async ({ signal }) =>
      (await api.get('/api/cases/count-by-status', StatusCountListResponseSchema, signal)).data,
  });
}

export function latestFeedbackQueryOptions() {
  return queryOptions({
    queryKey: casesQueryKeys.latestFeedback,
    queryFn: async ({ signal }) => (await api.get('/api/feedbacks/latest', LatestFeedbackResponseSchema, signal)).data,
    retry: false,
  });
}

/** GET /api/appointments: the lawyer's upcoming first conversations and call-back requests. */
export function upcomingAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: casesQueryKeys.upcomingAppointments,
    queryFn: ({ signal }) => api.get('/api/appointments', UpcomingAppointmentsResponseSchema, signal),
  });
}

export const useCaseList = (params: CaseListParams) =>
  useQuery({ ...caseListQueryOptions(params), placeholderData: (previous) => previous });
export const useStatusCounts = () => useQuery(statusCountsQueryOptions());
export const useLatestFeedback = () => useQuery(latestFeedbackQueryOptions());
export const useUpcomingAppointments = () => useQuery(upcomingAppointmentsQueryOptions());

/**
 * /dossiers' data for the first page (lib/first-page.ts): the list the address asks for, the task counts, the latest
 * feedback, the upcoming conversations.
 */
export const caseListData: PageData = ({ request }) =>
  Promise.all([
    queryClient.prefetchQuery(caseListQueryOptions(toListParams(readCaseListUrl(new URL(request.url).searchParams)))),
    queryClient.prefetchQuery(statusCountsQueryOptions()),
    queryClient.prefetchQuery(latestFeedbackQueryOptions()),
    queryClient.prefetchQuery(upcomingAppointmentsQueryOptions()),
  ]);
