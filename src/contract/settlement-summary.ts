import { z } from 'zod';

/**
 * What the client's menu, the dashboard and the lawyer's finish dialog need of
 * GET /api/cases/{id}/settlement: whether a version exists, the signed date and the bedenktijd.
 * The whole answer's schema (settlement.ts) extends this one, so the two cannot drift apart; it
 * lives in a file of its own so the signed-in shell reads it without the settlement rules (and the
 * date library they use).
 */
export const SettlementSummarySchema = z.object({
  versions: z.array(z.object({ id: z.string() })),
  signed: z.object({ dated: z.string() }).nullable(),
  /** The last day of the bedenktijd (YYYY-MM-DD), or null (not signed, or none). */
  cooling_off_ends_on: z.string().nullable(),
  cooling_off_running: z.boolean(),
});
export type SettlementSummary = z.infer<typeof SettlementSummarySchema>;
export const SettlementSummaryResponseSchema = z.object({ data: SettlementSummarySchema });
