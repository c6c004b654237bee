import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { WITHDRAWAL_DAYS_MINIMUM } from './case-route';

/**
 * The end of the statutory withdrawal period (see case-route.ts), in a module of its own so that
 * the screens that only ask whether a case may be withdrawn do not load date-fns. The
 * minimum lives in case-route.ts (no date-fns), which the app shell imports.
 */
export { WITHDRAWAL_DAYS_MINIMUM };
const FIRM_TIME_ZONE = 'Europe/Amsterdam';

/** The first moment after the withdrawal period: midnight (Amsterdam) after the last day. */
export function getWithdrawalEnd(signedAt: Date, days: number = WITHDRAWAL_DAYS_MINIMUM): Date {
  const local = new TZDate(signedAt.getTime(), FIRM_TIME_ZONE);
  return new Date(addDays(startOfDay(local), Math.max(days, WITHDRAWAL_DAYS_MINIMUM) + 1).getTime());
}
