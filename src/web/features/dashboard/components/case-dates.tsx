import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseClientView } from '../../../../contract/cases';
import { getCoolingOffEnd, getDeletionDate } from '../../../../contract/rules/case-route';
import { downloadCaseExport } from '../../../lib/download';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';

/** Signed and cooling-off dates after signing; at completed the deletion date and 'Download al mijn documenten'. */
export function CaseDates({ view }: { view: CaseClientView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [failed, setFailed] = useState(false);
  if (!view.proposal_signed_at && !view.completed_at) return null;
  const onDownload = async () => {
    setFailed(false);
    try {
      await downloadCaseExport(view.id);
    } catch (error) {
      console.warn('Export failed', error);
      setFailed(true);
    }
  };
  return (
    <section aria-labelledby="case-dates-heading" className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="case-dates-heading" className="text-lg font-semibold text-slate-900">
        {t('caseRoute.dates.heading')}
      </h2>
      {view.proposal_signed_at && (
        <>
          <p className="text-slate-800">{t('caseRoute.signedOn', { date: formatDate(view.proposal_signed_at) })}</p>
          {!view.completed_at && <p className="text-slate-800">{t('caseRoute.coolingOffUntil', { date: formatDate(getCoolingOffEnd(new Date(view.proposal_signed_at))) })}</p>}
        </>
      )}
      {view.completed_at && (
        <>
          <p className="text-slate-800">{t('caseRoute.completedOn', { date: formatDate(view.completed_at) })}</p>
          <p className="font-medium text-slate-900">{t('caseRoute.deletionOn', { date: formatDate(getDeletionDate(new Date(view.completed_at))) })}</p>
          <Button variant="secondary" className="w-fit" onClick={onDownload}>
            {t('caseRoute.download')}
          </Button>
          {failed && (
            <p role="alert" className="text-red-800">
              {t('caseRoute.downloadFailed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
