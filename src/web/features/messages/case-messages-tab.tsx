import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useCaseDetail } from '../../lib/case-detail-query';
import { ChatView } from './components/chat-view';

/** /dossiers/{id}/berichten: the lawyer's conversation with the client of the case. */
export function CaseMessagesTab() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const detail = useCaseDetail(caseId);
  const location = useLocation();
  const reference = (location.state as { documentTitle?: string } | null)?.documentTitle;
  if (!detail.data) return null;
  return (
    <ChatView
      key={reference ?? ''}
      caseId={caseId}
      myRole="lawyer"
      counterpart={{ name: detail.data.client_name, subtitle: detail.data.company_name ?? undefined }}
      initialText={reference ? t('messages.composer.aboutDocument', { title: reference }) : undefined}
      status={detail.data.status.slug}
    />
  );
}
