import { useQueryClient } from '@tanstack/react-query';
import { formResolver } from '../../../lib/form-resolver';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UpdateCompanyRequestSchema, type CaseClientView } from '../../../../contract/cases';
import { applyServerErrors, translateValidation } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { StaleWriteNotice, useStaleWrite } from '../../../widgets/stale-write-notice';
import { SuccessMessage, useSuccessMessage } from '../../../ui/success-message';
import { AddressFields } from '../../../widgets/person-fields';
import { myCaseQueryOptions } from '../../../lib/my-case-query';
import { useUpdateCompany } from '../api';
import { FormSection } from './form-section';

type CompanyForm = z.input<typeof UpdateCompanyRequestSchema>;
const FIELDS = [
  'company_name',
  'company_street',
  'company_house_number',
  'company_postcode',
  'company_city',
  'contact_email',
  'contact_phone_number',
] as const;

const toForm = (c: CaseClientView): CompanyForm => ({
  company_name: c.company_name ?? '',
  company_street: c.company_street ?? '',
  company_house_number: c.company_house_number ?? '',
  company_postcode: c.company_postcode ?? '',
  company_city: c.company_city ?? '',
  contact_email: c.contact_email ?? '',
  contact_phone_number: c.contact_phone_number ?? '',
});

/** The ex-employer form. */
export function CompanyForm({ myCase }: { myCase: CaseClientView }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(myCase.id);
  const queryClient = useQueryClient();
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  // The version of the employer data the form shows, sent with the save (409 when older).
  const [version, setVersion] = useState(myCase.company_version);
  const form = useForm<CompanyForm, unknown, z.output<typeof UpdateCompanyRequestSchema>>({
    resolver: formResolver(UpdateCompanyRequestSchema),
    defaultValues: toForm(myCase),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  const err = (field: (typeof FIELDS)[number]) => translateValidation(errors[field]?.message, t);
  const required = { required: true, 'aria-required': true } as const;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        company_street: values.company_street ? values.company_street : null,
        version,
      });
      form.reset(toForm(saved));
      setVersion(saved.company_version);
      stale.clear();
      success.show(t('myStory.saved'));
    } catch (error) {
      if (!stale.take(error)) applyServerErrors(error, form.setError, FIELDS, t);
    }
  });

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...myCaseQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (!fresh) return;
    form.reset(toForm(fresh));
    setVersion(fresh.company_version);
    stale.clear();
  };

  return (
    <FormSection title={t('myStory.employer.companyTitle')} headingId="company-heading">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <RequiredFieldsLegend />
        {/* Optional: the employer data are complete without it. */}
        <TextField
          label={t('myStory.employer.companyName')}
          autoComplete="organization"
          error={err('company_name')}
          {...form.register('company_name')}
        />
        <AddressFields
          streetRequired={false}
          street={{
            label: t('myStory.employer.street'),
            error: err('company_street'),
            ...form.register('company_street'),
          }}
          houseNumber={{
            label: t('myStory.employer.houseNumber'),
            error: err('company_house_number'),
            ...form.register('company_house_number'),
          }}
          postcode={{
            label: t('myStory.employer.postcode'),
            error: err('company_postcode'),
            ...form.register('company_postcode'),
          }}
          city={{ label: t('myStory.employer.city'), error: err('company_city'), ...form.register('company_city') }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('myStory.employer.contactEmail')}
            type="email"
            {...required}
            error={err('contact_email')}
            {...form.register('contact_email')}
          />
          <TextField
            label={t('myStory.employer.contactPhone')}
            type="tel"
            {...required}
            error={err('contact_phone_number')}
            {...form.register('contact_phone_number')}
          />
        </div>
        <FormError message={errors.root?.server?.message} />
        <StaleWriteNotice message={stale.message} onReload={reload} />
        <SuccessMessage message={success.message} token={success.token} />
        <div>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('myStory.save')}
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
