import { queryOptions, useQuery } from '@tanstack/react-query';
import { CaseListResponseSchema, StatusCountListResponseSchema, type CaseListQuery } from '../../../contract/cases';
import { UpcomingAppointmentsResponseSchema } from '../../../contract/appointments';
import { LatestFeedbackResponseSchema } from '../../../contract/feedback';
import { InvoiceTaskListResponseSchema } from '../../../contract/invoices';
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
  /** Under 'cases' too: a live `case_changed` (a payment, a phase) refetches it. */
  invoiceTasks: ['cases', 'invoice-tasks'] as const,
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

/** GET /api/invoices/tasks: the lawyer's invoice tasks, one row per task and case. */
export function invoiceTasksQueryOptions() {
  return queryOptions({
    queryKey: casesQueryKeys.invoiceTasks,
    queryFn: async ({ signal }) => (await api.get('/api/invoices/tasks', InvoiceTaskListResponseSchema, signal)).data,
  });
}

export const useCaseList = (params: CaseListParams) =>
  useQuery({ ...caseListQueryOptions(params), placeholderData: (previous) => previous });
export const useStatusCounts = () => useQuery(statusCountsQueryOptions());
export const useLatestFeedback = () => useQuery(latestFeedbackQueryOptions());
export const useUpcomingAppointments = () => useQuery(upcomingAppointmentsQueryOptions());
export const useInvoiceTasks = () => useQuery(invoiceTasksQueryOptions());

/**
 * /dossiers' data for the first page (lib/first-page.ts): the list the address asks for, the task counts, the invoice
 * tasks, the latest feedback, the upcoming conversations.
 */
export const caseListData: PageData = ({ request }) =>
  Promise.all([
    queryClient.prefetchQuery(caseListQueryOptions(toListParams(readCaseListUrl(new URL(request.url).searchParams)))),
    queryClient.prefetchQuery(statusCountsQueryOptions()),
    queryClient.prefetchQuery(invoiceTasksQueryOptions()),
    queryClient.prefetchQuery(latestFeedbackQueryOptions()),
    queryClient.prefetchQuery(upcomingAppointmentsQueryOptions()),
  ]);
