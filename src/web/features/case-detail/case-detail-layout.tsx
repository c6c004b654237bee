import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitleSubject } from '../../lib/document-title';
import { PageHeading } from '../../ui/page-heading';
import { TabLinks } from '../../ui/tab-links';
import { useCaseDetail } from './api';
import { CompleteControl } from './components/complete-control';
import { useUnreadMessages } from '../../lib/messages-query';
import { FinishControl } from './components/finish-control';

/** The page's data for the first page of a visit (app/routes.tsx, lib/first-page.ts). */
export { caseDetailData } from './api';

/**
 * Case detail (/dossiers/{id}): back link, title, finish button and the tabs 'Algemeen', 'Documenten', 'Berichten',
 * 'Vaststellingsovereenkomst' and 'Facturen'.
 */
export function CaseDetailLayout() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const detail = useCaseDetail(caseId);
  const unreadHere = useUnreadMessages().data?.data.find((row) => row.case_id === caseId)?.count ?? 0;
  // The tab title names the client, so a lawyer with several cases open tells the tabs apart.
  useDocumentTitleSubject(detail.data?.client_name);
  const base = `/dossiers/${encodeURIComponent(caseId)}`;
  const tabs = [
    { to: base, label: t('pages.caseDetail.tabs.general'), end: true },
    { to: `${base}/documenten`, label: t('pages.caseDetail.tabs.documents') },
    {
      to: `${base}/berichten`,
      label: unreadHere > 0 ? t('messages.tabWithUnread', { count: unreadHere }) : t('messages.tab'),
    },
    { to: `${base}/vaststellingsovereenkomst`, label: t('settlement.tab.label') },
    { to: `${base}/facturen`, label: t('invoices.tab.label') },
  ];
  const back = (
    <Link
      to="/dossiers"
      className={
        'inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-700 ' +
        'underline-offset-4 hover:underline'
      }
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('pages.caseDetail.back')}
    </Link>
  );
  if (detail.isPending || detail.isError) {
    const absent = detail.isError && isApiError(detail.error) && detail.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        {back}
        <PageHeading>{t('pages.caseDetail.title')}</PageHeading>
        {detail.isPending ? (
          <p role="status">{t('caseDetail.loading')}</p>
        ) : (
          <p role="alert" className={absent ? 'text-slate-900' : 'text-red-800'}>
            {absent ? t('caseDetail.notFound') : t('caseDetail.error')}
          </p>
        )}
      </div>
    );
  }
  const view = detail.data;
  const title = view.company_name
    ? t('caseDetail.titleWithCompany', { name: view.client_name, company: view.company_name })
    : t('caseDetail.title', { name: view.client_name });
  return (
    <div className="flex flex-col gap-6 pb-20 sm:pb-0">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading>{title}</PageHeading>
        <div className="flex flex-wrap items-center gap-3">
          <CompleteControl view={view} />
          <FinishControl view={view} />
        </div>
      </div>
      <TabLinks tabs={tabs} label={t('pages.caseDetail.tabsLabel')} />
      <Outlet />
    </div>
  );
}
