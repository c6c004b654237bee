import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CaseClientViewResponseSchema } from '../../../contract/cases';
import { SignProposalRequestSchema, type SignProposalRequest } from '../../../contract/workflow';
import { getWithdrawalLastDay } from '../../../contract/rules/case-route';
import { getWithdrawalEnd } from '../../../contract/rules/withdrawal-end';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-client';
import { getErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import { myCaseQueryKey, useMyCase } from '../../lib/my-case-query';
import { useFormatDate } from '../../lib/use-format-date';
import { useSite, useWithdrawalDays } from '../../lib/site';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';

/** The form's values: nothing chosen or ticked yet, which the contract's schema refuses with its own texts. */
type SignForm = { full_name: string; agree: boolean; start_now: boolean | null };
/** The fields in the order the page shows them. */
const SIGN_FIELDS = ['start_now', 'full_name', 'agree'] as const;

/** /opdrachtbevestiging: the engagement letter shown inline, signed with the full name and explicit consent. */
export function ProposalPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const choiceId = useId();
  const site = useSite();
  const withdrawalDays = useWithdrawalDays();
  const myCase = useMyCase();
  const form = useSchemaForm<typeof SignProposalRequestSchema, SignForm>(SignProposalRequestSchema, {
    defaultValues: { full_name: '', agree: false, start_now: null },
    // A Controller's field joins the form's list after the inputs do, so the page focuses in its own order.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const err = form.fieldError;
  const sign = useMutation({
    mutationFn: async (values: SignProposalRequest) =>
      (
        await api.post(
          `/api/cases/${myCase.data?.id ?? ''}/proposal/sign`,
          { ...values, proposal_sha256: myCase.data?.proposal_sha256 ?? undefined },
          CaseClientViewResponseSchema,
        )
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(myCaseQueryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['cases'] });
    },
  });

  const heading = <PageHeading>{t('pages.proposal.title')}</PageHeading>;
  if (myCase.isPending) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role="status" className="flex items-center gap-2">
          <Spinner />
          {t('dashboard.loading')}
        </p>
      </section>
    );
  }
  if (myCase.isError) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role="alert" className="text-red-800">
          {getErrorText(myCase.error, t)}
        </p>
      </section>
    );
  }
  const view = myCase.data;
  const letter = view.documents.find((d) => d.id === view.proposal_document_id);
  const signed = view.proposal_signed_at;
  // Signed now, the period would run to the end of this date (the server computes the real one when signing).
  const lastDay = formatDate(getWithdrawalLastDay(getWithdrawalEnd(new Date(), withdrawalDays)));

  const focusFirstError = (found: Partial<Record<keyof SignForm, unknown>>) => {
    const first = SIGN_FIELDS.find((field) => found[field]);
    if (first) form.setFocus(first);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sign.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.full_name)
        form.setError(
          'full_name',
          { type: 'server', message: t('caseRoute.sign.nameMismatch') },
          { shouldFocus: true },
        );
      else if (isApiError(error) && error.status === 409)
        form.setError('root.server', { type: 'server', message: t('caseRoute.sign.conflict') });
      else form.setError('root.server', { type: 'server', message: getErrorText(error, t) });
    }
  }, focusFirstError);
  const startNowError = err('start_now');

  return (
    <section className="flex flex-col gap-6">
      {heading}
      {signed ? (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-2xl border border-green-700 bg-green-50 p-5 text-green-900"
        >
          <p className="font-semibold">{t('caseRoute.signedOn', { date: formatDate(signed) })}</p>
          {view.withdrawal_ends_at && (
            <p>
              {t('withdrawal.until', { date: formatDate(getWithdrawalLastDay(new Date(view.withdrawal_ends_at))) })}
            </p>
          )}
        </div>
      ) : !letter || view.status.slug !== 'proposal' ? (
        <p className="text-slate-800">{t('caseRoute.sign.none')}</p>
      ) : null}
      {letter && (
        <div className="flex flex-col gap-2">
          {letter.temporary_url ? (
            <iframe
              title={t('caseRoute.sign.letterTitle')}
              src={letter.temporary_url}
              className="h-[70vh] w-full rounded-xl border border-slate-300 bg-white"
            />
          ) : (
            <p className="text-slate-800">{t('caseRoute.sign.noPreview')}</p>
          )}
          {letter.temporary_url && (
            <a
              href={letter.temporary_url}
              target="_blank"
              rel="noopener noreferrer"
              className="w-fit font-medium text-brand-700 underline underline-offset-4"
            >
              {t('caseRoute.sign.openLetter')}
              <span className="sr-only">{t('dashboard.newTab')}</span>
            </a>
          )}
        </div>
      )}
      {letter && !signed && view.status.slug === 'proposal' && (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-xl flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <section aria-labelledby={`${choiceId}-heading`} className="flex flex-col gap-2">
            <h2 id={`${choiceId}-heading`} className="text-lg font-semibold text-slate-900">
              {t('withdrawal.sign.heading')}
            </h2>
            <p className="text-slate-800">{t('withdrawal.sign.period', { days: withdrawalDays, date: lastDay })}</p>
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer font-medium text-brand-700">
                {t('withdrawal.sign.formSummary')}
              </summary>
              <div className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
                <p>{t('withdrawal.sign.formNote', { email: site?.support_email ?? '' })}</p>
                <p>{t('notifications.letter.form.intro')}</p>
                <p>
                  {t('notifications.letter.form.to', {
                    firm: site
                      ? [site.product_name, ...site.address_lines.slice(1), site.support_email].join(', ')
                      : '',
                  })}
                </p>
                {(['notice', 'ordered', 'name', 'address', 'signature', 'date'] as const).map((line) => (
                  <p key={line}>— {t(`notifications.letter.form.${line}`)}</p>
                ))}
                <p>{t('notifications.letter.form.delete')}</p>
              </div>
            </details>
          </section>
          <Controller
            control={form.control}
            name="start_now"
            render={({ field }) => (
              <fieldset
                className="flex flex-col gap-2"
                aria-describedby={startNowError ? `${choiceId}-error` : undefined}
              >
                <legend className="mb-1 font-medium text-slate-900">{t('withdrawal.sign.choiceLegend')}</legend>
                <label className="flex items-start gap-3">
                  <input
                    ref={field.ref}
                    type="radio"
                    name={choiceId}
                    className="mt-1 size-5"
                    checked={field.value === true}
                    onChange={() => field.onChange(true)}
                    onBlur={field.onBlur}
                    aria-invalid={startNowError ? true : undefined}
                    aria-describedby={`${choiceId}-now`}
                  />
                  <span className="text-slate-900">
                    {t('withdrawal.sign.startNow')}
                    <span id={`${choiceId}-now`} className="block text-sm text-slate-700">
                      {t('withdrawal.sign.startNowConsequence')}
                    </span>
                  </span>
                </label>
                <label className="flex items-start gap-3">
                  <input
                    type="radio"
                    name={choiceId}
                    className="mt-1 size-5"
                    checked={field.value === false}
                    onChange={() => field.onChange(false)}
                    onBlur={field.onBlur}
                    aria-invalid={startNowError ? true : undefined}
                    aria-describedby={`${choiceId}-wait`}
                  />
                  <span className="text-slate-900">
                    {t('withdrawal.sign.wait')}
                    <span id={`${choiceId}-wait`} className="block text-sm text-slate-700">
                      {t('withdrawal.sign.waitConsequence', { date: lastDay })}
                    </span>
                  </span>
                </label>
                {startNowError && (
                  <p id={`${choiceId}-error`} className="text-sm text-red-800">
                    {startNowError}
                  </p>
                )}
              </fieldset>
            )}
          />
          <TextField
            label={t('caseRoute.sign.fullName')}
            autoComplete="name"
            required
            aria-required="true"
            error={err('full_name')}
            hint={t('caseRoute.sign.fullNameHint')}
            {...form.register('full_name')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={checkboxId} className="flex items-start gap-3">
              <input
                id={checkboxId}
                type="checkbox"
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? `${checkboxId}-error` : undefined}
                className="mt-1 size-5"
                {...form.register('agree')}
              />
              <span className="text-slate-900">{t('caseRoute.sign.agree')}</span>
            </label>
            {errors.agree && (
              <p id={`${checkboxId}-error`} className="text-sm text-red-800">
                {err('agree')}
              </p>
            )}
          </div>
          <FormError message={form.formError} />
          <Button type="submit" className="w-fit" busy={sign.isPending}>
            {t('caseRoute.sign.submit')}
          </Button>
        </form>
      )}
      <Link to="/" className="w-fit font-medium text-brand-700 underline underline-offset-4">
        {t('caseRoute.sign.back')}
      </Link>
    </section>
  );
}
