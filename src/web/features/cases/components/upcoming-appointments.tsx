import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, PhoneCall } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAppointmentTime } from '../../../../contract/rules/appointment-slots';
import { api } from '../../../lib/api';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { casesQueryKeys, useUpcomingAppointments } from '../api';

/**
 * The lawyer's upcoming first conversations (date and time, the client, a link to the case) and
 * the clients who asked to be called back ('Bel mij terug'), each with 'Afgehandeld'.
 */
export function UpcomingAppointments() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const upcoming = useUpcomingAppointments();
  const done = useMutation({
    mutationFn: (caseId: string) => api.delete(`/api/cases/${encodeURIComponent(caseId)}/appointment/callback`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKeys.upcomingAppointments }),
  });
  if (upcoming.isPending) return null;
  if (upcoming.isError) {
    return (
      <p role="alert" className="text-red-800">
        {getErrorText(upcoming.error, t)}
      </p>
    );
  }
  const language = i18n.resolvedLanguage ?? 'nl-NL';
  const { data, callbacks } = upcoming.data;
  return (
    <>
      {callbacks.length > 0 && (
        <section aria-labelledby="callbacks-heading" className="flex flex-col gap-3">
          <h2 id="callbacks-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <PhoneCall className="size-4" aria-hidden="true" />
            {t('appointments.lawyer.callbacksHeading')}
          </h2>
          <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
            {callbacks.map((c) => (
              <li key={c.case_id} className="flex flex-col gap-2 px-4 py-3">
                <Link
                  to={`/dossiers/${encodeURIComponent(c.case_id)}/berichten`}
                  className="font-medium text-brand-800 underline underline-offset-4"
                >
                  {t('appointments.lawyer.callbackItem', { client: c.client_name || t('cases.unknownName') })}
                </Link>
                <Button
                  variant="secondary"
                  className="w-fit"
                  busy={done.isPending && done.variables === c.case_id}
                  onClick={() => done.mutateAsync(c.case_id).catch(() => undefined)}
                >
                  {t('appointments.lawyer.callbackDone')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="upcoming-heading" className="flex flex-col gap-3">
        <h2 id="upcoming-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CalendarDays className="size-4" aria-hidden="true" />
          {t('appointments.lawyer.upcomingHeading')}
        </h2>
        {data.length === 0 ? (
          <p className="text-slate-800">{t('appointments.lawyer.upcomingEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
            {data.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/dossiers/${encodeURIComponent(a.case_id)}`}
                  className="flex min-h-11 flex-col px-4 py-3 font-medium text-brand-800 hover:bg-slate-50"
                >
                  <span>{formatAppointmentTime(a.start, language)}</span>
                  <span className="text-sm text-slate-800">{a.client_name || t('cases.unknownName')}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
