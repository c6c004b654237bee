import { addCalendarDays } from './amsterdam-date';

/**
 * The bedenktijd of a settlement agreement (art. 7:670b BW): the employee may dissolve the
 * signed agreement without giving reasons within 14 days, or 21 days when the agreement does
 * not state that right (lid 3). Counted from the earlier of the agreement's date (dagtekening)
 * and the date agreement was reached. None when a settlement between the same parties was
 * dissolved in the 6 months before (lid 5).
 */
export const COOLING_OFF_DAYS_STATED = 14;
export const COOLING_OFF_DAYS_NOT_STATED = 21;

export type SettlementCoolingOffInput = {
  /** The date on the signed agreement, YYYY-MM-DD. */
  dated: string;
  /** The date agreement was reached, YYYY-MM-DD. */
  agreedOn: string;
  /** The agreement states the right to dissolve it. */
  clauseStated: boolean;
  /** A settlement between the same parties was dissolved in the 6 months before. */
  dissolvedWithinSixMonths: boolean;
};

/** The last day (YYYY-MM-DD) the employee may still dissolve the agreement, or null when there is no bedenktijd. */
export function getSettlementCoolingOffEnd(input: SettlementCoolingOffInput): string | null {
  if (input.dissolvedWithinSixMonths) return null;
  const from = input.agreedOn < input.dated ? input.agreedOn : input.dated;
  return addCalendarDays(from, input.clauseStated ? COOLING_OFF_DAYS_STATED : COOLING_OFF_DAYS_NOT_STATED);
}

/** True while the bedenktijd runs: on `today` (YYYY-MM-DD, Amsterdam) up to and including its last day. */
export function isCoolingOffRunning(endsOn: string | null, today: string): boolean {
  return endsOn !== null && today <= endsOn;
}
