import { formatDutchDate, formatEuro } from '../../contract/rules/settlement-format';
import { runWwCheck, type WwCheck } from '../../contract/rules/ww-check';
import type { WwCheckRequest, WwCheckView } from '../../contract/settlement';
import type { Translate } from '../../contract/validation-messages';

/** The WW check's items in words, in the reader's language: amounts '€ 1.234,56', dates dd-mm-jjjj. */
export function describeWwCheck(check: WwCheck, t: Translate): WwCheckView {
  return {
    fictitious_notice_end: check.fictitiousNoticeEnd,
    ww_start_date: check.wwStartDate,
    notice_months: check.noticeMonths,
    items: check.items.map((item) => {
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(item.values)) {
        if (name.endsWith('_cents') && typeof value === 'number')
          values[name.replace(/_cents$/, '')] = formatEuro(value);
        else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) values[name] = formatDutchDate(value);
        else values[name] = value;
      }
      return { key: item.key, result: item.result, text: t(`settlement.wwItems.${item.key}.${item.variant}`, values) };
    }),
  };
}

/** The WW check of a request's terms (the wage only when a salary is given). */
export function wwCheckOf(body: WwCheckRequest): WwCheck {
  return runWwCheck({
    startDate: body.start_date,
    agreementDate: body.agreement_date,
    endDate: body.end_date,
    noticeMonths: body.notice_months,
    noticeShortenedByCao: body.notice_shortened_by_cao,
    initiative: body.initiative,
    urgentReasonExcluded: body.urgent_reason_excluded,
    coolingOffClause: body.cooling_off_clause,
    employeeIll: body.employee_ill,
    severanceCents: body.severance_cents,
    legalCostsConditional: body.legal_costs_conditional,
    wage:
      body.monthly_salary_cents === undefined
        ? undefined
        : {
            monthlySalaryCents: body.monthly_salary_cents,
            holidayAllowancePercent: body.holiday_allowance_percent,
            yearEndCents: body.year_end_cents,
            extrasMonthlyCents: body.extras_monthly_cents,
            variableThreeYearsCents: body.variable_three_years_cents,
          },
  });
}
