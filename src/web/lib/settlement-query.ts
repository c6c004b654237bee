import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettlementSummaryResponseSchema, type SettlementSummary } from '../../contract/settlement-summary';
import { api } from './api';

/**
 * The summary of GET /api/cases/{id}/settlement that the client's menu, the dashboard and the
 * lawyer's finish dialog read (the contract's summary schema, without the settlement rules); the
 * settlement screens read the whole answer (features/settlement/api.ts). Every key starts with
 * the case id, so a live `case_changed` of the case refreshes it (lib/live-events.ts).
 */
export type { SettlementSummary };

export const settlementQueryKeys = {
  /** The whole answer (the settlement screens); a prefix of the summary's key, so invalidating it refreshes both. */
  settlement: (caseId: string) => ['cases', caseId, 'settlement'] as const,
  summary: (caseId: string) => ['cases', caseId, 'settlement', 'summary'] as const,
};

export const settlementPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/settlement`;

export function settlementSummaryQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: settlementQueryKeys.summary(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(settlementPath(caseId), SettlementSummaryResponseSchema, signal)).data,
  });
}

/** The summary of a case's settlement; nothing is asked without a case id. */
export function useSettlementSummary(caseId: string | null | undefined, enabled = true) {
  return useQuery({ ...settlementSummaryQueryOptions(caseId ?? ''), enabled: Boolean(caseId) && enabled });
}
