import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatEuro, parseEuroInput } from '../../../contract/rules/settlement-format';
import { maximumYearOf } from '../../../contract/rules/transition-payment';
import { TransitionPaymentRequestSchema, type TransitionPaymentResult } from '../../../contract/settlement';
import { emptyAsMissing } from '../../lib/form-resolver';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { useTransitionPayment } from './calculations-api';

/** The form's fields carry the API's names; amounts are typed in euros. */
type Fields = {
  start_date: string;
  end_date: string;
  monthly_salary_cents: string;
  holiday_allowance_percent: string;
  year_end_cents: string;
  extras_monthly_cents: string;
  variable_three_years_cents: string;
};
const EMPTY: Fields = {
  start_date: '',
  end_date: '',
  monthly_salary_cents: '',
  holiday_allowance_percent: '8',
  year_end_cents: '',
  extras_monthly_cents: '',
  variable_three_years_cents: '',
};

/**
 * The typed fields read as the request (euros to cents, '8' or '8,5' to a percentage), then
 * checked by the contract's schema (the dates, the end after the start, a known maximum).
 */
function transitionFormSchema(t: TFunction) {
  const amount = (required: boolean) =>
    z.string().transform((raw, ctx) => {
      if (!raw.trim()) {
        if (required) ctx.addIssue({ code: z.ZodIssueCode.custom, params: { key: 'required' } });
        return undefined;
      }
      const cents = parseEuroInput(raw);
      if (cents !== null) return cents;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: t('settlement.calculator.invalidAmount') });
      return z.NEVER;
    });
  const percent = z.string().transform((raw, ctx) => {
    if (!raw.trim()) return undefined;
    const value = Number(raw.replace(',', '.'));
    if (Number.isFinite(value) && value >= 0 && value <= 100) return value;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: t('settlement.calculator.invalidPercent') });
    return z.NEVER;
  });
  return z
    .object({
      start_date: z.string(),
      end_date: z.string(),
      monthly_salary_cents: amount(true),
      holiday_allowance_percent: percent,
      year_end_cents: amount(false),
      extras_monthly_cents: amount(false),
      variable_three_years_cents: amount(false),
    })
    .transform((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)))
    .pipe(TransitionPaymentRequestSchema);
}

/** /transitievergoeding: the statutory transition payment, for clients and lawyers. */
export function TransitionPaymentPage() {
  const { t } = useTranslation();
  const calculate = useTransitionPayment();
  const schema = useMemo(() => transitionFormSchema(t), [t]);
  const form = useSchemaForm<typeof schema, Fields>(schema, { defaultValues: EMPTY });
  const err = form.fieldError;

  const onSubmit = form.handleSubmit((body) => {
    calculate.mutate(body, { onError: form.serverErrors });
  });

  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <PageHeading>{t('settlement.calculator.heading')}</PageHeading>
      <p className="text-slate-800">{t('settlement.calculator.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <RequiredFieldsLegend />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('settlement.calculator.startDate')}
            type="date"
            required
            error={err('start_date')}
            {...form.register('start_date', emptyAsMissing)}
          />
          <TextField
            label={t('settlement.calculator.endDate')}
            type="date"
            required
            error={err('end_date')}
            {...form.register('end_date', emptyAsMissing)}
          />
          <TextField
            label={t('settlement.calculator.salary')}
            inputMode="decimal"
            required
            hint={t('settlement.calculator.euroHint')}
            error={err('monthly_salary_cents')}
            {...form.register('monthly_salary_cents')}
          />
          <TextField
            label={t('settlement.calculator.holidayPercent')}
            inputMode="decimal"
            error={err('holiday_allowance_percent')}
            {...form.register('holiday_allowance_percent')}
          />
          <TextField
            label={t('settlement.calculator.yearEnd')}
            inputMode="decimal"
            error={err('year_end_cents')}
            {...form.register('year_end_cents')}
          />
          <TextField
            label={t('settlement.calculator.extras')}
            inputMode="decimal"
            error={err('extras_monthly_cents')}
            {...form.register('extras_monthly_cents')}
          />
          <TextField
            label={t('settlement.calculator.variable')}
            inputMode="decimal"
            error={err('variable_three_years_cents')}
            {...form.register('variable_three_years_cents')}
          />
        </div>
        <FormError message={form.formError} />
        <Button type="submit" busy={calculate.isPending} className="w-fit">
          {t('settlement.calculator.submit')}
        </Button>
      </form>
      {calculate.data && calculate.variables && (
        <TransitionPaymentResultView result={calculate.data} endYear={maximumYearOf(calculate.variables.end_date)} />
      )}
    </section>
  );
}

/**
 * How long the employment lasted in words, each part in its plural ('1 jaar', '3 maanden en
 * 1 dag'); a part of zero is left out.
 */
export function formatDuration(
  t: TFunction,
  language: string,
  { years, months, days }: Pick<TransitionPaymentResult, 'years' | 'months' | 'days'>,
): string {
  const parts = [
    years > 0 ? t('settlement.calculator.years', { count: years }) : null,
    months > 0 ? t('settlement.calculator.months', { count: months }) : null,
    days > 0 || (years === 0 && months === 0) ? t('settlement.calculator.days', { count: days }) : null,
  ].filter((part): part is string => part !== null);
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(parts);
}

/**
 * The amount, how it was reached, and whether the maximum applied; for an end after the last
 * published year, the one sentence that says which year's maximum was used.
 */
export function TransitionPaymentResultView({ result, endYear }: { result: TransitionPaymentResult; endYear: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-4">
      <p className="text-xl font-semibold text-slate-900">
        {t('settlement.calculator.result', { amount: formatEuro(result.amount_cents) })}
      </p>
      {result.provisional && (
        <p className="font-medium text-slate-900">
          {t('settlement.calculator.provisional', { year: endYear, used: result.maximum_year })}
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('settlement.calculator.monthlyWage')}</dt>
        <dd>{formatEuro(result.monthly_wage_cents)}</dd>
        <dt className="font-medium">{t('settlement.calculator.duration')}</dt>
        <dd>{formatDuration(t, i18n.language, result)}</dd>
        <dt className="font-medium">{t('settlement.calculator.perYear')}</dt>
        <dd>{formatEuro(Math.round(result.monthly_wage_cents / 3))}</dd>
        <dt className="font-medium">{t('settlement.calculator.maximum')}</dt>
        <dd>{formatEuro(result.cap_cents)}</dd>
      </dl>
      <p className="font-medium text-slate-900">
        {result.capped ? t('settlement.calculator.capped') : t('settlement.calculator.notCapped')}
      </p>
    </div>
  );
}
