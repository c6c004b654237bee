import { addDays, addMonths, differenceInCalendarDays } from 'date-fns';
import { parseCalendarDate } from './amsterdam-date';

/**
 * The statutory transition payment (transitievergoeding, art. 7:673 BW), as the government's
 * rekenhulp computes it under the Besluit loonbegrip vergoeding aanzegtermijn en
 * transitievergoeding and the Regeling berekening transitievergoeding. docs/settlement.md
 * gives each step and its source.
 */

/**
 * The yearly maximum (art. 7:673 lid 2 BW), indexed every 1 January by a regulation of the
 * Minister of SZW published in the Staatscourant in the autumn before. Every year from 2020 on
 * (the Wet arbeidsmarkt in balans: from then on one third of a month's wage per year from the
 * first day) is kept, each with its source; docs/settlement.md lists them.
 */
export const TRANSITION_PAYMENT_MAXIMA: Readonly<Record<number, { cents: number; source: string }>> = {
  2020: { cents: 8_300_000, source: staatscourant(2020) },
  2021: { cents: 8_400_000, source: staatscourant(2021) },
  2022: { cents: 8_600_000, source: staatscourant(2022) },
  2023: { cents: 8_900_000, source: staatscourant(2023) },
  2024: { cents: 9_400_000, source: staatscourant(2024) },
  2025: { cents: 9_800_000, source: staatscourant(2025) },
  2026: { cents: 10_200_000, source: staatscourant(2026) },
};

function staatscourant(year: number): string {
  return (
    `Regeling van de Minister van SZW, Staatscourant ${year - 1}: ` +
    `bedrag maximale transitievergoeding per 1 januari ${year} (art. 7:673 lid 2 BW)`
  );
}

const KNOWN_YEARS = Object.keys(TRANSITION_PAYMENT_MAXIMA)
  .map(Number)
  .sort((a, b) => a - b);
/** The first year kept: an employment that ended before it had another calculation. */
export const FIRST_MAXIMUM_YEAR = KNOWN_YEARS[0] as number;
/** The last year whose figure is published; later years are computed with it, provisionally. */
export const LAST_MAXIMUM_YEAR = KNOWN_YEARS[KNOWN_YEARS.length - 1] as number;

/** The default holiday allowance, 8 % (art. 7:634 BW). */
export const DEFAULT_HOLIDAY_ALLOWANCE_PERCENT = 8;

export type TransitionPaymentInput = {
  /** First day of employment, YYYY-MM-DD. */
  startDate: string;
  /** Last day of employment, YYYY-MM-DD. */
  endDate: string;
  monthlySalaryCents: number;
  holidayAllowancePercent?: number | undefined;
  /** Fixed year-end pay for a year. */
  yearEndCents?: number | undefined;
  /** Fixed extras per month (shift and overtime pay agreed as fixed). */
  extrasMonthlyCents?: number | undefined;
  /** Variable pay (bonuses, profit shares) over the three calendar years before the end. */
  variableThreeYearsCents?: number | undefined;
};

export type TransitionPayment = {
  amountCents: number;
  monthlyWageCents: number;
  /** True when the maximum lowered the amount. */
  capped: boolean;
  /** The maximum that applied: the year's figure, or one year's wage when that is higher. */
  capCents: number;
  /** The statutory figure used: the end date's year's, or the last published one. */
  yearMaximumCents: number;
  /** The year whose figure was used. */
  maximumYear: number;
  /** True when the end date's year has no published figure yet and the last one was used. */
  provisional: boolean;
  years: number;
  months: number;
  days: number;
};

export type TransitionPaymentRefusal =
  | { reason: 'end-before-start' }
  /** An end before 2020: the transition payment was calculated otherwise then. */
  | { reason: 'before-first-maximum'; year: number };

/**
 * The monthly wage of the Besluit loonbegrip: salary, plus the holiday allowance on it, plus
 * one twelfth of the fixed year-end pay, plus the fixed monthly extras, plus one thirty-sixth
 * of the variable pay of the last three years. Rounded to whole cents once, here.
 */
export function getMonthlyWageCents(input: Omit<TransitionPaymentInput, 'startDate' | 'endDate'>): number {
  const percent = input.holidayAllowancePercent ?? DEFAULT_HOLIDAY_ALLOWANCE_PERCENT;
  const wage =
    input.monthlySalaryCents +
    (input.monthlySalaryCents * percent) / 100 +
    (input.yearEndCents ?? 0) / 12 +
    (input.extrasMonthlyCents ?? 0) +
    (input.variableThreeYearsCents ?? 0) / 36;
  return Math.round(wage);
}

/**
 * How long the employment lasted, as the rekenhulp counts it: from the first day up to and
 * including the last, in whole years, then whole months, then the remaining days. Months are
 * counted from the start date each time (31 January + 1 month = the last day of February).
 */
export function getEmploymentDuration(
  startDate: string,
  endDate: string,
): { years: number; months: number; days: number } {
  const start = parseCalendarDate(startDate);
  const after = addDays(parseCalendarDate(endDate), 1);
  let total = 0;
  while (addMonths(start, total + 12) <= after) total += 12;
  while (addMonths(start, total + 1) <= after) total += 1;
  const days = differenceInCalendarDays(after, addMonths(start, total));
  return { years: Math.floor(total / 12), months: total % 12, days };
}

/**
 * The maximum that applies to an end in `year`: that year's figure; for a year after the last
 * published one, the last figure, marked provisional; null before 2020.
 */
export function getTransitionPaymentMaximum(
  year: number,
): { cents: number; year: number; provisional: boolean } | null {
  if (year < FIRST_MAXIMUM_YEAR) return null;
  const used = Math.min(year, LAST_MAXIMUM_YEAR);
  const entry = TRANSITION_PAYMENT_MAXIMA[used];
  if (!entry) return null;
  return { cents: entry.cents, year: used, provisional: used !== year };
}

/** The year whose maximum applies: the year the employment ends. */
export const maximumYearOf = (endDate: string) => Number(endDate.slice(0, 4));

/**
 * One third of the monthly wage per year of service; for the rest, one twelfth of that per
 * month and one 365th per day (the Regeling's pro rata); capped at the end year's maximum, or
 * at one year's wage (12 × the monthly wage) when that is higher. An end after the last
 * published year uses the last figure and says so (`provisional`); an end before 2020 is refused.
 */
export function calculateTransitionPayment(
  input: TransitionPaymentInput,
): { ok: true; value: TransitionPayment } | { ok: false; refusal: TransitionPaymentRefusal } {
  if (input.endDate < input.startDate) return { ok: false, refusal: { reason: 'end-before-start' } };
  const year = maximumYearOf(input.endDate);
  const maximum = getTransitionPaymentMaximum(year);
  if (maximum === null) return { ok: false, refusal: { reason: 'before-first-maximum', year } };
  const yearMaximumCents = maximum.cents;
  const monthlyWageCents = getMonthlyWageCents(input);
  const { years, months, days } = getEmploymentDuration(input.startDate, input.endDate);
  const third = monthlyWageCents / 3;
  const raw = Math.round(third * years + (third * months) / 12 + (third * days) / 365);
  const capCents = Math.max(yearMaximumCents, 12 * monthlyWageCents);
  return {
    ok: true,
    value: {
      amountCents: Math.min(raw, capCents),
      monthlyWageCents,
      capped: raw > capCents,
      capCents,
      yearMaximumCents,
      maximumYear: maximum.year,
      provisional: maximum.provisional,
      years,
      months,
      days,
    },
  };
}
