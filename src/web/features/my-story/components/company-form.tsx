import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UpdateCompanyRequestSchema, type CaseClientView } from '../../../../contract/cases';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { useVersionedSave, VersionedSaveNotices } from '../../../widgets/versioned-save';
import { AddressFields } from '../../../widgets/person-fields';
import { myCaseQueryOptions } from '../../../lib/my-case-query';
import { useUpdateCompany } from '../api';
import { FormSection } from './form-section';

type CompanyForm = z.input<typeof UpdateCompanyRequestSchema>;

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
  const form = useSchemaForm(UpdateCompanyRequestSchema, { defaultValues: toForm(myCase), guardUnsaved: true });
  const versioned = useVersionedSave({
    version: myCase.company_version,
    versionOf: (saved: CaseClientView) => saved.company_version,
    show: (saved) => form.reset(toForm(saved)),
    reload: () => queryClient.fetchQuery({ ...myCaseQueryOptions(), staleTime: 0 }).catch(() => undefined),
  });
  const err = form.fieldError;
  const required = { required: true, 'aria-required': true } as const;

  const onSubmit = form.handleSubmit((values) =>
    versioned.save(
      (version) =>
        update.mutateAsync({
          ...values,
          company_street: values.company_street ? values.company_street : null,
          version,
        }),
      { savedText: t('myStory.saved'), onError: form.serverErrors },
    ),
  );

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
        <FormError message={form.formError} />
        <VersionedSaveNotices save={versioned} />
        <div>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('myStory.save')}
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
