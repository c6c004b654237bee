import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseClientView } from '../../../../contract/cases';
import { canWithdraw, getDeletionDate, getWithdrawalLastDay } from '../../../../contract/rules/case-route';
import { downloadCaseExport } from '../../../lib/download';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/field';
import { getErrorText } from '../../../lib/error-text';
import { useDashboardRetention, useWithdrawEngagement } from '../api';

/**
 * Signed date and the withdrawal period after signing, with 'Opdracht herroepen' while it runs;
 * at completed the deletion date and 'Download al mijn documenten'.
 */
export function CaseDates({ view }: { view: CaseClientView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [withdrawError, setWithdrawError] = useState<string | undefined>();
  const [withdrawn, setWithdrawn] = useState(false);
  const withdraw = useWithdrawEngagement(view.id);
  // Completed and not on a legal hold: the account's deletion and the firm's keeping of the file, with the reasons.
  const retention = useDashboardRetention(
    view.id,
    view.status.slug === 'completed' && Boolean(view.completed_at) && !view.legal_hold,
  ).data;
  if (withdrawn && !view.proposal_signed_at) {
    return (
      <p role="status" className="rounded-2xl border border-green-700 bg-green-50 p-5 text-green-900">
        {t('withdrawal.done')}
      </p>
    );
  }
  if (!view.proposal_signed_at && !view.completed_at) return null;
  const withdrawalEnd = view.withdrawal_ends_at ? new Date(view.withdrawal_ends_at) : null;
  const mayWithdraw = canWithdraw(view.status.slug, withdrawalEnd, new Date(), view.legal_hold);
  const onWithdraw = async () => {
    setWithdrawError(undefined);
    try {
      await withdraw.mutateAsync();
      setWithdrawn(true);
      setConfirming(false);
    } catch (error) {
      setWithdrawError(getErrorText(error, t));
    }
  };
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
    <section
      aria-labelledby="case-dates-heading"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="case-dates-heading" className="text-lg font-semibold text-slate-900">
        {t('caseRoute.dates.heading')}
      </h2>
      {view.proposal_signed_at && (
        <>
          <p className="text-slate-800">{t('caseRoute.signedOn', { date: formatDate(view.proposal_signed_at) })}</p>
          {mayWithdraw && withdrawalEnd && (
            <>
              <p className="text-slate-800">
                {t('withdrawal.until', { date: formatDate(getWithdrawalLastDay(withdrawalEnd)) })}
              </p>
              {view.start_consent !== null && (
                <p className="text-slate-800">
                  {t(view.start_consent ? 'withdrawal.consentGiven' : 'withdrawal.consentWithheld')}
                </p>
              )}
              <Button variant="secondary" className="w-fit" onClick={() => setConfirming(true)}>
                {t('withdrawal.button')}
              </Button>
              <Dialog
                open={confirming}
                onOpenChange={(open) => {
                  if (!open) setWithdrawError(undefined);
                  setConfirming(open);
                }}
                title={t('withdrawal.confirmTitle')}
                description={t('withdrawal.confirmText')}
                actions={
                  <>
                    <Button variant="secondary" onClick={() => setConfirming(false)}>
                      {t('withdrawal.cancel')}
                    </Button>
                    <Button onClick={onWithdraw} busy={withdraw.isPending}>
                      {t('withdrawal.confirm')}
                    </Button>
                  </>
                }
              >
                <FormError message={withdrawError} />
              </Dialog>
            </>
          )}
        </>
      )}
      {view.completed_at && (
        <>
          <p className="text-slate-800">{t('caseRoute.completedOn', { date: formatDate(view.completed_at) })}</p>
          {retention ? (
            <>
              <p className="font-medium text-slate-900">
                {t('caseRoute.retention.account', { date: formatDate(retention.account_until) })}
              </p>
              <p className="text-slate-800">
                {t('caseRoute.retention.file', { date: formatDate(retention.file_until), years: retention.years })}
              </p>
            </>
          ) : (
            <p className="font-medium text-slate-900">
              {t('caseRoute.deletionOn', { date: formatDate(getDeletionDate(new Date(view.completed_at))) })}
            </p>
          )}
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
