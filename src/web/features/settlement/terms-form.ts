import { formatEuroInput, parseEuroInput } from '../../../contract/rules/settlement-format';
import { SettlementTermsInputSchema, type SettlementTerms } from '../../../contract/settlement';
import { issueKey } from '../../../contract/validation-messages';
import type { TermField } from './term-changes';

/** The terms as the lawyer's form holds them: text typed (amounts in euros) or a choice ('' is not stated). */
export type TermsFields = Record<TermField, string>;

export const AMOUNT_FIELDS = [
  'monthly_salary_cents',
  'year_end_cents',
  'extras_monthly_cents',
  'variable_three_years_cents',
  'severance_cents',
  'legal_costs_cents',
  'outplacement_cents',
] as const satisfies readonly TermField[];
export const DATE_FIELDS = ['start_date', 'agreement_date', 'end_date'] as const satisfies readonly TermField[];
/** Yes / no / not stated. */
export const CHOICE_FIELDS = [
  'garden_leave',
  'legal_costs_conditional',
  'final_discharge',
  'urgent_reason_excluded',
  'cooling_off_clause',
  'employee_ill',
  'reference_letter',
  'notice_shortened_by_cao',
] as const satisfies readonly TermField[];

/** The form's fields in the order the form shows them: the employment, then the agreement. */
export const EMPLOYMENT_FIELDS = [
  'start_date',
  'monthly_salary_cents',
  'holiday_allowance_percent',
  'year_end_cents',
  'extras_monthly_cents',
  'variable_three_years_cents',
  'notice_months',
  'notice_shortened_by_cao',
] as const satisfies readonly TermField[];
export const AGREEMENT_FIELDS = [
  'agreement_date',
  'end_date',
  'severance_cents',
  'initiative',
  'urgent_reason_excluded',
  'cooling_off_clause',
  'employee_ill',
  'garden_leave',
  'legal_costs_cents',
  'legal_costs_conditional',
  'non_compete',
  'final_discharge',
  'reference_letter',
  'outplacement_cents',
] as const satisfies readonly TermField[];

const ALL_FIELDS: readonly TermField[] = [...EMPLOYMENT_FIELDS, ...AGREEMENT_FIELDS];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The form's fields for `terms` (the previous version's, so a counter-offer starts from them). */
export function termsToFields(terms: SettlementTerms): TermsFields {
  const fields = Object.fromEntries(ALL_FIELDS.map((field) => [field, ''])) as TermsFields;
  for (const field of ALL_FIELDS) {
    const value = terms[field];
    if (value === undefined || value === null) continue;
    if (isOneOf(AMOUNT_FIELDS, field)) fields[field] = formatEuroInput(value as number);
    else fields[field] = String(value);
  }
  return fields;
}

export type TermsFieldError = 'invalidAmount' | 'invalidPercent' | 'invalidMonths';

/**
 * The terms of the form's fields (only those stated; the notice period is always stated: empty
 * is the statutory period), or the fields that cannot be read.
 */
export function fieldsToTerms(fields: TermsFields): {
  terms: SettlementTerms;
  errors: Partial<Record<TermField, TermsFieldError>>;
} {
  const terms: Record<string, unknown> = {};
  const errors: Partial<Record<TermField, TermsFieldError>> = {};
  for (const field of ALL_FIELDS) {
    const raw = (fields[field] ?? '').trim();
    if (field === 'notice_months') {
      if (raw === '') terms[field] = null;
      else if (/^\d{1,2}$/.test(raw) && Number(raw) <= 24) terms[field] = Number(raw);
      else errors[field] = 'invalidMonths';
      continue;
    }
    if (raw === '') continue;
    if (isOneOf(AMOUNT_FIELDS, field)) {
      const cents = parseEuroInput(raw);
      if (cents === null) errors[field] = 'invalidAmount';
      else terms[field] = cents;
    } else if (field === 'holiday_allowance_percent') {
      const percent = Number(raw.replace(',', '.'));
      if (!/^\d+([.,]\d+)?$/.test(raw) || percent > 100) errors[field] = 'invalidPercent';
      else terms[field] = percent;
    } else if (isOneOf(CHOICE_FIELDS, field)) {
      terms[field] = raw === 'true';
    } else {
      terms[field] = raw;
    }
  }
  return { terms: terms as SettlementTerms, errors };
}

/**
 * What the contract's schema says of terms that could be read: a date that does not exist
 * (31-02) or lies outside 1900–2100, an end before the agreement date or before the start, each
 * on its field as a translation key with its values. The server checks the same (422).
 */
export function termsIssues(
  terms: SettlementTerms,
): { field: TermField; key: string; values: Record<string, string | number> }[] {
  const result = SettlementTermsInputSchema.safeParse(terms);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path[0] as TermField, ...issueKey(issue) }));
}
