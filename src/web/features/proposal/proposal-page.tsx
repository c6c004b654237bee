import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CaseClientViewResponseSchema } from '../../../contract/cases';
import { getCoolingOffEnd } from '../../../contract/rules/case-route';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-client';
import { getErrorText } from '../../lib/error-text';
import { useFormatDate } from '../../lib/use-format-date';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';

const myCaseKey = ['cases', 'mine'] as const;

/** /opdrachtbevestiging: the engagement letter shown inline, signed with the full name and explicit consent. */
export function ProposalPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const myCase = useQuery({ queryKey: myCaseKey, queryFn: async ({ signal }) => (await api.get('/api/cases/mine', CaseClientViewResponseSchema, signal)).data });
  const [fullName, setFullName] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<{ full_name?: string; agree?: string; form?: string }>({});
  const sign = useMutation({
    mutationFn: async () =>
      (await api.post(`/api/cases/${myCase.data?.id ?? ''}/proposal/sign`, { full_name: fullName, agree, proposal_sha256: myCase.data?.proposal_sha256 ?? undefined }, CaseClientViewResponseSchema)).data,
    onSuccess: (data) => {
      queryClient.setQueryData(myCaseKey, data);
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!fullName.trim()) next.full_name = t('caseRoute.sign.nameRequired');
    if (!agree) next.agree = t('caseRoute.sign.agreeRequired');
    setErrors(next);
    if (next.full_name || next.agree) return;
    try {
      await sign.mutateAsync();
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.full_name) setErrors({ full_name: t('caseRoute.sign.nameMismatch') });
      else if (isApiError(error) && error.status === 409) setErrors({ form: t('caseRoute.sign.conflict') });
      else setErrors({ form: getErrorText(error, t) });
    }
  };

  return (
    <section className="flex flex-col gap-6">
      {heading}
      {signed ? (
        <div role="status" className="flex flex-col gap-1 rounded-2xl border border-green-700 bg-green-50 p-5 text-green-900">
          <p className="font-semibold">{t('caseRoute.signedOn', { date: formatDate(signed) })}</p>
          <p>{t('caseRoute.coolingOffUntil', { date: formatDate(getCoolingOffEnd(new Date(signed))) })}</p>
        </div>
      ) : !letter || view.status.slug !== 'proposal' ? (
        <p className="text-slate-800">{t('caseRoute.sign.none')}</p>
      ) : null}
      {letter && (
        <div className="flex flex-col gap-2">
          {letter.temporary_url ? (
            <iframe title={t('caseRoute.sign.letterTitle')} src={letter.temporary_url} className="h-[70vh] w-full rounded-xl border border-slate-300 bg-white" />
          ) : (
            <p className="text-slate-800">{t('caseRoute.sign.noPreview')}</p>
          )}
          {letter.temporary_url && (
            <a href={letter.temporary_url} target="_blank" rel="noopener noreferrer" className="w-fit font-medium text-brand-700 underline underline-offset-4">
              {t('caseRoute.sign.openLetter')}
              <span className="sr-only">{t('dashboard.newTab')}</span>
            </a>
          )}
        </div>
      )}
      {letter && !signed && view.status.slug === 'proposal' && (
        <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <TextField label={t('caseRoute.sign.fullName')} autoComplete="name" required aria-required="true" value={fullName} onChange={(e) => setFullName(e.target.value)} error={errors.full_name} hint={t('caseRoute.sign.fullNameHint')} />
          <div className="flex flex-col gap-1">
            <label htmlFor={checkboxId} className="flex items-start gap-3">
              <input
                id={checkboxId}
                type="checkbox"
                checked={agree}
                onChange={(e) => setAgree(e.target.checked)}
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? `${checkboxId}-error` : undefined}
                className="mt-1 size-5"
              />
              <span className="text-slate-900">{t('caseRoute.sign.agree')}</span>
            </label>
            {errors.agree && (
              <p id={`${checkboxId}-error`} className="text-sm text-red-800">
                {errors.agree}
              </p>
            )}
          </div>
          <FormError message={errors.form} />
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
