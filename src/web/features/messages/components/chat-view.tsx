import { Check, CheckCheck, Paperclip, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DELETE_WINDOW_MS, type Message } from '../../../../contract/messages';
import { downloadDocument } from '../../../lib/download';
import { amsterdamDay, formatTime } from '../../../lib/format';
import { useFormatDate } from '../../../lib/use-format-date';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { oldestFirst, useConversation, useDeleteMessage, useMarkRead } from '../api';
import { Composer } from './composer';
import { MessageText } from './message-text';
import { isCaseLocked } from '../../../../contract/rules/case-lock';
import type { StatusSlug } from '../../../../contract/statuses';
import { useSite } from '../../../lib/site';

/** Who the conversation is with; `note` names a stand-in beside the assigned lawyer. */
export type Counterpart = { name: string; avatar?: string | null; subtitle?: string; note?: string };

/** Messages are grouped by their day in Amsterdam, the day the dates on screen show. */
const dayKey = (iso: string) => amsterdamDay(iso);

/** Re-renders every 15 s, so a delete button disappears once its 5 minutes are over. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The conversation of one case: the other side's photo and name, messages by day with
 * 'gelezen' marks on one's own, older pages on request, and the composer. Messages of the
 * other side are marked read while the conversation is on screen.
 */
export function ChatView({
  caseId,
  myRole,
  counterpart,
  initialText,
  status,
}: {
  caseId: string;
  myRole: 'client' | 'lawyer';
  counterpart: Counterpart;
  initialText?: string;
  /** The case's phase: a 'Voltooid' case takes no message, a closed one no attachment (contract/rules/case-lock.ts). */
  status?: StatusSlug;
}) {
  const sealed = status !== undefined && isCaseLocked(status, 'message');
  const attachments = status === undefined || !isCaseLocked(status, 'document');
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const conversation = useConversation(caseId);
  const markRead = useMarkRead(caseId);
  const remove = useDeleteMessage(caseId);
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const lastMarked = useRef<string | null>(null);
  const messages = oldestFirst(conversation.data?.pages);
  const newest = messages.at(-1)?.id;
  const newestUnread = [...messages].reverse().find((m) => m.author_role !== myRole && m.read_at === null)?.id;

  // Scroll to the newest message when one arrives.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  // Mark the other side's messages read while the conversation is visible.
  useEffect(() => {
    const mark = () => {
      if (!newestUnread || lastMarked.current === newestUnread || document.visibilityState !== 'visible') return;
      lastMarked.current = newestUnread;
      markRead.mutate(newestUnread);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestUnread, markRead]);

  const authorLine = (message: Message) => {
    const name = message.author ? (message.author.full_name ?? message.author.email) : t('messages.author.unknown');
    return message.author_stand_in ? t('messages.author.standIn', { name }) : name;
  };

  const today = dayKey(new Date(now).toISOString());
  const yesterday = dayKey(new Date(now - 86_400_000).toISOString());
  const dayLabel = (iso: string) => {
    const key = dayKey(iso);
    if (key === today) return t('messages.chat.today');
    if (key === yesterday) return t('messages.chat.yesterday');
    return formatDate(iso);
  };
  const days: { key: string; label: string; messages: Message[] }[] = [];
  for (const message of messages) {
    const key = dayKey(message.created_at);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(message.created_at), messages: [message] });
  }

  return (
    <section
      aria-labelledby={`chat-${caseId}`}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-300 bg-white shadow-sm"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 p-3 sm:p-4">
        <Avatar src={counterpart.avatar} alt="" />
        <div className="min-w-0">
          <h2 id={`chat-${caseId}`} className="truncate font-semibold text-slate-900">
            {counterpart.name}
          </h2>
          {counterpart.subtitle && <p className="truncate text-sm text-slate-700">{counterpart.subtitle}</p>}
          {counterpart.note && <p className="truncate text-sm font-medium text-brand-700">{counterpart.note}</p>}
        </div>
      </header>
      <div
        ref={scroller}
        role="log"
        aria-label={t('messages.chat.log')}
        tabIndex={0}
        className="flex max-h-[60vh] min-h-72 flex-col gap-3 overflow-y-auto bg-slate-50 p-3 sm:p-4"
      >
        {conversation.hasNextPage && (
          <Button
            variant="ghost"
            className="self-center"
            busy={conversation.isFetchingNextPage}
            onClick={() => conversation.fetchNextPage()}
          >
            {t('messages.chat.older')}
          </Button>
        )}
        {conversation.isPending && <p role="status">{t('messages.chat.loading')}</p>}
        {conversation.isError && (
          <p role="alert" className="text-red-800">
            {t('messages.chat.error')}
          </p>
        )}
        {conversation.isSuccess && messages.length === 0 && (
          <p className="m-auto max-w-sm text-center text-slate-700">{t(`messages.chat.empty.${myRole}`)}</p>
        )}
        <ol className="flex flex-col gap-3">
          {days.map((day) => (
            <li key={day.key} className="flex flex-col gap-2">
              <h3 className="self-center rounded-full bg-slate-200 px-3 py-0.5 text-xs font-medium text-slate-800">
                {day.label}
              </h3>
              <ol className="flex flex-col gap-2">
                {day.messages.map((message) => {
                  const mine = message.author_role === myRole;
                  const deletable =
                    !sealed && mine && now - new Date(message.created_at).getTime() < MESSAGE_DELETE_WINDOW_MS;
                  return (
                    <li key={message.id} className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
                      <div
                        className={cn(
                          'max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%]',
                          mine
                            ? 'rounded-br-sm bg-brand-700 text-white'
                            : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
                        )}
                      >
                        {message.author_role === 'lawyer' ? (
                          // Every lawyer message names its author, so a former lawyer's or a stand-in's words never
                          // read as someone else's.
                          <p className={cn('text-xs font-semibold', mine ? 'text-white' : 'text-slate-800')}>
                            {authorLine(message)}
                          </p>
                        ) : (
                          <p className="sr-only">
                            {mine ? t('messages.chat.you') : (message.author?.full_name ?? counterpart.name)}
                          </p>
                        )}
                        {message.text && <MessageText text={message.text} />}
                        {message.attachment && (
                          <button
                            type="button"
                            onClick={() =>
                              void downloadDocument({
                                id: message.attachment?.id ?? '',
                                filename: message.attachment?.filename ?? null,
                              })
                            }
                            className={cn(
                              'mt-1 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-left text-sm ' +
                                'font-medium underline underline-offset-2',
                              mine ? 'bg-brand-800' : 'bg-slate-100',
                            )}
                          >
                            <Paperclip className="size-4 shrink-0" aria-hidden="true" />
                            <span className="break-all">
                              {t('messages.chat.attachment', { name: message.attachment.title })}
                            </span>
                          </button>
                        )}
                      </div>
                      <p className="flex items-center gap-1 text-xs text-slate-700">
                        <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
                        {mine &&
                          (message.read_at ? (
                            <span className="inline-flex items-center gap-0.5">
                              <CheckCheck className="size-3.5" aria-hidden="true" />
                              {t('messages.chat.read')}
                            </span>
                          ) : (
                            <span className="inline-flex items-center gap-0.5">
                              <Check className="size-3.5" aria-hidden="true" />
                              {t('messages.chat.sent')}
                            </span>
                          ))}
                        {deletable && (
                          <button
                            type="button"
                            className={
                              'ml-1 inline-flex min-h-6 items-center gap-0.5 rounded px-1 text-slate-700 ' +
                              'underline-offset-2 hover:text-red-800 hover:underline'
                            }
                            onClick={() => remove.mutate(message.id)}
                          >
                            <Trash2 className="size-3.5" aria-hidden="true" />
                            {t('messages.chat.delete')}
                          </button>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      </div>
      {sealed ? (
        <ClosedNotice myRole={myRole} />
      ) : (
        <Composer caseId={caseId} initialText={initialText} attachments={attachments} />
      )}
    </section>
  );
}

/** In place of the composer on a 'Voltooid' case: it is closed, and how to reach the firm. */
function ClosedNotice({ myRole }: { myRole: 'client' | 'lawyer' }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <p role="note" className="border-t border-slate-200 bg-slate-50 px-4 py-3 text-slate-900">
      {myRole === 'lawyer'
        ? t('messages.closed.lawyer')
        : site
          ? t('messages.closed.client', { email: site.support_email, phone: site.support_phone })
          : t('messages.closed.clientNoContact')}
    </p>
  );
}
