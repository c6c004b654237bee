import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeading } from '../../ui/page-heading';
import { useMyCase } from '../../lib/my-case-query';
import { ChatView } from './components/chat-view';

/** /berichten: the client's conversation with their lawyer. */
export function ClientMessagesPage() {
  const { t } = useTranslation();
  const myCase = useMyCase();
  const location = useLocation();
  const reference = (location.state as { documentTitle?: string } | null)?.documentTitle;
  if (myCase.isPending) return <p role="status">{t('messages.chat.loading')}</p>;
  if (myCase.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('messages.chat.error')}
      </p>
    );
  // The assigned lawyer heads the conversation; a stand-in is named as stand-in beside them.
  const lawyer = myCase.data.lawyers.find((l) => !l.stand_in) ?? myCase.data.lawyers[0];
  const standIn = myCase.data.lawyers.find((l) => l.stand_in && l.id !== lawyer?.id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeading>{t('messages.title')}</PageHeading>
      <p className="text-slate-800">{lawyer ? t('messages.intro.client') : t('messages.intro.noLawyer')}</p>
      <ChatView
        caseId={myCase.data.id}
        myRole="client"
        counterpart={
          lawyer
            ? {
                name: lawyer.full_name,
                avatar: lawyer.avatar,
                subtitle: lawyer.title ?? undefined,
                note: standIn ? t('messages.author.standInHeader', { name: standIn.full_name }) : undefined,
              }
            : { name: t('messages.chat.team') }
        }
        initialText={reference ? t('messages.composer.aboutDocument', { title: reference }) : undefined}
        status={myCase.data.status.slug}
      />
    </div>
  );
}
