import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';

/**
 * What the client's menu, the dashboard and the lawyer's finish dialog need of
 * GET /api/cases/{id}/settlement: whether a version exists and the bedenktijd. Parsed with a
 * schema of its own so the signed-in shell does without the settlement contract (and the date
 * library its rules use); the settlement screens read the whole answer
 * (features/settlement/api.ts). Every key starts with the case id, so a live `case_changed`
 * of the case refreshes it (lib/live-events.ts).
 */
const SettlementSummaryResponseSchema = z.object({
  data: z.object({
    versions: z.array(z.object({ id: z.string() })),
    signed: z.object({ dated: z.string() }).nullable(),
    /** The last day of the bedenktijd (YYYY-MM-DD), or null. */
    cooling_off_ends_on: z.string().nullable(),
    cooling_off_running: z.boolean(),
  }),
});
export type SettlementSummary = z.infer<typeof SettlementSummaryResponseSchema>['data'];

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
