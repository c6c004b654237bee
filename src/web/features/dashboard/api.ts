import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppointmentResponseSchema,
  AppointmentSlotsResponseSchema,
  AppointmentStateResponseSchema,
} from '../../../contract/appointments';
import { CaseClientViewResponseSchema } from '../../../contract/cases';
import { ClientDashboardResponseSchema } from '../../../contract/dashboard';
import { FeedbackResponseSchema, type CreateFeedbackRequest } from '../../../contract/feedback';
import { QuestionListResponseSchema } from '../../../contract/questions';
import { StepperResponseSchema } from '../../../contract/stepper';
import { currentUserQueryOptions } from '../../lib/user';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/first-page';
import { i18n, isLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { timelineQueryOptions } from '../../lib/timeline';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/session';
import { myCaseQueryKey } from '../../lib/my-case-query';
import { useLanguage } from '../../lib/use-language';
import { invoiceQueryKeys } from '../../lib/invoices-query';

export const dashboardQueryKeys = {
  retention: (caseId: string) => ['cases', caseId, 'retention'] as const,
  stepper: (caseId: string, language: Language) => ['cases', caseId, 'status-stepper', language] as const,
  stepperAll: (caseId: string) => ['cases', caseId, 'status-stepper'] as const,
};

/** GET /api/cases/{id}/status-stepper in the interface language. */
export function stepperQueryOptions(caseId: string, language: Language) {
  return queryOptions({
    queryKey: dashboardQueryKeys.stepper(caseId, language),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/${caseId}/status-stepper?lang=${language}`, StepperResponseSchema, signal)).data,
  });
}

export function useStepper(caseId: string | undefined) {
  const language = useLanguage();
  return useQuery({ ...stepperQueryOptions(caseId ?? '', language), enabled: Boolean(caseId) });
}

/** POST /api/cases/{id}/lawyers/{lawyerId}/feedback; the stepper is refetched afterwards. */
export function useSubmitFeedback(caseId: string, lawyerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateFeedbackRequest) =>
      (await api.post(`/api/cases/${caseId}/lawyers/${lawyerId}/feedback`, body, FeedbackResponseSchema)).data,
    // Not awaited: the dialog shows its thank-you view before the stepper reports the feedback.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.stepperAll(caseId) });
    },
  });
}

/**
 * A completed case: when the account goes and until when the firm keeps the file (the dashboard answer's
 * `retention`, which carries the firm's FILE_RETENTION_YEARS). The first page has it from the dashboard answer; later
 * visits ask for it, only for a completed case.
 */
export function useDashboardRetention(caseId: string, enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: dashboardQueryKeys.retention(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/mine/dashboard?lang=${language}`, ClientDashboardResponseSchema, signal)).data
        .retention ?? null,
    enabled,
  });
}

/** The signed-in user (for the to-do list's personal data). */
export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/** GET /api/client-questions (same key as 'Mijn verhaal', so a saved answer updates the to-do list). */
function clientQuestionsQueryOptions() {
  return queryOptions({
    queryKey: ['client-questions'] as const,
    queryFn: async ({ signal }) => (await api.get('/api/client-questions', QuestionListResponseSchema, signal)).data,
  });
}

export const useClientQuestions = () => useQuery(clientQuestionsQueryOptions());

/**
 * The dashboard's data for the first page (lib/first-page.ts): the case, its stepper, timeline and first
 * conversation, the story questions and the case's invoices, from one answer (GET /api/cases/mine/dashboard,
 * which the boot script started), put under the keys the page's queries read, so the page renders once with
 * them. When that request fails, the page's queries ask for each part themselves.
 */
export const dashboardData: PageData = async () => {
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const { data } = await api.get(`/api/cases/mine/dashboard?lang=${language}`, ClientDashboardResponseSchema);
  const caseId = data.case.id;
  queryClient.setQueryData(myCaseQueryKey, data.case);
  queryClient.setQueryData(dashboardQueryKeys.retention(caseId), data.retention ?? null);
  queryClient.setQueryData(stepperQueryOptions(caseId, language).queryKey, data.stepper);
  queryClient.setQueryData(timelineQueryOptions(caseId).queryKey, { pages: [data.timeline], pageParams: [1] });
  queryClient.setQueryData(appointmentQueryOptions(caseId).queryKey, data.appointment);
  queryClient.setQueryData(clientQuestionsQueryOptions().queryKey, data.questions);
  if (data.invoices) queryClient.setQueryData(invoiceQueryKeys.list(caseId), data.invoices);
};

export const appointmentQueryKeys = {
  state: (caseId: string) => ['cases', caseId, 'appointment'] as const,
  slots: (caseId: string) => ['cases', caseId, 'appointment-slots'] as const,
};

/**
 * GET /api/cases/{id}/appointment: the booked first conversation, who it is with now, and a pending call-back request.
 */
function appointmentQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: appointmentQueryKeys.state(caseId),
    queryFn: async ({ signal }) =>
      await api.get(`/api/cases/${caseId}/appointment`, AppointmentStateResponseSchema, signal),
  });
}

export const useAppointment = (caseId: string) => useQuery(appointmentQueryOptions(caseId));

/** GET /api/cases/{id}/appointment-slots: every slot of the next 14 days (days without one are shown empty). */
export function useAppointmentSlots(caseId: string, enabled: boolean) {
  return useQuery({
    queryKey: appointmentQueryKeys.slots(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/${caseId}/appointment-slots?days=15`, AppointmentSlotsResponseSchema, signal)).data,
    enabled,
  });
}

/**
 * Book (POST), move (PATCH) or cancel (DELETE) the first conversation, or ask to be called back; the state and slots
 * are read again.
 */
export function useAppointmentActions(caseId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'cases' && query.queryKey[1] === caseId,
    });
  const book = useMutation({
    mutationFn: (start: string) => api.post(`/api/cases/${caseId}/appointment`, { start }, AppointmentResponseSchema),
    onSuccess: refresh,
  });
  const move = useMutation({
    mutationFn: (start: string) => api.patch(`/api/cases/${caseId}/appointment`, { start }, AppointmentResponseSchema),
    onSuccess: refresh,
  });
  const cancel = useMutation({ mutationFn: () => api.delete(`/api/cases/${caseId}/appointment`), onSuccess: refresh });
  const callback = useMutation({
    mutationFn: () => api.post(`/api/cases/${caseId}/appointment/callback`),
    onSuccess: refresh,
  });
  return { book, move, cancel, callback };
}

/** POST /api/cases/{id}/withdraw ('Opdracht herroepen'): the answer is the case, back at offer-chosen. */
export function useWithdrawEngagement(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post(`/api/cases/${caseId}/withdraw`, {}, CaseClientViewResponseSchema)).data,
    onSuccess: (data) => {
      queryClient.setQueryData(myCaseQueryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['cases'] });
    },
  });
}
