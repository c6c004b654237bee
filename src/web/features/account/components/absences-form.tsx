import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AbsenceListResponseSchema,
  AbsenceSchema,
  CreateAbsenceRequestSchema,
} from '../../../../contract/appointments';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { getErrorText } from '../../../lib/error-text';
import { emptyAsMissing } from '../../../lib/form-resolver';
import { useSchemaForm } from '../../../lib/schema-form';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';
import { FormError, TextField } from '../../../ui/field';

const absencesKey = ['user', 'absences'] as const;

/**
 * The lawyer's absences under 'Mijn beschikbaarheid': 'Afwezig van … tot en met …' (both days
 * included). Clients are offered no slots on those days.
 */
export function AbsencesForm() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const absences = useQuery({
    queryKey: absencesKey,
    queryFn: async ({ signal }) => (await api.get('/api/user/absences', AbsenceListResponseSchema, signal)).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: absencesKey });
  const add = useMutation({
    mutationFn: (body: { from: string; until: string }) =>
      api.post('/api/user/absences', body, z.object({ data: AbsenceSchema })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/user/absences/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  const form = useSchemaForm(CreateAbsenceRequestSchema, { defaultValues: { from: '', until: '' } });
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSaved(false);
      try {
        await add.mutateAsync(values);
        form.reset();
        setSaved(true);
      } catch (error) {
        form.serverErrors(error);
      }
    },
    () => setSaved(false),
  );

  return (
    <div className="flex flex-col gap-4" data-testid="absences">
      <h3 className="text-lg font-semibold text-slate-900">{t('appointments.absences.heading')}</h3>
      <p className="text-slate-800">{t('appointments.absences.intro')}</p>
      {absences.isPending ? (
        <p role="status">{t('account.loading')}</p>
      ) : absences.isError ? (
        <p role="alert" className="text-red-800">
          {getErrorText(absences.error, t)}
        </p>
      ) : absences.data.length === 0 ? (
        <p className="text-slate-800">{t('appointments.absences.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {absences.data.map((a) => (
            <li
              key={a.id}
              className={
                'flex flex-col gap-2 rounded-lg border border-slate-300 px-4 py-2 sm:flex-row ' +
                'sm:items-center sm:justify-between'
              }
            >
              <span className="text-slate-900">
                {t('appointments.absences.item', {
                  from: formatDate(a.from),
                  until: formatDate(a.until),
                })}
              </span>
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === a.id}
                aria-label={t('appointments.absences.removeLabel', {
                  from: formatDate(a.from),
                  until: formatDate(a.until),
                })}
                onClick={() => remove.mutateAsync(a.id).catch(() => undefined)}
              >
                {t('appointments.absences.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          type="date"
          label={t('appointments.absences.from')}
          error={form.fieldError('from')}
          {...form.register('from', emptyAsMissing)}
        />
        <TextField
          type="date"
          label={t('appointments.absences.until')}
          error={form.fieldError('until')}
          {...form.register('until', emptyAsMissing)}
        />
        <Button type="submit" busy={add.isPending}>
          {t('appointments.absences.add')}
        </Button>
      </form>
      <FormError message={form.formError} />
      {saved && (
        <p role="status" className="text-green-800">
          {t('appointments.absences.saved')}
        </p>
      )}
    </div>
  );
}
