import type { TFunction } from 'i18next';
import { formatDutchDate, formatEuro } from '../../../contract/rules/settlement-format';
import type { SettlementTerms } from '../../../contract/settlement';

export type TermField = keyof SettlementTerms;
type TermValue = SettlementTerms[TermField];

/** The terms in the order people read them: what the client gets first, the employment last. */
export const TERM_ORDER: readonly TermField[] = [
  'severance_cents',
  'end_date',
  'agreement_date',
  'garden_leave',
  'legal_costs_cents',
  'legal_costs_conditional',
  'non_compete',
  'final_discharge',
  'reference_letter',
  'outplacement_cents',
  'initiative',
  'urgent_reason_excluded',
  'cooling_off_clause',
  'employee_ill',
  'notice_months',
  'notice_shortened_by_cao',
  'start_date',
  'monthly_salary_cents',
  'holiday_allowance_percent',
  'year_end_cents',
  'extras_monthly_cents',
  'variable_three_years_cents',
];

export type TermChange = { field: TermField; from: TermValue | undefined; to: TermValue | undefined };

/** A term as stated: notice_months null means 'wettelijk', for the other terms null is not stated. */
function stated(terms: SettlementTerms, field: TermField): TermValue | undefined {
  const value = terms[field];
  if (value === undefined) return undefined;
  if (value === null && field !== 'notice_months') return undefined;
  return value;
}

/** The terms of `next` that differ from `previous`, in {@link TERM_ORDER}. */
export function getTermChanges(previous: SettlementTerms, next: SettlementTerms): TermChange[] {
  return TERM_ORDER.flatMap((field) => {
    const from = stated(previous, field);
    const to = stated(next, field);
    return from === to ? [] : [{ field, from, to }];
  });
}

/** The terms a version states, in {@link TERM_ORDER} (the first version has nothing to compare with). */
export function getStatedTerms(terms: SettlementTerms): TermChange[] {
  return TERM_ORDER.flatMap((field) => {
    const to = stated(terms, field);
    return to === undefined ? [] : [{ field, from: undefined, to }];
  });
}

const isAmount = (field: TermField) => field.endsWith('_cents');
const isDate = (field: TermField) => field.endsWith('_date');

/** One term's value in words: '€ 18.000', '31-01-2027', 'ja', 'wettelijk', '2 maanden', 'niet vermeld'. */
export function formatTermValue(field: TermField, value: TermValue | undefined, t: TFunction): string {
  if (value === undefined) return t('settlement.values.notStated');
  if (field === 'notice_months')
    return value === null
      ? t('settlement.values.statutory')
      : t('settlement.values.months', { count: value as number });
  if (value === null) return t('settlement.values.notStated');
  if (isAmount(field)) return formatEuro(value as number, { whole: true });
  if (isDate(field)) return formatDutchDate(value as string);
  if (field === 'holiday_allowance_percent')
    return t('settlement.values.percent', { value: String(value).replace('.', t('settlement.values.decimalMark')) });
  if (typeof value === 'boolean') return value ? t('settlement.values.yes') : t('settlement.values.no');
  if (field === 'non_compete') return t(`settlement.values.nonCompete.${value as string}`);
  if (field === 'initiative') return t(`settlement.values.initiative.${value as string}`);
  return String(value);
}

/**
 * A change in words and amounts: 'Vergoeding € 18.000 → € 24.500 (+ € 6.500)',
 * 'Einddatum 31-01-2027 → 28-02-2027'; a term of a first version: 'Vergoeding € 18.000'.
 */
export function describeTermChange(change: TermChange, t: TFunction, options: { first?: boolean } = {}): string {
  const label = t(`settlement.terms.${change.field}`);
  const to = formatTermValue(change.field, change.to, t);
  if (options.first) return t('settlement.change.stated', { label, value: to });
  const from = formatTermValue(change.field, change.from, t);
  if (isAmount(change.field) && typeof change.from === 'number' && typeof change.to === 'number') {
    const delta = change.to - change.from;
    const written = delta > 0 ? `+ ${formatEuro(delta, { whole: true })}` : formatEuro(delta, { whole: true });
    return t('settlement.change.withDelta', { label, from, to, delta: written });
  }
  return t('settlement.change.plain', { label, from, to });
}
