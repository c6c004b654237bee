import { useQueryClient } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailSchema } from '../../../../contract/auth';
import type { User } from '../../../../contract/users';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { useVersionedSave, VersionedSaveNotices } from '../../../widgets/versioned-save';
import { NameFields } from '../../../widgets/person-fields';
import { currentUserQueryOptions } from '../../../lib/user';
import { useConfirmEmailChange, useUpdateUser } from '../api';
import { LoginCodeSchema } from '../../../../contract/auth';
import { useState } from 'react';

const requiredName = z.string().trim().min(1).max(250);

/** The lawyer's profile: name, last_name, phone_number and email required; infix optional; quote at most 255. */
export const ProfileFormSchema = z.object({
  name: requiredName,
  infix: z.string().trim().max(250),
  last_name: requiredName,
  phone_number: z.string().trim().min(1).max(50),
  email: EmailSchema,
  quote: z.string().trim().max(255),
});
type ProfileFormValues = z.input<typeof ProfileFormSchema>;

const toForm = (user: User): ProfileFormValues => ({
  name: user.name ?? '',
  infix: user.infix ?? '',
  last_name: user.last_name ?? '',
  phone_number: user.phone_number ?? '',
  email: user.email,
  quote: user.quote ?? '',
});

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ProfileFormSchema, { defaultValues: toForm(user), guardUnsaved: true });
  const versioned = useVersionedSave({
    version: user.version,
    versionOf: (saved: User) => saved.version,
    show: (saved) => form.reset(toForm(saved)),
    reload: () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined),
  });
  const err = form.fieldError;
  const required = { required: true, 'aria-required': true } as const;
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    let emailChangeRequested = false;
    await versioned.save(
      async (version) => {
        const answer = await update.mutateAsync({
          ...values,
          infix: values.infix || null,
          quote: values.quote || null,
          version,
        });
        emailChangeRequested = answer.emailChangeRequested;
        setPendingEmail(emailChangeRequested ? values.email : null);
        return answer.user;
      },
      {
        savedText: () => t(emailChangeRequested ? 'emailChange.codeSent' : 'account.profile.saved'),
        onError: form.serverErrors,
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <RequiredFieldsLegend />
      <NameFields
        columns="sm:grid-cols-[2fr_1fr_2fr]"
        name={{ label: t('account.profile.name'), error: err('name'), ...form.register('name') }}
        infix={{
          label: t('account.profile.infix'),
          autoComplete: 'additional-name',
          error: err('infix'),
          ...form.register('infix'),
        }}
        lastName={{ label: t('account.profile.lastName'), error: err('last_name'), ...form.register('last_name') }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('account.profile.email')}
          type="email"
          autoComplete="email"
          {...required}
          error={err('email')}
          {...form.register('email')}
        />
        <TextField
          label={t('account.profile.phone')}
          type="tel"
          autoComplete="tel"
          {...required}
          error={err('phone_number')}
          {...form.register('phone_number')}
        />
      </div>
      <QuoteField error={err('quote')} registration={form.register('quote')} label={t('account.profile.quote')} />
      <FormError message={form.formError} />
      <VersionedSaveNotices save={versioned} />
      <div>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('account.save')}
        </Button>
      </div>
      {pendingEmail && (
        <EmailChangeConfirmation
          email={pendingEmail}
          onDone={(saved) => {
            setPendingEmail(null);
            versioned.show(saved);
            versioned.success.show(t('emailChange.changed'));
          }}
        />
      )}
    </form>
  );
}

const ConfirmSchema = z.object({ code: LoginCodeSchema });

/** The second step of an e-mail change: the code mailed to the new address (its own form, outside the profile form). */
function EmailChangeConfirmation({ email, onDone }: { email: string; onDone: (user: User) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const form = useSchemaForm(ConfirmSchema, { defaultValues: { code: '' } });
  const onConfirm = form.handleSubmit(async ({ code }) => {
    try {
      onDone(await confirm.mutateAsync(code));
    } catch (error) {
      form.serverErrors(error);
    }
  });
  return (
    <section
      aria-labelledby="email-change-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
    >
      <h3 id="email-change-title" className="font-semibold text-slate-900">
        {t('emailChange.title')}
      </h3>
      <p className="text-slate-700">{t('emailChange.intro', { email })}</p>
      <TextField
        label={t('emailChange.code')}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={6}
        error={form.fieldError('code')}
        {...form.register('code')}
      />
      <FormError message={form.formError} />
      <div>
        <Button type="button" busy={form.formState.isSubmitting} onClick={() => void onConfirm()}>
          {t('emailChange.confirm')}
        </Button>
      </div>
    </section>
  );
}

function QuoteField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'quote'>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="account-quote" className="font-medium text-slate-900">
        {label}
      </label>
      <textarea
        id="account-quote"
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'account-quote-error' : undefined}
        className={
          'w-full rounded-lg border bg-white px-3 py-2 text-slate-900 ' +
          (error ? 'border-red-700' : 'border-slate-400')
        }
        {...registration}
      />
      {error && (
        <p id="account-quote-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
