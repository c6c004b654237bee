import { useCallback, useMemo, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../contract/documents';
import { documentLock, type DocumentLockFacts } from '../../../contract/rules/document-lock';
import { downloadCaseExport } from '../../lib/download';
import { Button } from '../../ui/button';
import { DocumentLockNotice } from '../../widgets/document-lock-notice';
import { markDocumentViewed, useCaseDocuments, useCaseSlideshow, useRefreshCaseDocuments } from './api';
import { DocumentPreview } from './components/document-preview';
import { GeneralDocumentItem } from './components/general-document-list';
import { MandatoryDocumentCard } from './components/mandatory-document-card';
import { ReviewButtons } from './components/review-buttons';

export type CaseDocumentsTabProps = {
  caseId: string;
  /** The client's e-mail address, for 'Stuur client bericht'. */
  clientEmail: string | null;
  /**
   * The case's phase and legal hold: under a hold no document is deleted (contract/rules/document-lock.ts); null while
   * loading.
   */
  lockFacts?: DocumentLockFacts | null;
  /** Refetches the case itself (its pending_documents) after any change or view. */
  onCaseChanged: () => Promise<unknown>;
};

/**
 * The lawyer's tab 'Documenten': the zip of every document, mandatory documents as cards, general documents as a list,
 * and the full-screen preview.
 */
export function CaseDocumentsTab({ caseId, clientEmail, lockFacts = null, onCaseChanged }: CaseDocumentsTabProps) {
  const { t } = useTranslation();
  const documents = useCaseDocuments(caseId);
  const refreshDocuments = useRefreshCaseDocuments(caseId);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  // A deleted general document leaves the list with its buttons: the focus goes to the section's heading.
  const generalHeading = useRef<HTMLHeadingElement>(null);
  const slideshow = useCaseSlideshow(caseId, previewId !== null);

  const onChanged = useCallback(
    () => Promise.all([refreshDocuments(), onCaseChanged()]),
    [refreshDocuments, onCaseChanged],
  );
  const onShown = useCallback(
    (document: Document) => {
      void markDocumentViewed(document.id).then(onCaseChanged);
    },
    [onCaseChanged],
  );

  // Until the slideshow has loaded, the documents with a file from the list stand in for it.
  const slides = useMemo(
    () => slideshow.data ?? documents.data?.filter((d) => d.temporary_url) ?? [],
    [slideshow.data, documents.data],
  );
  const previewIndex = previewId === null ? null : slides.findIndex((d) => d.id === previewId);

  if (documents.isPending) return <p role="status">{t('caseDocuments.loading')}</p>;
  if (documents.isError) return <p role="alert">{t('caseDocuments.error')}</p>;

  const mandatory = documents.data.filter((d) => d.mandatory);
  const general = documents.data.filter((d) => !d.mandatory);
  const deleteLock = lockFacts ? documentLock(lockFacts, 'lawyer', 'delete') : null;
  const canReplace = lockFacts ? documentLock(lockFacts, 'lawyer', 'replace') === null : true;
  const itemProps = (document: Document) => ({
    document,
    caseId,
    clientEmail,
    onChanged,
    canDelete: deleteLock === null,
    canReplace,
    onPreview: () => setPreviewId(document.id),
  });

  const onExport = async () => {
    setExportFailed(false);
    try {
      await downloadCaseExport(caseId);
    } catch (error) {
      console.warn('Export failed', error);
      setExportFailed(true);
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <DocumentLockNotice reason={deleteLock} audience="lawyer" />
      <div className="flex flex-col gap-2">
        <Button variant="secondary" className="w-fit" onClick={onExport}>
          <Download className="size-4" aria-hidden="true" />
          {t('caseDocuments.exportAll')}
        </Button>
        {exportFailed && (
          <p role="alert" className="text-red-800">
            {t('caseDocuments.exportFailed')}
          </p>
        )}
      </div>
      <section aria-labelledby="mandatory-documents-heading" className="flex flex-col gap-4">
        <h2 id="mandatory-documents-heading" className="text-xl font-semibold text-slate-900">
          {t('caseDocuments.mandatory.title')}
        </h2>
        {mandatory.length === 0 ? (
          <p className="text-slate-700">{t('caseDocuments.notDelivered')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {mandatory.map((document) => (
              <MandatoryDocumentCard key={document.id} {...itemProps(document)} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="general-documents-heading" className="flex flex-col gap-4">
        <h2
          ref={generalHeading}
          id="general-documents-heading"
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900"
        >
          {t('caseDocuments.general.title')}
        </h2>
        {general.length === 0 ? (
          <p className="text-slate-700">{t('caseDocuments.notDelivered')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {general.map((document) => (
              <GeneralDocumentItem
                key={document.id}
                {...itemProps(document)}
                focusAfterDelete={() => generalHeading.current}
              />
            ))}
          </ul>
        )}
      </section>
      <DocumentPreview
        documents={slides}
        index={previewIndex === null || previewIndex < 0 ? null : previewIndex}
        onIndexChange={(index) => setPreviewId(index === null ? null : (slides[index]?.id ?? null))}
        onShown={onShown}
        actions={(document) =>
          canReplace ? <ReviewButtons key={document.id} document={document} onChanged={onChanged} /> : null
        }
      />
    </div>
  );
}
