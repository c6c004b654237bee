import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadMessages } from '../../../lib/messages-query';
import { cn } from '../../../ui/cn';

/** The task filter 'Ongelezen berichten' with its count; shown only while there are unread messages. */
export function UnreadMessagesTask({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const total = unread.data?.total ?? 0;
  if (total === 0 && !active) return null;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onToggle}
      className={cn(
        'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-4 py-2 text-left font-medium',
        active
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700',
      )}
    >
      <span>{t('messages.task')}</span>
      <span
        className={cn(
          'rounded-full px-2 text-sm font-semibold',
          active ? 'bg-white text-brand-900' : 'bg-slate-100 text-slate-900',
        )}
      >
        {total}
      </span>
    </button>
  );
}

/** The cases with unread messages, each opening its conversation. */
export function UnreadMessagesList() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  if (unread.isPending) return <p role="status">{t('cases.loading')}</p>;
  if (unread.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('cases.error')}
      </p>
    );
  if (unread.data.data.length === 0) return <p>{t('messages.noUnread')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
      {unread.data.data.map((row) => (
        <li key={row.case_id}>
          <Link
            to={`/dossiers/${encodeURIComponent(row.case_id)}/berichten`}
            className={
              'flex min-h-11 items-center justify-between gap-3 px-4 py-3 font-medium ' +
              'text-brand-800 hover:bg-slate-50'
            }
          >
            <span className="inline-flex items-center gap-2">
              <MessageSquare className="size-4" aria-hidden="true" />
              {row.client_name || t('cases.unknownName')}
            </span>
            <span className="text-sm text-slate-800">{t('messages.unreadCount', { count: row.count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
