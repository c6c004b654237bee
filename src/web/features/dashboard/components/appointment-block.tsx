import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, CalendarPlus, PhoneCall } from 'lucide-react';
import type { AppointmentSlotView, AppointmentState } from '../../../../contract/appointments';
import {
  amsterdamDate,
  formatAppointmentClock,
  formatAppointmentDay,
  formatAppointmentTime,
  groupSlotsByDay,
} from '../../../../contract/rules/appointment-slots';
import { downloadFromApi } from '../../../lib/download';
import { getErrorText } from '../../../lib/error-text';
import { isApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Spinner } from '../../../ui/spinner';
import { useAppointment, useAppointmentActions, useAppointmentSlots } from '../api';
import { useLanguage } from '../../../lib/use-language';

const DAYS_SHOWN = 15;

/** 'Zet in je agenda': GET /api/cases/{id}/appointment.ics saved as a file. */
async function downloadCalendar(caseId: string): Promise<void> {
  await downloadFromApi(`/api/cases/${encodeURIComponent(caseId)}/appointment.ics`, 'eerste-gesprek.ics');
}

/**
 * The first conversation ('1e gesprek') on the client's dashboard: the booked time with 'Zet in
 * je agenda', 'Verzetten' and 'Annuleren', or the days of the next two weeks with their free
 * times; 'Bel mij terug' when there are none.
 */
export function AppointmentBlock({
  caseId,
  caseAppointmentStart,
}: {
  caseId: string;
  caseAppointmentStart: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = useAppointment(caseId);
  const [moving, setMoving] = useState(false);
  // When the page was opened: a conversation before then has taken place.
  const [openedAt] = useState(() => Date.now());
  if (state.isPending) {
    return (
      <Frame>
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('appointments.loading')}
        </p>
      </Frame>
    );
  }
  if (state.isError) {
    return (
      <Frame>
        <p role="alert" className="text-red-800">
          {getErrorText(state.error, t)}
        </p>
      </Frame>
    );
  }
  const data = state.data;
  if (!data.lawyer && !data.data) return null;
  // The first conversation already took place (set on the case before booking existed, or past): nothing to book.
  if (!data.data && caseAppointmentStart && new Date(caseAppointmentStart).getTime() < openedAt) {
    return (
      <Frame>
        <p className="text-slate-800">
          {t('appointments.tookPlace', { when: formatAppointmentTime(caseAppointmentStart, language) })}
        </p>
      </Frame>
    );
  }
  return (
    <Frame>
      {data.data && !moving ? (
        <Booked caseId={caseId} state={data} onMove={() => setMoving(true)} />
      ) : (
        <Picker caseId={caseId} state={data} moving={moving} onDone={() => setMoving(false)} />
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      id="appointment"
      aria-labelledby="appointment-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm"
    >
      <h2 id="appointment-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <CalendarDays className="size-5" aria-hidden="true" />
        {t('appointments.heading')}
      </h2>
      {children}
    </section>
  );
}

function ModeText({ state, videoUrl }: { state: AppointmentState; videoUrl: string | null }) {
  const { t } = useTranslation();
  if (state.mode === 'video' && videoUrl) {
    return (
      <p className="text-slate-800">
        {t('appointments.video')}{' '}
        <a
          href={videoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-4"
        >
          {t('appointments.videoLink')}
          <span className="sr-only">{t('dashboard.newTab')}</span>
        </a>
      </p>
    );
  }
  return <p className="text-slate-800">{t('appointments.phone')}</p>;
}

function Booked({ caseId, state, onMove }: { caseId: string; state: AppointmentState; onMove: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { cancel } = useAppointmentActions(caseId);
  const [confirming, setConfirming] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const appointment = state.data;
  if (!appointment) return null;
  return (
    <>
      <p className="text-lg font-semibold text-slate-900" data-testid="appointment-time">
        {t('appointments.bookedAt', {
          when: formatAppointmentTime(appointment.start, language),
          name: appointment.lawyer.full_name,
        })}
      </p>
      {appointment.lawyer.stand_in && (
        <p className="text-slate-800">{t('appointments.standIn', { name: appointment.lawyer.full_name })}</p>
      )}
      <ModeText state={state} videoUrl={appointment.video_url} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="secondary"
          onClick={async () => {
            setDownloadFailed(false);
            await downloadCalendar(caseId).catch(() => setDownloadFailed(true));
          }}
        >
          <CalendarPlus className="size-4" aria-hidden="true" />
          {t('appointments.addToCalendar')}
        </Button>
        {appointment.can_change && !confirming && (
          <>
            <Button variant="secondary" onClick={onMove}>
              {t('appointments.move')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('appointments.cancel')}
            </Button>
          </>
        )}
      </div>
      {downloadFailed && (
        <p role="alert" className="text-red-800">
          {t('appointments.downloadFailed')}
        </p>
      )}
      {!appointment.can_change && (
        <p className="text-slate-800">{t('appointments.tooLate', { hours: state.notice_hours })}</p>
      )}
      {confirming && (
        <div
          role="group"
          aria-labelledby="cancel-question"
          className="flex flex-col gap-3 rounded-lg border border-slate-300 p-4"
        >
          <p id="cancel-question" className="font-medium text-slate-900">
            {t('appointments.cancelQuestion')}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutateAsync().then(
                  () => setConfirming(false),
                  () => undefined,
                )
              }
            >
              {t('appointments.cancelConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('appointments.cancelKeep')}
            </Button>
          </div>
          {cancel.isError && (
            <p role="alert" className="text-red-800">
              {getErrorText(cancel.error, t)}
            </p>
          )}
        </div>
      )}
    </>
  );
}

function Picker({
  caseId,
  state,
  moving,
  onDone,
}: {
  caseId: string;
  state: AppointmentState;
  moving: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const slots = useAppointmentSlots(caseId, true);
  const { book, move, callback } = useAppointmentActions(caseId);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<AppointmentSlotView | null>(null);
  const lawyer = state.lawyer;
  if (slots.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-800">
        <Spinner />
        {t('appointments.loading')}
      </p>
    );
  }
  if (slots.isError) {
    return (
      <p role="alert" className="text-red-800">
        {getErrorText(slots.error, t)}
      </p>
    );
  }
  const today = amsterdamDate(new Date());
  const days = groupSlotsByDay(slots.data, today, DAYS_SHOWN);
  const selected = days.find((d) => d.date === day) ?? days.find((d) => d.slots.length > 0) ?? days[0];
  const mutation = moving ? move : book;
  const intro = lawyer ? t(moving ? 'appointments.introMove' : 'appointments.intro', { name: lawyer.full_name }) : null;

  if (slots.data.length === 0) {
    return (
      <>
        {intro && <p className="text-slate-800">{intro}</p>}
        <p className="text-slate-800">{t('appointments.noneInTwoWeeks')}</p>
        {state.callback_requested_at ? (
          <p role="status" className="font-medium text-green-800">
            {t('appointments.callbackRequested')}
          </p>
        ) : (
          <Button
            className="w-fit"
            busy={callback.isPending}
            onClick={() => callback.mutateAsync().catch(() => undefined)}
          >
            <PhoneCall className="size-4" aria-hidden="true" />
            {t('appointments.callMeBack')}
          </Button>
        )}
        {callback.isError && (
          <p role="alert" className="text-red-800">
            {getErrorText(callback.error, t)}
          </p>
        )}
        {moving && (
          <Button variant="link" className="w-fit" onClick={onDone}>
            {t('appointments.keepTime')}
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      {intro && <p className="text-slate-800">{intro}</p>}
      {lawyer?.stand_in && <p className="text-slate-800">{t('appointments.standIn', { name: lawyer.full_name })}</p>}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-slate-900">{t('appointments.chooseDay')}</legend>
        <div className="flex flex-wrap gap-2">
          {days.map((d) => (
            <button
              key={d.date}
              type="button"
              aria-pressed={selected?.date === d.date}
              onClick={() => {
                setDay(d.date);
                setChosen(null);
              }}
              className={cn(
                'min-h-11 rounded-lg border px-3 py-2 text-left text-sm font-medium',
                selected?.date === d.date
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700',
                d.slots.length === 0 && selected?.date !== d.date && 'text-slate-700',
              )}
            >
              {formatAppointmentDay(d.date, language)}
              <span className="sr-only">{d.slots.length === 0 ? ` – ${t('appointments.noTimes')}` : ''}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {selected && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-slate-900">
            {t('appointments.chooseTime', { day: formatAppointmentDay(selected.date, language) })}
          </legend>
          {selected.slots.length === 0 ? (
            <p className="text-slate-800">{t('appointments.noTimes')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {selected.slots.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  aria-pressed={chosen?.start === slot.start}
                  onClick={() => setChosen(slot)}
                  className={cn(
                    'min-h-11 min-w-20 rounded-lg border px-3 py-2 font-medium',
                    chosen?.start === slot.start
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700',
                  )}
                >
                  {formatAppointmentClock(slot.start)}
                </button>
              ))}
            </div>
          )}
        </fieldset>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          disabled={!chosen}
          busy={mutation.isPending}
          onClick={async () => {
            if (!chosen) return;
            await mutation.mutateAsync(chosen.start).then(onDone, () => undefined);
          }}
        >
          {chosen
            ? t(moving ? 'appointments.confirmMove' : 'appointments.confirm', {
                when: formatAppointmentTime(chosen.start, language),
              })
            : t('appointments.chooseFirst')}
        </Button>
        {moving && (
          <Button variant="secondary" onClick={onDone}>
            {t('appointments.keepTime')}
          </Button>
        )}
      </div>
      {mutation.isError && (
        <p role="alert" className="text-red-800">
          {refusalText(mutation.error) ?? getErrorText(mutation.error, t)}
        </p>
      )}
    </>
  );
}

/** The server's own words for a refused booking or move (taken slot, too late, the day's moves used up), if any. */
function refusalText(error: unknown): string | null {
  return isApiError(error) && (error.status === 409 || error.status === 429) ? error.serverMessage : null;
}
