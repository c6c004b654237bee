import { addDays, addMonths, differenceInYears, endOfMonth } from 'date-fns';
import { formatCalendarDate, parseCalendarDate } from './amsterdam-date';
import { calculateTransitionPayment, type TransitionPaymentInput } from './transition-payment';

/**
 * The WW check of a settlement agreement: advisory rules on what the UWV looks at before it
 * grants unemployment benefit after a termination by mutual consent. The lawyer confirms the
 * outcome; docs/settlement.md gives each rule and its source.
 */

export const WW_CHECK_KEYS = [
  'initiative',
  'urgent_reason',
  'notice_period',
  'cooling_off',
  'illness',
  'severance',
  'legal_costs',
] as const;
export type WwCheckKey = (typeof WW_CHECK_KEYS)[number];
export const WW_CHECK_RESULTS = ['ok', 'warning', 'risk'] as const;
export type WwCheckResult = (typeof WW_CHECK_RESULTS)[number];

export type WwCheckInput = {
  startDate: string;
  /** The agreement's date (dagtekening): the day the employer is taken to have given notice. */
  agreementDate: string;
  endDate: string;
  /** The notice period of the contract or CAO in months; null = the statutory period. */
  noticeMonths: number | null;
  /**
   * The lawyer's mark that a CAO shortens the notice period (art. 7:672 lid 5 BW: only a CAO
   * may shorten the employer's statutory period). Without it a shorter period in the contract
   * does not count: the statutory one applies, and the check warns.
   */
  noticeShortenedByCao?: boolean | undefined;
  initiative: 'employer' | 'employee';
  urgentReasonExcluded: boolean;
  coolingOffClause: boolean;
  employeeIll: boolean;
  severanceCents: number;
  legalCostsConditional: boolean;
  /** The wage, when known, to compare the severance with the statutory transition payment. */
  wage?: Omit<TransitionPaymentInput, 'startDate' | 'endDate'> | undefined;
};

/** One line of the check; `values` fill the line's translated text (dates YYYY-MM-DD, amounts in cents). */
export type WwCheckItem = {
  key: WwCheckKey;
  result: WwCheckResult;
  variant: string;
  values: Record<string, string | number>;
};

export type WwCheck = {
  /** The last day of the notice period the employer would have had to observe. */
  fictitiousNoticeEnd: string;
  /** The first day the UWV can pay WW: the day after the later of the end date and that notice end. */
  wwStartDate: string;
  /** The notice period used: the contract's or CAO's, or the statutory one. */
  noticeMonths: number;
  /** The employer's statutory period on the agreement date. */
  statutoryNoticeMonths: number;
  items: WwCheckItem[];
};

/**
 * The employer's statutory notice period (art. 7:672 lid 2 BW) by the completed years of
 * service on the day notice would be given: under 5 years 1 month, 5 to 10 years 2, 10 to 15
 * years 3, 15 or more 4.
 */
export function getStatutoryNoticeMonths(yearsOfService: number): number {
  if (yearsOfService < 5) return 1;
  if (yearsOfService < 10) return 2;
  if (yearsOfService < 15) return 3;
  return 4;
}

/** Completed years of service from the start date up to a date. */
export function getYearsOfService(startDate: string, onDate: string): number {
  return Math.max(0, differenceInYears(parseCalendarDate(onDate), parseCalendarDate(startDate)));
}

/**
 * The end of the fictitious notice period: notice taken as given on the agreement date, the
 * period of `months` running from the next day, and ending at the end of a month (art. 7:672
 * lid 1 BW): the last day of the month in which agreement date + months falls.
 * 25 April + 2 months = 25 June → 30 June; 31 January + 1 month = 28 (29) February → that day.
 */
export function getFictitiousNoticeEnd(agreementDate: string, months: number): string {
  return formatCalendarDate(endOfMonth(addMonths(parseCalendarDate(agreementDate), months)));
}

const nextDay = (date: string) => formatCalendarDate(addDays(parseCalendarDate(date), 1));

export function runWwCheck(input: WwCheckInput): WwCheck {
  const years = getYearsOfService(input.startDate, input.agreementDate);
  const statutoryNoticeMonths = getStatutoryNoticeMonths(years);
  const contractMonths = input.noticeMonths;
  const shorter = contractMonths !== null && contractMonths < statutoryNoticeMonths;
  // A shorter period counts only when a CAO sets it; otherwise the statutory one applies.
  const shortenedWithoutCao = shorter && !input.noticeShortenedByCao;
  const noticeMonths = contractMonths === null || shortenedWithoutCao ? statutoryNoticeMonths : contractMonths;
  const fictitiousNoticeEnd = getFictitiousNoticeEnd(input.agreementDate, noticeMonths);
  const endsTooEarly = input.endDate < fictitiousNoticeEnd;
  const wwStartDate = nextDay(endsTooEarly ? fictitiousNoticeEnd : input.endDate);

  const items: WwCheckItem[] = [
    input.initiative === 'employer' ? item('initiative', 'ok', 'employer') : item('initiative', 'risk', 'employee'),
    input.urgentReasonExcluded ? item('urgent_reason', 'ok', 'stated') : item('urgent_reason', 'risk', 'missing'),
    noticeItem({ shorter, shortenedWithoutCao, endsTooEarly, fictitiousNoticeEnd, wwStartDate, noticeMonths, input }),
    input.coolingOffClause ? item('cooling_off', 'ok', 'stated') : item('cooling_off', 'warning', 'missing'),
    input.employeeIll ? item('illness', 'risk', 'ill') : item('illness', 'ok', 'fit'),
    severanceItem(input),
    input.legalCostsConditional
      ? item('legal_costs', 'warning', 'conditional')
      : item('legal_costs', 'ok', 'unconditional'),
  ];
  return { fictitiousNoticeEnd, wwStartDate, noticeMonths, statutoryNoticeMonths, items };
}

/**
 * The notice item: a contract period shorter than the statutory one without a CAO is a warning
 * (the statutory one is used); an end before the fictitious notice end is a warning; else ok.
 * A period a CAO shortens says so.
 */
function noticeItem(c: {
  shorter: boolean;
  shortenedWithoutCao: boolean;
  endsTooEarly: boolean;
  fictitiousNoticeEnd: string;
  wwStartDate: string;
  noticeMonths: number;
  input: WwCheckInput;
}): WwCheckItem {
  const at = { notice_end: c.fictitiousNoticeEnd, ww_start: c.wwStartDate, months: c.noticeMonths };
  if (c.shortenedWithoutCao)
    return item('notice_period', 'warning', c.endsTooEarly ? 'shorterThanStatutoryTooShort' : 'shorterThanStatutory', {
      ...at,
      contract_months: c.input.noticeMonths ?? 0,
    });
  const cao = c.shorter ? 'Cao' : '';
  return c.endsTooEarly
    ? item('notice_period', 'warning', `tooShort${cao}`, at)
    : item('notice_period', 'ok', `observed${cao}`, { notice_end: c.fictitiousNoticeEnd, months: c.noticeMonths });
}

function item(
  key: WwCheckKey,
  result: WwCheckResult,
  variant: string,
  values: Record<string, string | number> = {},
): WwCheckItem {
  return { key, result, variant, values };
}

/**
 * The severance against the statutory transition payment: at least that amount is ok; less is
 * a warning (the employee gives up part of a statutory right); without a wage, or for an end
 * before 2020 (another calculation applied then), the comparison cannot be made and says so (a
 * warning). An end after the last published year is compared with the last maximum.
 */
function severanceItem(input: WwCheckInput): WwCheckItem {
  if (!input.wage) return item('severance', 'warning', 'noWage', { severance_cents: input.severanceCents });
  const statutory = calculateTransitionPayment({ ...input.wage, startDate: input.startDate, endDate: input.endDate });
  if (!statutory.ok) {
    return statutory.refusal.reason === 'before-first-maximum'
      ? item('severance', 'warning', 'beforeFirstMaximum', {
          severance_cents: input.severanceCents,
          year: statutory.refusal.year,
        })
      : item('severance', 'warning', 'noWage', { severance_cents: input.severanceCents });
  }
  const values = { severance_cents: input.severanceCents, statutory_cents: statutory.value.amountCents };
  return input.severanceCents >= statutory.value.amountCents
    ? item('severance', 'ok', 'atLeastStatutory', values)
    : item('severance', 'warning', 'belowStatutory', values);
}
