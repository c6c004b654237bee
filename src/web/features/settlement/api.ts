import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  RedlineResponseSchema,
  SettlementResponseBodySchema,
  SettlementVersionResponseSchema,
  type SettlementResponseRequest,
} from '../../../contract/settlement';
import { amsterdamToday, formatCalendarDate } from '../../../contract/rules/amsterdam-date';
import { formatDutchDate } from '../../../contract/rules/settlement-format';
import { api } from '../../lib/api';
import { messageQueryKeys } from '../../lib/messages-query';
import { settlementPath, settlementQueryKeys } from '../../lib/settlement-query';

export { settlementQueryKeys } from '../../lib/settlement-query';

const caseUrl = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`;
const versionUrl = (versionId: string) => `/api/settlement-versions/${encodeURIComponent(versionId)}`;

/**
 * GET /api/cases/{id}/settlement: versions (newest first), terms, the WW check, the signed agreement and the key dates.
 */
export function settlementQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: settlementQueryKeys.settlement(caseId),
    queryFn: async ({ signal }) => (await api.get(settlementPath(caseId), SettlementResponseBodySchema, signal)).data,
  });
}

export const useSettlement = (caseId: string | null | undefined) =>
  useQuery({ ...settlementQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });

/**
 * GET /api/settlement-versions/{id}/redline: the redline against the version before it, stored with the version (a
 * version's text never changes), and whether it gave up ('too many changes') or is still being made (asked again
 * every 30 seconds until it is there).
 */
export function useRedline(versionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['settlement-versions', versionId, 'redline'] as const,
    queryFn: async ({ signal }) => {
      const body = await api.get(`${versionUrl(versionId)}/redline`, RedlineResponseSchema, signal);
      return { parts: body.data, meta: body.meta ?? { too_many_changes: false, pending: false } };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.meta.pending ? 30_000 : false),
  });
}

/**
 * After a change the settlement, the case (its phase moves) and every case list and timeline
 * are read again; the live `case_changed` does the same on the other screens.
 */
const refreshCases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['cases'] });

/**
 * POST /api/cases/{id}/settlement/versions (multipart: `file` or `text`, `from`, `dated`, `reply_by`, `note`, `terms`
 * as JSON).
 */
export function useAddVersion(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      (
        await api.request(`${caseUrl(caseId)}/settlement/versions`, {
          method: 'POST',
          body: form,
          schema: SettlementVersionResponseSchema,
        })
      ).data,
    onSuccess: () => refreshCases(queryClient),
  });
}

/** POST /api/settlement-versions/{id}/final: the lawyer marks the version 'definitief'. */
export function useMarkFinal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (versionId: string) =>
      (await api.post(`${versionUrl(versionId)}/final`, undefined, SettlementVersionResponseSchema)).data,
    onSuccess: () => refreshCases(queryClient),
  });
}

/** POST /api/settlement-versions/{id}/response: the client's 'Akkoord' or question (which lands in the messages). */
export function useRespond(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ versionId, body }: { versionId: string; body: SettlementResponseRequest }) =>
      (await api.post(`${versionUrl(versionId)}/response`, body, SettlementVersionResponseSchema)).data,
    onSuccess: async (_data, { body }) => {
      if (body.response === 'question')
        void queryClient.invalidateQueries({ queryKey: messageQueryKeys.conversation(caseId) });
      await queryClient.invalidateQueries({ queryKey: settlementQueryKeys.settlement(caseId) });
    },
  });
}

/** POST /api/cases/{id}/settlement/ww-check/approve ('WW-check akkoord'). */
export function useApproveCheck(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post(`${caseUrl(caseId)}/settlement/ww-check/approve`, undefined, SettlementResponseBodySchema)).data,
    onSuccess: (data) => {
      queryClient.setQueryData(settlementQueryKeys.settlement(caseId), data);
      return refreshCases(queryClient);
    },
  });
}

/**
 * POST /api/cases/{id}/settlement/signed (multipart: `file`, `dated`, `agreed_on`, `cooling_off_clause`,
 * `dissolved_within_six_months`).
 */
export function useRecordSigned(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      (
        await api.request(`${caseUrl(caseId)}/settlement/signed`, {
          method: 'POST',
          body: form,
          schema: SettlementResponseBodySchema,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(settlementQueryKeys.settlement(caseId), data);
      return refreshCases(queryClient);
    },
  });
}

export const dissolutionLetterPath = (caseId: string) => `${caseUrl(caseId)}/settlement/dissolution-letter`;
export const keyDatesPath = (caseId: string) => `${caseUrl(caseId)}/key-dates.ics`;

/** Today's calendar date in Amsterdam (YYYY-MM-DD), as the server counts days. */
export const todayInAmsterdam = () => amsterdamToday(new Date());

/** The Amsterdam day of a moment the server recorded (ISO), as '02-03-2026'. */
export const dayOf = (iso: string) => formatDutchDate(formatCalendarDate(new Date(iso)));
