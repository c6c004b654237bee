import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatEuro, parseEuroInput } from '../../../contract/rules/settlement-format';
import type { TransitionPaymentRequest, TransitionPaymentResult } from '../../../contract/settlement';
import { applyServerErrors } from '../../lib/error-text';
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
const FIELDS = [
  'start_date',
  'end_date',
  'monthly_salary_cents',
  'holiday_allowance_percent',
  'year_end_cents',
  'extras_monthly_cents',
  'variable_three_years_cents',
] as const;
const AMOUNTS = ['year_end_cents', 'extras_monthly_cents', 'variable_three_years_cents'] as const;
const EMPTY: Fields = {
  start_date: '',
  end_date: '',
  monthly_salary_cents: '',
  holiday_allowance_percent: '8',
  year_end_cents: '',
  extras_monthly_cents: '',
  variable_three_years_cents: '',
};

/** /transitievergoeding: the statutory transition payment, for clients and lawyers. */
export function TransitionPaymentPage() {
  const { t } = useTranslation();
  const calculate = useTransitionPayment();
  const form = useForm<Fields>({ defaultValues: EMPTY });
  const err = (name: keyof Fields) => form.formState.errors[name]?.message;

  const onSubmit = form.handleSubmit((values) => {
    let valid = true;
    const fail = (name: keyof Fields, key: string) => {
      form.setError(name, { type: 'client', message: t(key) }, { shouldFocus: valid });
      valid = false;
    };
    if (!values.start_date) fail('start_date', 'validation.required');
    if (!values.end_date) fail('end_date', 'validation.required');
    const salary = parseEuroInput(values.monthly_salary_cents);
    if (salary === null)
      fail(
        'monthly_salary_cents',
        values.monthly_salary_cents.trim() ? 'settlement.calculator.invalidAmount' : 'validation.required',
      );
    const percent =
      values.holiday_allowance_percent.trim() === ''
        ? undefined
        : Number(values.holiday_allowance_percent.replace(',', '.'));
    if (percent !== undefined && (!Number.isFinite(percent) || percent < 0 || percent > 100))
      fail('holiday_allowance_percent', 'settlement.calculator.invalidPercent');
    const amounts: Partial<Record<(typeof AMOUNTS)[number], number>> = {};
    for (const name of AMOUNTS) {
      if (!values[name].trim()) continue;
      const cents = parseEuroInput(values[name]);
      if (cents === null) fail(name, 'settlement.calculator.invalidAmount');
      else amounts[name] = cents;
    }
    if (!valid || salary === null) return;
    const body: TransitionPaymentRequest = {
      start_date: values.start_date,
      end_date: values.end_date,
      monthly_salary_cents: salary,
      ...amounts,
      ...(percent === undefined ? {} : { holiday_allowance_percent: percent }),
    };
    calculate.mutate(body, { onError: (error) => applyServerErrors(error, form.setError, FIELDS, t) });
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
            {...form.register('start_date')}
          />
          <TextField
            label={t('settlement.calculator.endDate')}
            type="date"
            required
            error={err('end_date')}
            {...form.register('end_date')}
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
        <FormError message={form.formState.errors.root?.server?.message} />
        <Button type="submit" busy={calculate.isPending} className="w-fit">
          {t('settlement.calculator.submit')}
        </Button>
      </form>
      {calculate.data && <TransitionPaymentResultView result={calculate.data} />}
    </section>
  );
}

/** The amount, how it was reached, and whether the maximum applied. */
export function TransitionPaymentResultView({ result }: { result: TransitionPaymentResult }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-4">
      <p className="text-xl font-semibold text-slate-900">
        {t('settlement.calculator.result', { amount: formatEuro(result.amount_cents) })}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('settlement.calculator.monthlyWage')}</dt>
        <dd>{formatEuro(result.monthly_wage_cents)}</dd>
        <dt className="font-medium">{t('settlement.calculator.duration')}</dt>
        <dd>
          {t('settlement.calculator.durationValue', { years: result.years, months: result.months, days: result.days })}
        </dd>
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
