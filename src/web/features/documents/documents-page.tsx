import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentLock } from '../../../contract/rules/document-lock';
import { getDocumentProgress } from '../../../contract/rules/document-progress';
import { DocumentLockNotice } from '../../widgets/document-lock-notice';
import { PageHeading } from '../../ui/page-heading';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { useMyCase } from '../../lib/my-case-query';
import { useClientDocuments } from './api';
import { DocumentCard } from './components/document-card';
import { GeneralDocuments } from './components/general-documents';

/** The page's data for the first page of a visit (app/routes.tsx, lib/first-page.ts). */
export { documentsData } from './api';

/** The client's documents (/documenten): progress, mandatory document cards, help, other documents. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const myCase = useMyCase();
  const documents = useClientDocuments(myCase.data?.id);
  const success = useSuccessMessage();

  if (myCase.isPending || (myCase.data && documents.isPending)) return <p role="status">{t('app.loading')}</p>;
  if (myCase.isError || documents.isError || !documents.data || !myCase.data) {
    return (
      <p role="alert" className="text-red-700">
        {t('errors.generic')}
      </p>
    );
  }
  const caseId = myCase.data.id;
  const mandatory = documents.data.filter((d) => d.mandatory);
  const general = documents.data.filter((d) => !d.mandatory);
  const progress = getDocumentProgress(documents.data);
  // From 'Klaar voor facturatie' on, or under a legal hold, the documents stay as they are.
  const lockFacts = { status: myCase.data.status.slug, legalHold: myCase.data.legal_hold };
  const replaceLock = documentLock(lockFacts, 'client', 'replace');
  const deleteLock = documentLock(lockFacts, 'client', 'delete');
  const locks = { canReplace: replaceLock === null, canDelete: deleteLock === null };

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <PageHeading>{t('documents.heading')}</PageHeading>
          <p className="text-lg font-semibold text-slate-900" aria-hidden="true">
            {progress}%
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t('documents.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={t('documents.progressText', { progress })}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={progress === 100 ? 'h-full bg-green-600' : 'h-full bg-brand-700'}
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="text-slate-700">{progress === 100 ? t('documents.complete') : t('documents.intro')}</p>
      </header>
      <DocumentLockNotice reason={replaceLock ?? deleteLock} audience="client" />
      <SuccessMessage message={success.message} token={success.token} />
      <section aria-labelledby="mandatory-heading" className="flex flex-col gap-4">
        <h2 id="mandatory-heading" className="text-xl font-semibold text-slate-900">
          {t('documents.mandatoryTitle')}
        </h2>
        {mandatory.length === 0 ? (
          <p className="text-slate-700">{t('documents.mandatoryEmpty')}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {mandatory.map((d) => (
              <DocumentCard key={d.id} caseId={caseId} document={d} onSaved={success.show} {...locks} />
            ))}
          </div>
        )}
      </section>
      <aside
        aria-labelledby="help-heading"
        className="flex flex-col gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6"
      >
        <h2 id="help-heading" className="text-lg font-semibold text-slate-900">
          {t('documents.help.title')}
        </h2>
        <p className="text-slate-800">{t('documents.help.text')}</p>
        <Link
          to="/berichten"
          className={
            'inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-800 ' +
            'underline underline-offset-4 hover:text-brand-900'
          }
        >
          <MessageSquare className="size-4" aria-hidden="true" />
          {t('messages.help.link')}
        </Link>
      </aside>
      <GeneralDocuments caseId={caseId} documents={general} onSaved={success.show} {...locks} />
    </div>
  );
}
