import { useTranslation } from 'react-i18next';
import { getWithdrawalLastDay, isWaitingForWithdrawalPeriod } from '../../../../contract/rules/case-route';
import { useFormatDate } from '../../../lib/use-format-date';

/**
 * Why the lawyer cannot review yet: the client chose that the firm waits for the end of the
 * withdrawal period. While the period runs with the client's consent, the date it ends.
 */
export function WithdrawalNotice({
  withdrawalEndsAt,
  startConsent,
}: {
  withdrawalEndsAt: string | null;
  startConsent: boolean | null;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!withdrawalEndsAt) return null;
  const end = new Date(withdrawalEndsAt);
  const now = new Date();
  if (isWaitingForWithdrawalPeriod(startConsent, end, now)) {
    return (
      <p role="status" className="rounded-lg border border-amber-600 bg-amber-50 px-4 py-3 font-medium text-amber-900">
        {t('withdrawal.lawyerWaiting', { date: formatDate(end) })}
      </p>
    );
  }
  if (startConsent && now < end)
    return (
      <p className="text-slate-800">{t('withdrawal.lawyerConsent', { date: formatDate(getWithdrawalLastDay(end)) })}</p>
    );
  return null;
}
