import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useTranslation } from 'react-i18next';
import type { Day } from '../../../../contract/days';
import type { User } from '../../../../contract/users';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { StaleWriteNotice, useStaleWrite } from '../../../widgets/stale-write-notice';
import { SuccessMessage, useSuccessMessage } from '../../../ui/success-message';
import { currentUserQueryOptions } from '../../../lib/user';
import { useUpdateUser } from '../api';
import {
  toAvailabilityRequest,
  toAvailabilityRows,
  validateAvailability,
  type AvailabilityError,
  type AvailabilityRow,
} from '../availability';

/** 'Mijn beschikbaarheid': start and end per weekday, Monday to Sunday; only complete days are sent. */
export function AvailabilityForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const baseId = useId();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  // The version of the availability the form shows, sent with the save (409 when older).
  const [version, setVersion] = useState(user.availability_version);
  const [rows, setRows] = useState<AvailabilityRow[]>(() => toAvailabilityRows(user.availability));
  const [savedRows, setSavedRows] = useState(rows);
  useUnsavedChanges(JSON.stringify(rows) !== JSON.stringify(savedRows));
  const [errors, setErrors] = useState<Partial<Record<Day, AvailabilityError>>>({});
  const [formError, setFormError] = useState<string | undefined>();

  const setTime = (day: Day, field: 'start_time' | 'end_time', value: string) =>
    setRows((current) => current.map((row) => (row.day === day ? { ...row, [field]: value } : row)));
  const dayName = (day: Day) => t(`account.days.${day}`);
  const errorText = (day: Day, error: AvailabilityError) =>
    error === 'incomplete'
      ? t('account.availability.incomplete', { day: dayName(day) })
      : t('account.availability.order', { day: dayName(day) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateAvailability(rows);
    setErrors(found);
    setFormError(undefined);
    const first = rows.find((row) => found[row.day]);
    if (first) {
      document.getElementById(`${baseId}-${first.day}-start`)?.focus();
      return;
    }
    try {
      // Only the availability: sending the profile fields too would undo a change made elsewhere.
      const { user: saved } = await update.mutateAsync({
        availability: toAvailabilityRequest(rows),
        availability_version: version,
      });
      const next = toAvailabilityRows(saved.availability);
      setRows(next);
      setSavedRows(next);
      setVersion(saved.availability_version);
      stale.clear();
      success.show(t('account.profile.saved'));
    } catch (e) {
      if (!stale.take(e)) setFormError(getErrorText(e, t));
    }
  };

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (!fresh) return;
    const next = toAvailabilityRows(fresh.availability);
    setRows(next);
    setSavedRows(next);
    setErrors({});
    setVersion(fresh.availability_version);
    stale.clear();
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {rows.map((row) => {
          const error = errors[row.day];
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
                  value={row.start_time}
                  invalid={Boolean(error)}
                  errorId={errorId}
                  onChange={(v) => setTime(row.day, 'start_time', v)}
                />
                <TimeInput
                  id={`${baseId}-${row.day}-end`}
                  label={t('account.availability.end')}
                  value={row.end_time}
                  invalid={Boolean(error)}
                  errorId={errorId}
                  onChange={(v) => setTime(row.day, 'end_time', v)}
                />
                {error && (
                  <p id={errorId} className="col-span-2 text-sm font-medium text-red-700 sm:col-span-3">
                    {errorText(row.day, error)}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <FormError message={formError} />
      <StaleWriteNotice message={stale.message} onReload={reload} />
      <SuccessMessage message={success.message} token={success.token} />
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
  value,
  invalid,
  errorId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-400'}`}
      />
    </div>
  );
}
