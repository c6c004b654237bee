import { useQueryClient } from '@tanstack/react-query';
import { REQUIRED_PROFILE_FIELDS } from '../../../contract/rules/stepper';
import { formResolver } from '../../lib/form-resolver';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UpdateUserRequestSchema } from '../../../contract/users';
import type { User } from '../../../contract/users';
import { applyServerErrors, translateValidation } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../ui/field';
import { StaleWriteNotice, useStaleWrite } from '../../widgets/stale-write-notice';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { AddressFields, NameFields } from '../../widgets/person-fields';
import { currentUserQueryOptions } from '../../lib/user';
import { useCurrentUser, useUpdateProfile } from './api';
import { PersonalDataIllustration } from './components/illustration';
import { TabStatus } from './components/form-section';

const PersonalFormSchema = UpdateUserRequestSchema.pick({
  name: true,
  infix: true,
  last_name: true,
  phone_number: true,
  street: true,
  house_number: true,
  postcode: true,
  city: true,
})
  .required({
    name: true,
    last_name: true,
  })
  // Exactly the fields that make the profile complete (contract REQUIRED_PROFILE_FIELDS) are required.
  .superRefine((value, context) => {
    for (const field of REQUIRED_PROFILE_FIELDS) {
      const entry = value[field];
      if (typeof entry !== 'string' || entry.trim() === '')
        context.addIssue({ code: 'custom', path: [field], params: { key: 'required' } });
    }
  });
type PersonalForm = z.input<typeof PersonalFormSchema>;
const FIELDS = ['name', 'infix', 'last_name', 'phone_number', 'street', 'house_number', 'postcode', 'city'] as const;

const toForm = (user: User): PersonalForm => ({
  name: user.name ?? '',
  infix: user.infix ?? '',
  last_name: user.last_name ?? '',
  phone_number: user.phone_number ?? '',
  street: user.street ?? '',
  house_number: user.house_number ?? '',
  postcode: user.postcode ?? '',
  city: user.city ?? '',
});

/** Tab 'Jouw gegevens' (/mijn-verhaal): the personal data form with its illustration. */
export function PersonalDataPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6" aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="text-xl font-semibold text-slate-900">
        {t('pages.myStory.personal.heading')}
      </h2>
      <TabStatus
        loading={user.isPending}
        error={user.isError}
        loadingText={t('app.loading')}
        errorText={t('errors.generic')}
      />
      {user.data && (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <PersonalDataForm user={user.data} />
          <PersonalDataIllustration className="mx-auto hidden w-full max-w-xs lg:block" />
        </div>
      )}
    </section>
  );
}

function PersonalDataForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  // The version of the data the form shows: sent with the save, so an older copy is refused (409).
  const [version, setVersion] = useState(user.version);
  const form = useForm<PersonalForm, unknown, z.output<typeof PersonalFormSchema>>({
    resolver: formResolver(PersonalFormSchema),
    defaultValues: toForm(user),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  const err = (field: (typeof FIELDS)[number]) => translateValidation(errors[field]?.message, t);

  const onSubmit = form.handleSubmit(async (values) => {
    const blank = (v: string | null | undefined) => (v ? v : null);
    try {
      const saved = await update.mutateAsync({
        name: values.name,
        infix: blank(values.infix),
        last_name: values.last_name,
        phone_number: blank(values.phone_number),
        street: blank(values.street),
        house_number: blank(values.house_number),
        postcode: blank(values.postcode),
        city: blank(values.city),
        version,
      });
      form.reset(toForm(saved));
      setVersion(saved.version);
      stale.clear();
      success.show(t('myStory.saved'));
    } catch (error) {
      if (!stale.take(error)) applyServerErrors(error, form.setError, FIELDS, t);
    }
  });

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (!fresh) return;
    form.reset(toForm(fresh));
    setVersion(fresh.version);
    stale.clear();
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <RequiredFieldsLegend />
      <NameFields
        columns="sm:grid-cols-3"
        name={{ label: t('myStory.personal.name'), error: err('name'), ...form.register('name') }}
        infix={{ label: t('myStory.personal.infix'), error: err('infix'), ...form.register('infix') }}
        lastName={{ label: t('myStory.personal.lastName'), error: err('last_name'), ...form.register('last_name') }}
      />
      <TextField
        label={t('myStory.personal.email')}
        type="email"
        value={user.email}
        readOnly
        hint={t('myStory.personal.emailHint')}
      />
      <TextField
        label={t('myStory.personal.phone')}
        type="tel"
        autoComplete="tel"
        required
        aria-required="true"
        error={err('phone_number')}
        {...form.register('phone_number')}
      />
      <AddressFields
        streetRequired
        street={{
          label: t('myStory.personal.street'),
          autoComplete: 'address-line1',
          error: err('street'),
          ...form.register('street'),
        }}
        houseNumber={{
          label: t('myStory.personal.houseNumber'),
          error: err('house_number'),
          ...form.register('house_number'),
        }}
        postcode={{
          label: t('myStory.personal.postcode'),
          autoComplete: 'postal-code',
          error: err('postcode'),
          ...form.register('postcode'),
        }}
        city={{
          label: t('myStory.personal.city'),
          autoComplete: 'address-level2',
          error: err('city'),
          ...form.register('city'),
        }}
      />
      <FormError message={errors.root?.server?.message} />
      <StaleWriteNotice message={stale.message} onReload={reload} />
      <SuccessMessage message={success.message} token={success.token} />
      <div>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('myStory.save')}
        </Button>
      </div>
    </form>
  );
}
