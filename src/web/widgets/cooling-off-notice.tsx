import { CalendarPlus, FileDown, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../contract/rules/settlement-format';
import { DownloadButton } from '../ui/download-button';

/**
 * The running bedenktijd of a signed settlement agreement, for the client (dashboard and
 * /onderhandeling): 'Je kunt de vaststellingsovereenkomst tot en met 16 maart 2026 zonder opgave
 * van redenen ontbinden.', the filled-in dissolution letter (PDF) and the key dates (.ics).
 */
export function CoolingOffNotice({
  caseId,
  endsOn,
  children,
}: {
  caseId: string;
  endsOn: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const base = `/api/cases/${encodeURIComponent(caseId)}`;
  return (
    <section
      aria-labelledby="cooling-off-heading"
      className="flex flex-col gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-5"
    >
      <h2 id="cooling-off-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Hourglass className="size-5" aria-hidden="true" />
        {t('settlement.coolingOff.heading')}
      </h2>
      <p className="font-semibold text-slate-900">
        {t('settlement.coolingOff.line', { date: formatLongDate(endsOn, i18n.resolvedLanguage ?? 'nl-NL') })}
      </p>
      {children}
      <p className="text-slate-800">{t('settlement.coolingOff.letterHint')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <DownloadButton
          path={`${base}/settlement/dissolution-letter`}
          filename="ontbindingsverklaring.pdf"
          failedMessage={t('settlement.coolingOff.downloadFailed')}
        >
          <FileDown className="size-5" aria-hidden="true" />
          {t('settlement.coolingOff.letter')}
        </DownloadButton>
        <DownloadButton
          path={`${base}/key-dates.ics`}
          filename="belangrijke-data.ics"
          failedMessage={t('settlement.coolingOff.downloadFailed')}
        >
          <CalendarPlus className="size-5" aria-hidden="true" />
          {t('settlement.negotiation.calendar')}
        </DownloadButton>
      </div>
    </section>
  );
}
