import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../lib/messages-query';
import { cn } from '../ui/cn';

/**
 * The number of unread messages (all cases, or one), hidden at 0; screen readers hear ", 3 unread
 * messages" (visually hidden words; the digits are hidden from them), so a link around it keeps
 * its visible label at the start of its accessible name.
 */
export function UnreadBadge({ caseId, className }: { caseId?: string; className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const count = caseId
    ? (unread.data?.data.find((row) => row.case_id === caseId)?.count ?? 0)
    : (unread.data?.total ?? 0);
  if (count === 0) return null;
  return (
    <span
      className={cn(
        'ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs ' +
          'leading-5 font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">, {t('messages.unreadCount', { count })}</span>
    </span>
  );
}
