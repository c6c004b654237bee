import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { DocumentActions, type DocumentActionsProps } from './document-actions';
import { DocumentStatusBadge } from '../../../widgets/document-status-badge';
import { FileExtension } from '../../../ui/file-extension';

/** A mandatory document as a card: title, status, file, review state and the lawyer's actions. */
export function MandatoryDocumentCard(props: DocumentActionsProps) {
  const { document } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  // The card stays after a delete (the slot goes back to 'Not Uploaded'): the focus lands on its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              ref={heading}
              id={headingId}
              tabIndex={-1}
              className="font-semibold [overflow-wrap:anywhere] text-slate-900"
            >
              {document.title}
            </h3>
            <FileExtension extension={document.temporary_url ? document.extension : null} />
          </div>
          <DocumentStatusBadge status={document.status} signed={document.signed} />
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
          {document.temporary_url && document.filename
            ? t('caseDocuments.file', { filename: document.filename, date: formatDate(document.uploaded_at, language) })
            : t('caseDocuments.notDelivered')}
        </p>
        <ReviewNote document={document} />
        <div className="mt-auto">
          <DocumentActions focusAfterDelete={() => heading.current} {...props} />
        </div>
      </article>
    </li>
  );
}

/** Who approved or rejected the document, and the reason the client sees. */
export function ReviewNote({ document }: { document: Document }) {
  const { t } = useTranslation();
  if (document.status === 'Rejected') {
    return (
      <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-red-900">
        <span className="font-semibold">{t('caseDocuments.rejectedReason')}</span>{' '}
        {document.message || t('caseDocuments.noReason')}
      </p>
    );
  }
  if (document.status === 'Approved' && document.approved_by) {
    return (
      <p className="text-sm text-green-900">
        {t('caseDocuments.approvedBy', { name: document.approved_by.full_name ?? document.approved_by.email })}
      </p>
    );
  }
  return null;
}
