import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDutchDate } from '../../../contract/rules/settlement-format';
import { newestEmployerVersion } from '../../../contract/rules/settlement-signing';
import type { Settlement } from '../../../contract/settlement';
import { selectUser, useSession } from '../../lib/app-session';
import { CoolingOffNotice } from '../../widgets/cooling-off-notice';
import { DownloadButton } from '../../ui/download-button';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { dayOf, keyDatesPath, todayInAmsterdam, useSettlement } from './api';
import { ClientResponse } from './components/client-response';
import { CoolingOffCountdown } from './components/cooling-off-countdown';
import { VersionCard } from './components/version-card';
import { WwCheckBasis, WwCheckList } from './components/ww-check-list';

/**
 * /onderhandeling: the client's view of the settlement negotiation. The running bedenktijd,
 * the WW check of the final version once the lawyer approved it, the key dates for the
 * calendar, and every version newest first with what changed and the client's answer.
 * Live: a new version or a change by the lawyer refreshes it (`case_changed`, lib/live-events.ts).
 */
export function NegotiationPage() {
  const { t } = useTranslation();
  const caseId = useSession(selectUser)?.case?.id ?? null;
  const settlement = useSettlement(caseId);
  const heading = <PageHeading>{t('settlement.negotiation.title')}</PageHeading>;
  if (!caseId || settlement.isError) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role={caseId ? 'alert' : undefined} className={caseId ? 'text-red-800' : 'text-slate-800'}>
          {caseId ? t('settlement.negotiation.error') : t('settlement.negotiation.empty')}
        </p>
      </section>
    );
  }
  if (settlement.isPending) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('settlement.negotiation.loading')}
        </p>
      </section>
    );
  }
  const data = settlement.data;
  const today = todayInAmsterdam();
  // Answers are asked on the newest version, before signing, on an open case; 'Akkoord' only when
  // it is the employer's (the server refuses any other). Our own counter-offer awaits the employer.
  const answering = !data.signed && !data.closed;
  const employerNewest = newestEmployerVersion(data.versions);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      {heading}
      <p className="text-slate-800">{t('settlement.negotiation.intro')}</p>
      {data.versions.length === 0 ? (
        <p className="text-slate-800">{t('settlement.negotiation.empty')}</p>
      ) : (
        <>
          {data.cooling_off_running && data.cooling_off_ends_on && (
            <CoolingOffNotice caseId={caseId} endsOn={data.cooling_off_ends_on}>
              <CoolingOffCountdown endsOn={data.cooling_off_ends_on} today={today} />
            </CoolingOffNotice>
          )}
          <ClientWwCheck data={data} />
          {!data.cooling_off_running && (
            <div className="flex flex-col gap-2">
              <p className="text-slate-800">{t('settlement.negotiation.calendarHint')}</p>
              <DownloadButton
                path={keyDatesPath(caseId)}
                filename="belangrijke-data.ics"
                failedMessage={t('settlement.coolingOff.downloadFailed')}
              >
                <CalendarPlus className="size-5" aria-hidden="true" />
                {t('settlement.negotiation.calendar')}
              </DownloadButton>
            </div>
          )}
          <section aria-labelledby="versions-heading" className="flex flex-col gap-4">
            <h2 id="versions-heading" className="text-xl font-semibold text-slate-900">
              {t('settlement.negotiation.versionsHeading')}
            </h2>
            <ol className="flex flex-col gap-4">
              {data.versions.map((version, index) => (
                <li key={version.id}>
                  <VersionCard
                    version={version}
                    previous={data.versions[index + 1]}
                    audience="client"
                    newest={index === 0}
                    today={today}
                    heading="h3"
                  >
                    {answering && index === 0 && (
                      <ClientResponse caseId={caseId} version={version} mayAgree={version.id === employerNewest?.id} />
                    )}
                  </VersionCard>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </section>
  );
}

/** The WW check of the final version in plain words, once the lawyer has approved it. */
function ClientWwCheck({ data }: { data: Settlement }) {
  const { t } = useTranslation();
  const check = data.check;
  if (!check) return null;
  return (
    <section
      aria-labelledby="ww-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-5"
    >
      <h2 id="ww-heading" className="text-xl font-semibold text-slate-900">
        {t('settlement.ww.heading')}
      </h2>
      {check.result && check.approved_at ? (
        <>
          <p className="text-slate-800">{t('settlement.ww.clientIntro')}</p>
          <WwCheckList items={check.result.items} labelledBy="ww-heading" />
          <WwCheckBasis check={check} />
          <p className="font-medium text-slate-900">
            {t('settlement.ww.wwStart', { date: formatDutchDate(check.result.ww_start_date) })}
          </p>
          <p className="text-sm text-slate-700">{t('settlement.ww.checkedOn', { date: dayOf(check.approved_at) })}</p>
        </>
      ) : (
        <p className="text-slate-800">{t('settlement.ww.clientPending')}</p>
      )}
    </section>
  );
}
