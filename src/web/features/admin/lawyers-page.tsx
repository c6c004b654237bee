import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { useAdminLawyers, useCreateLawyer, useSetLawyerActive } from './api';
import { adminErrorText } from './error';
import { EmailAddress } from '../../ui/email-address';
import { useUnsavedChanges } from '../../lib/unsaved-changes';

const EMPTY_LAWYER = { name: '', last_name: '', email: '', title: '' };

/** /beheer: the firm's lawyers; add one, switch an account off or on again. */
export function LawyersPage() {
  const { t } = useTranslation();
  const lawyers = useAdminLawyers();
  const create = useCreateLawyer();
  const setActive = useSetLawyerActive();
  const success = useSuccessMessage();
  const [form, setForm] = useState(EMPTY_LAWYER);
  const [error, setError] = useState<string | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  // A half-typed new lawyer is not lost by leaving the page unasked (decision 020); not while it is being sent.
  useUnsavedChanges(!create.isPending && Object.values(form).some((value) => value.trim() !== ''));

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await create.mutateAsync({ ...form, title: form.title.trim() || null });
      success.show(t('admin.lawyers.created', { name: data.full_name }));
      setForm(EMPTY_LAWYER);
      setError(null);
    } catch (failure) {
      setError(adminErrorText(failure, t));
    }
  };

  const onToggle = async (id: string, name: string, active: boolean) => {
    if (!active && !window.confirm(t('admin.lawyers.deactivateConfirm', { name }))) return;
    try {
      await setActive.mutateAsync({ id, active });
      success.show(t(active ? 'admin.lawyers.reactivated' : 'admin.lawyers.deactivated', { name }));
      setRowError(null);
    } catch (failure) {
      setRowError(adminErrorText(failure, t));
    }
  };

  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }) });

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeading>{t('admin.lawyers.heading')}</PageHeading>
      <p className="text-slate-800">{t('admin.lawyers.intro')}</p>
      <SuccessMessage message={success.message} />
      <form noValidate onSubmit={onCreate} aria-labelledby="admin-new-lawyer" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="admin-new-lawyer" className="text-xl font-semibold text-slate-900">
          {t('admin.lawyers.createHeading')}
        </h2>
        <RequiredFieldsLegend />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('admin.lawyers.name')} autoComplete="off" required {...field('name')} />
          <TextField label={t('admin.lawyers.lastName')} autoComplete="off" required {...field('last_name')} />
          <TextField label={t('admin.lawyers.email')} type="email" autoComplete="off" required {...field('email')} />
          <TextField label={t('admin.lawyers.title')} placeholder={t('admin.lawyers.titlePlaceholder')} autoComplete="off" {...field('title')} />
        </div>
        <FormError message={error ?? undefined} />
        <Button type="submit" busy={create.isPending} className="self-start">
          {t('admin.lawyers.create')}
        </Button>
      </form>
      <FormError message={rowError ?? undefined} />
      {!lawyers.data ? (
        <p role={lawyers.isError ? 'alert' : 'status'}>{lawyers.isError ? t('admin.error') : t('admin.loading')}</p>
      ) : lawyers.data.length === 0 ? (
        <p>{t('admin.lawyers.empty')}</p>
      ) : (
        <ul aria-label={t('admin.lawyers.heading')} className="flex flex-col gap-3">
          {lawyers.data.map((lawyer) => (
            <li key={lawyer.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold text-slate-900">{lawyer.full_name}</p>
                <p className="text-slate-800">
                  <EmailAddress value={lawyer.email} />
                </p>
                <p className="text-sm text-slate-700">
                  {t('admin.lawyers.columns.cases')}: {lawyer.active_cases_count} · {t('admin.lawyers.columns.twoFactor')}:{' '}
                  {lawyer.two_factor_enabled ? t('admin.lawyers.twoFactorOn') : t('admin.lawyers.twoFactorOff')} · {t('admin.lawyers.columns.status')}:{' '}
                  <span className={lawyer.active ? 'text-green-800' : 'font-semibold text-red-800'}>{lawyer.active ? t('admin.lawyers.active') : t('admin.lawyers.inactive')}</span>
                </p>
              </div>
              <Button variant="secondary" onClick={() => onToggle(lawyer.id, lawyer.full_name, !lawyer.active)} aria-label={`${lawyer.active ? t('admin.lawyers.deactivate') : t('admin.lawyers.reactivate')}: ${lawyer.full_name}`}>
                {lawyer.active ? t('admin.lawyers.deactivate') : t('admin.lawyers.reactivate')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
