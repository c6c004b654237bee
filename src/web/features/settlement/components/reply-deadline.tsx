import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { daysBetween } from '../../../../contract/rules/amsterdam-date';
import { formatDutchDate } from '../../../../contract/rules/settlement-format';

/**
 * The days left to reply to a version: 'Nog 3 dagen om te reageren (tot en met 03-03-2026)', the last day, or passed.
 */
export function ReplyDeadline({ replyBy, today }: { replyBy: string; today: string }) {
  const { t } = useTranslation();
  const days = daysBetween(today, replyBy);
  const date = formatDutchDate(replyBy);
  const text =
    days > 0
      ? t('settlement.version.replyLeft', { count: days, date })
      : days === 0
        ? t('settlement.version.replyToday', { date })
        : t('settlement.version.replyPassed', { date });
  return (
    <p
      className={
        days >= 0 ? 'flex items-center gap-2 font-medium text-slate-900' : 'flex items-center gap-2 text-slate-800'
      }
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
