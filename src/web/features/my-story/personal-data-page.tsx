import { useQueryClient } from '@tanstack/react-query';
import { REQUIRED_PROFILE_FIELDS } from '../../../contract/rules/stepper';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UpdateUserRequestSchema } from '../../../contract/users';
import type { User } from '../../../contract/users';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../ui/field';
import { useVersionedSave, VersionedSaveNotices } from '../../widgets/versioned-save';
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
  const form = useSchemaForm(PersonalFormSchema, { defaultValues: toForm(user), guardUnsaved: true });
  const versioned = useVersionedSave({
    version: user.version,
    versionOf: (saved: User) => saved.version,
    show: (saved) => form.reset(toForm(saved)),
    reload: () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined),
  });
  const err = form.fieldError;

  const onSubmit = form.handleSubmit(async (values) => {
    const blank = (v: string | null | undefined) => (v ? v : null);
    await versioned.save(
      (version) =>
        update.mutateAsync({
          name: values.name,
          infix: blank(values.infix),
          last_name: values.last_name,
          phone_number: blank(values.phone_number),
          street: blank(values.street),
          house_number: blank(values.house_number),
          postcode: blank(values.postcode),
          city: blank(values.city),
          version,
        }),
      { savedText: t('myStory.saved'), onError: form.serverErrors },
    );
  });

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
      <FormError message={form.formError} />
      <VersionedSaveNotices save={versioned} />
      <div>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('myStory.save')}
        </Button>
      </div>
    </form>
  );
}
