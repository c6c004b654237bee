import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { caseDetailQueryKeys, caseDetailQueryOptions } from '../../lib/case-detail-query';
import { z } from 'zod';
import { CaseLawyerViewResponseSchema, CaseLawyerViewSchema, type CaseLawyerView } from '../../../contract/cases';
import type { MinimalAchievement, OfferSlug } from '../../../contract/offers';
import { FinalizationQuestionListResponseSchema, type FinalizationAnswersRequest } from '../../../contract/questions';
import { getStatus, type StatusSlug } from '../../../contract/statuses';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/first-page';
import { queryClient } from '../../lib/query-client';
import { allStatusesQueryOptions } from '../../lib/statuses-query';
import { timelineQueryOptions } from '../../lib/timeline';

export { caseDetailQueryKeys, caseDetailQueryOptions, useCaseDetail } from '../../lib/case-detail-query';

/** Case detail's data for the first page (lib/first-page.ts): the case. */
export const caseDetailData: PageData = ({ params }) =>
  queryClient.prefetchQuery(caseDetailQueryOptions(params.caseId ?? ''));

/** The data of the tab 'Algemeen' for the first page: the status catalogue and the case's timeline. */
export const generalTabData: PageData = ({ params }) =>
  Promise.all([
    queryClient.prefetchQuery(allStatusesQueryOptions()),
    queryClient.prefetchInfiniteQuery(timelineQueryOptions(params.caseId ?? '')),
  ]);

export function finalizationQuestionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseDetailQueryKeys.finalization(id),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/api/cases/${encodeURIComponent(id)}/finalization-questions`,
          FinalizationQuestionListResponseSchema,
          signal,
        )
      ).data,
  });
}

export const useFinalizationQuestions = (id: string, enabled: boolean) =>
  useQuery({ ...finalizationQuestionsQueryOptions(id), enabled });

const StatusOkSchema = z.object({ ok: z.literal(true), data: CaseLawyerViewSchema });

/** PATCH /api/cases/{id}/status; every case list and count is refreshed afterwards. */
export function useUpdateStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: StatusSlug) =>
      (await api.patch(`/api/cases/${encodeURIComponent(id)}/status`, { status }, StatusOkSchema)).data,
    onSuccess: (data) => queryClient.setQueryData(caseDetailQueryKeys.detail(id), data),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['cases'], predicate: (q) => q.queryKey[1] !== 'detail' }),
  });
}

/** Shows a status on screen at once, before the server answers. */
export function useShowStatus(id: string) {
  const queryClient = useQueryClient();
  return (slug: StatusSlug) =>
    queryClient.setQueryData<CaseLawyerView>(caseDetailQueryKeys.detail(id), (current) => {
      if (!current) return current;
      const known = queryClient.getQueryData(allStatusesQueryOptions().queryKey)?.find((s) => s.slug === slug);
      if (known) return { ...current, status: known };
      const status = getStatus(slug);
      return { ...current, status: { slug, display_name: status.displayName, order: status.order } };
    });
}

export function useSaveFinalizationAnswers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FinalizationAnswersRequest) =>
      (
        await api.post(
          `/api/cases/${encodeURIComponent(id)}/finalization-questions`,
          body,
          FinalizationQuestionListResponseSchema,
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(caseDetailQueryKeys.finalization(id), data),
  });
}

/** POST /api/cases/{id}/proposal: sends (or replaces) the engagement letter; the case view and lists refresh. */
export function useSendProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (minimal: MinimalAchievement) =>
      (
        await api.post(
          `/api/cases/${encodeURIComponent(id)}/proposal`,
          { minimal_achievement: minimal },
          CaseLawyerViewResponseSchema,
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(caseDetailQueryKeys.detail(id), data),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['cases'], predicate: (q) => q.queryKey[1] !== 'detail' }),
  });
}

/** PATCH /api/cases/{id}/offer by the case's lawyer, before signing only; lists refresh. */
export function useChangeOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offer: OfferSlug) =>
      (await api.patch(`/api/cases/${encodeURIComponent(id)}/offer`, { offer }, CaseLawyerViewResponseSchema)).data,
    onSuccess: (data) => queryClient.setQueryData(caseDetailQueryKeys.detail(id), data),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['cases'], predicate: (q) => q.queryKey[1] !== 'detail' }),
  });
}
