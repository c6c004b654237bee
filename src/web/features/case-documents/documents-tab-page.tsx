import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { caseDetailQueryKeys, useCaseDetail } from '../../lib/case-detail-query';
import { CaseDocumentsTab } from './case-documents-tab';
import { WithdrawalNotice } from './components/withdrawal-notice';

/** Tab 'Documenten' of case detail (/dossiers/{id}/documenten). */
export function DocumentsTabPage() {
  const { t } = useTranslation();
  const { caseId: id = '' } = useParams();
  const queryClient = useQueryClient();
  const caseDetail = useCaseDetail(id);
  const onCaseChanged = useCallback(
    () => queryClient.invalidateQueries({ queryKey: caseDetailQueryKeys.detail(id) }),
    [queryClient, id],
  );
  return (
    <section aria-label={t('pages.caseDetail.documents.heading')} className="flex flex-col gap-6">
      {caseDetail.data && (
        <WithdrawalNotice
          withdrawalEndsAt={caseDetail.data.withdrawal_ends_at}
          startConsent={caseDetail.data.start_consent}
        />
      )}
      <CaseDocumentsTab
        caseId={id}
        clientEmail={caseDetail.data?.client.email ?? null}
        lockFacts={
          caseDetail.data ? { status: caseDetail.data.status.slug, legalHold: caseDetail.data.legal_hold } : null
        }
        onCaseChanged={onCaseChanged}
      />
    </section>
  );
}
