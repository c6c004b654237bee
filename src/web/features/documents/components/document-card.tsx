import { useCallback, useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { formatDate } from '../../../lib/format';
import { uploadDocumentFile, useDeleteDocument, useRefreshDocuments } from '../api';
import { DeleteDocumentDialog } from '../../../widgets/delete-document-dialog';
import { DocumentActions } from './document-actions';
import { DropZone } from '../../../ui/drop-zone';
import { DocumentStatusBadge } from '../../../widgets/document-status-badge';
import { UploadStatus } from './upload-status';
import { useUpload } from './use-upload';
import { useLanguage } from '../../../lib/use-language';
import { FileExtension } from '../../../ui/file-extension';

/**
 * A mandatory document: status, rejection message, upload / new version, download, preview, delete.
 * After a delete the focus goes to the card's heading (a mandatory card stays, without its file),
 * or to `focusAfterDelete()` where the card goes away with its document.
 */
export function DocumentCard({
  caseId,
  document,
  onSaved,
  focusAfterDelete,
  canReplace = true,
  canDelete = true,
}: {
  caseId: string;
  document: Document;
  onSaved: (message: string) => void;
  focusAfterDelete?: () => HTMLElement | null;
  /**
   * False when the case is closed or under a legal hold (contract/rules/document-lock.ts; the page says why): no upload
   * or new version.
   */
  canReplace?: boolean;
  /** False likewise: no delete. */
  canDelete?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const statusId = useId();
  const refresh = useRefreshDocuments(caseId);
  const remove = useDeleteDocument(caseId);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const send = useCallback(
    (file: File, signal: AbortSignal, onProgress: (fraction: number) => void) =>
      uploadDocumentFile(document.id, file, signal, onProgress),
    [document.id],
  );
  const done = useCallback(async () => {
    await refresh();
    onSaved(t('documents.upload.done'));
  }, [refresh, onSaved, t]);
  const upload = useUpload(send, done);
  const hasFile = Boolean(document.temporary_url);

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="font-semibold [overflow-wrap:anywhere] text-slate-900"
          >
            {document.title}
          </h3>
          <FileExtension extension={hasFile ? document.extension : null} />
        </div>
        <DocumentStatusBadge status={document.status} signed={document.signed} />
      </div>
      {document.status === 'Rejected' && document.message && (
        <p
          className={
            'rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm ' + '[overflow-wrap:anywhere] text-red-900'
          }
        >
          <span className="font-semibold">{t('documents.card.rejectedReason')}</span> {document.message}
        </p>
      )}
      <p id={statusId} className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {hasFile && document.filename
          ? t('documents.card.file', { filename: document.filename, date: formatDate(document.uploaded_at, language) })
          : t('documents.card.noFile')}
      </p>
      <UploadStatus phase={upload.phase} error={upload.error} onRetry={upload.retry} />
      <div className="mt-auto flex flex-col gap-3">
        {canReplace && (
          <DropZone
            variant={hasFile ? 'secondary' : 'primary'}
            busy={upload.busy}
            percent={upload.percent}
            onFile={(file) => void upload.start(file)}
          >
            <Upload className="size-4" aria-hidden="true" />
            {hasFile ? t('documents.card.newVersion') : t('documents.card.upload')}
            <span className="sr-only">: {document.title}</span>
          </DropZone>
        )}
        <DocumentActions document={document} canDelete={canDelete} onDelete={() => setConfirming(true)} />
      </div>
      <DeleteDocumentDialog
        open={confirming}
        onOpenChange={setConfirming}
        focusAfterDelete={focusAfterDelete ?? (() => heading.current)}
        onConfirm={async () => {
          await remove.mutateAsync(document.id);
          onSaved(t('documents.delete.done'));
        }}
      />
    </article>
  );
}
