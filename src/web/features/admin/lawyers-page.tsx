import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateLawyerRequestSchema } from '../../../contract/admin';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { useAdminLawyers, useCreateLawyer, useSetLawyerActive } from './api';
import { adminErrorText } from './error';
import { EmailAddress } from '../../ui/email-address';
import { BackupStatusPanel } from './backup-status';

const EMPTY_LAWYER: NewLawyerFields = { name: '', last_name: '', email: '', title: '' };
type NewLawyerFields = z.input<typeof CreateLawyerRequestSchema>;

/** /beheer: the firm's lawyers; add one, switch an account off or on again. */
export function LawyersPage() {
  const { t } = useTranslation();
  const lawyers = useAdminLawyers();
  const setActive = useSetLawyerActive();
  const success = useSuccessMessage();
  const [rowError, setRowError] = useState<string | null>(null);

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

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeading>{t('admin.lawyers.heading')}</PageHeading>
      <BackupStatusPanel />
      <p className="text-slate-800">{t('admin.lawyers.intro')}</p>
      <NewLawyerForm />
      <SuccessMessage message={success.message} token={success.token} />
      <FormError message={rowError ?? undefined} />
      {!lawyers.data ? (
        <p role={lawyers.isError ? 'alert' : 'status'}>{lawyers.isError ? t('admin.error') : t('admin.loading')}</p>
      ) : lawyers.data.length === 0 ? (
        <p>{t('admin.lawyers.empty')}</p>
      ) : (
        <ul aria-label={t('admin.lawyers.heading')} className="flex flex-col gap-3">
          {lawyers.data.map((lawyer) => (
            <li
              key={lawyer.id}
              className={
                'flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ' +
                'sm:flex-row sm:items-center sm:justify-between'
              }
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold text-slate-900">{lawyer.full_name}</p>
                <p className="text-slate-800">
                  <EmailAddress value={lawyer.email} />
                </p>
                <p className="text-sm text-slate-700">
                  {t('admin.lawyers.columns.cases')}: {lawyer.active_cases_count} ·{' '}
                  {t('admin.lawyers.columns.twoFactor')}:{' '}
                  {lawyer.two_factor_enabled ? t('admin.lawyers.twoFactorOn') : t('admin.lawyers.twoFactorOff')} ·{' '}
                  {t('admin.lawyers.columns.status')}:{' '}
                  <span className={lawyer.active ? 'text-green-800' : 'font-semibold text-red-800'}>
                    {lawyer.active ? t('admin.lawyers.active') : t('admin.lawyers.inactive')}
                  </span>
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => onToggle(lawyer.id, lawyer.full_name, !lawyer.active)}
                aria-label={
                  (lawyer.active ? t('admin.lawyers.deactivate') : t('admin.lawyers.reactivate')) +
                  ': ' +
                  lawyer.full_name
                }
              >
                {lawyer.active ? t('admin.lawyers.deactivate') : t('admin.lawyers.reactivate')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Nieuwe jurist': the contract's request schema through the shared resolver (each field its own
 * text, aria-invalid and aria-describedby), the server's 422 errors on their fields, and the
 * success message beside the button as on the app's other forms.
 */
function NewLawyerForm() {
  const { t } = useTranslation();
  const create = useCreateLawyer();
  const success = useSuccessMessage();
  // A half-typed new lawyer is not lost by leaving the page unasked (decision 020); not while it is being sent.
  const form = useSchemaForm(CreateLawyerRequestSchema, {
    defaultValues: EMPTY_LAWYER,
    guardUnsaved: !create.isPending,
  });
  const err = form.fieldError;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await create.mutateAsync({ ...values, title: values.title?.trim() || null });
      form.reset(EMPTY_LAWYER);
      success.show(t('admin.lawyers.created', { name: data.full_name }));
    } catch (failure) {
      form.serverErrors(failure);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="admin-new-lawyer"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="admin-new-lawyer" className="text-xl font-semibold text-slate-900">
        {t('admin.lawyers.createHeading')}
      </h2>
      <RequiredFieldsLegend />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.lawyers.name')}
          autoComplete="off"
          required
          error={err('name')}
          {...form.register('name')}
        />
        <TextField
          label={t('admin.lawyers.lastName')}
          autoComplete="off"
          required
          error={err('last_name')}
          {...form.register('last_name')}
        />
        <TextField
          label={t('admin.lawyers.email')}
          type="email"
          autoComplete="off"
          required
          error={err('email')}
          {...form.register('email')}
        />
        <TextField
          label={t('admin.lawyers.title')}
          placeholder={t('admin.lawyers.titlePlaceholder')}
          autoComplete="off"
          error={err('title')}
          {...form.register('title')}
        />
      </div>
      <FormError message={form.formError} />
      <SuccessMessage message={success.message} token={success.token} />
      <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
        {t('admin.lawyers.create')}
      </Button>
    </form>
  );
}
