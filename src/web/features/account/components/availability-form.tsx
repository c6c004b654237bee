import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DaySchema, type Day } from '../../../../contract/days';
import { UpdateUserRequestSchema, type User } from '../../../../contract/users';
import { validationKey } from '../../../../contract/validation-messages';
import { getErrorText } from '../../../lib/error-text';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { FormError } from '../../../ui/field';
import { useVersionedSave, VersionedSaveNotices } from '../../../widgets/versioned-save';
import { currentUserQueryOptions } from '../../../lib/user';
import { useUpdateUser } from '../api';
import { toAvailabilityRequest, toAvailabilityRows, type AvailabilityRow } from '../availability';

/**
 * The rows as typed (an empty time is ''), read as the contract's availability: both times or
 * neither, the end after the start. The request itself holds only the complete days.
 */
const AvailabilityFormSchema = z.object({
  rows: z
    .array(z.object({ day: DaySchema, start_time: z.string(), end_time: z.string() }))
    .transform((rows) =>
      rows.map((row) => ({
        day: row.day,
        start_time: row.start_time.trim() || null,
        end_time: row.end_time.trim() || null,
      })),
    )
    .pipe(UpdateUserRequestSchema.shape.availability.unwrap()),
});
type AvailabilityFormInput = { rows: AvailabilityRow[] };

/** 'Mijn beschikbaarheid': start and end per weekday, Monday to Sunday; only complete days are sent. */
export function AvailabilityForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const baseId = useId();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const form = useSchemaForm<typeof AvailabilityFormSchema, AvailabilityFormInput>(AvailabilityFormSchema, {
    defaultValues: { rows: toAvailabilityRows(user.availability) },
    // The first day with an error gets the focus on its start time, as the page reads.
    shouldFocusError: false,
    guardUnsaved: true,
  });
  const versioned = useVersionedSave({
    version: user.availability_version,
    versionOf: (saved: User) => saved.availability_version,
    show: (saved) => form.reset({ rows: toAvailabilityRows(saved.availability) }),
    reload: () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined),
  });
  const rows = form.getValues('rows');
  const [formError, setFormError] = useState<string | undefined>();

  const dayName = (day: Day) => t(`account.days.${day}`);
  // The contract names the broken rule; the page says it with the day's name.
  const errorText = (day: Day, message: string) =>
    message === t(validationKey('endAfterStart'))
      ? t('account.availability.order', { day: dayName(day) })
      : t('account.availability.incomplete', { day: dayName(day) });

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (update.isPending) return;
      setFormError(undefined);
      await versioned.save(
        async (version) =>
          // Only the availability: sending the profile fields too would undo a change made elsewhere.
          (
            await update.mutateAsync({
              availability: toAvailabilityRequest(
                values.rows.map((row) => ({
                  day: row.day,
                  start_time: row.start_time ?? '',
                  end_time: row.end_time ?? '',
                })),
              ),
              availability_version: version,
            })
          ).user,
        { savedText: t('account.profile.saved'), onError: (e) => setFormError(getErrorText(e, t)) },
      );
    },
    (found) => {
      setFormError(undefined);
      const first = found.rows?.findIndex?.((row) => Boolean(row)) ?? -1;
      if (first >= 0) form.setFocus(`rows.${first}.start_time`);
    },
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const message = form.formState.errors.rows?.[index]?.end_time?.message;
          const error = message ? errorText(row.day, message) : undefined;
          const errorId = `${baseId}-${row.day}-error`;
          return (
            <li key={row.day}>
              <fieldset
                className="grid grid-cols-2 items-end gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr_1fr]"
                aria-describedby={error ? errorId : undefined}
              >
                <legend className="col-span-2 font-medium text-slate-900 sm:float-left sm:col-span-1 sm:pt-8">
                  {dayName(row.day)}
                </legend>
                <TimeInput
                  id={`${baseId}-${row.day}-start`}
                  label={t('account.availability.start')}
                  invalid={Boolean(error)}
                  errorId={errorId}
                  {...form.register(`rows.${index}.start_time`)}
                />
                <TimeInput
                  id={`${baseId}-${row.day}-end`}
                  label={t('account.availability.end')}
                  invalid={Boolean(error)}
                  errorId={errorId}
                  {...form.register(`rows.${index}.end_time`)}
                />
                {error && (
                  <p id={errorId} className="col-span-2 text-sm font-medium text-red-700 sm:col-span-3">
                    {error}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <FormError message={formError} />
      <VersionedSaveNotices save={versioned} />
      <div>
        <Button type="submit" busy={update.isPending}>
          {t('account.save')}
        </Button>
      </div>
    </form>
  );
}

function TimeInput({
  id,
  label,
  invalid,
  errorId,
  ...registration
}: {
  id: string;
  label: string;
  invalid: boolean;
  errorId: string;
} & UseFormRegisterReturn) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="time"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={cn(
          'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900',
          invalid ? 'border-red-700' : 'border-slate-400',
        )}
        {...registration}
      />
    </div>
  );
}
