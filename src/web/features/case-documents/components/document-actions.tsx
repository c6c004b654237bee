import { Check, Download, Eye, Mail, Trash2, Upload, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { isApiError } from '../../../lib/api-client';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { deleteDocument, downloadDocument, reviewDocument, uploadNewVersion } from '../api';
import { DeleteDocumentDialog } from '../../../ui/delete-document-dialog';
import { RejectDialog } from './reject-dialog';
import { useUpload } from '../../../ui/use-upload';

export type DocumentActionsProps = {
  document: Document;
  clientEmail: string | null;
  /** Opens the full-screen preview of this document. */
  onPreview: () => void;
  /** Refetches after any change. */
  onChanged: () => Promise<unknown>;
};

/** The lawyer's buttons for one document: preview, download, approve, reject, message, new version, delete. */
export function DocumentActions({ document, clientEmail, onPreview, onChanged }: DocumentActionsProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const hasFile = Boolean(document.temporary_url);
  const canReview = document.status === 'Uploaded';
  const of = { title: document.title };

  const run = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(getErrorText(e, t));
    } finally {
      await onChanged();
    }
  };

  const send = useCallback((file: File, signal: AbortSignal) => uploadNewVersion(document.id, file, signal), [document.id]);
  // SPEC section 8: the first file error, else the server's message, else the upload fallback.
  const onUploadError = useCallback(
    (e: unknown) => setError(isApiError(e) ? (e.fieldErrors.file?.[0] ?? e.serverMessage ?? t('caseDocuments.uploadFailed')) : t('caseDocuments.uploadFailed')),
    [t],
  );
  const upload = useUpload(send, onChanged, onUploadError);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {hasFile && (
          <Button variant="ghost" onClick={onPreview} aria-label={t('caseDocuments.actions.previewOf', of)}>
            <Eye className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.preview')}
          </Button>
        )}
        {hasFile && (
          <Button
            variant="ghost"
            aria-label={t('caseDocuments.actions.downloadOf', of)}
            onClick={async () => {
              await downloadDocument(document);
              await onChanged();
            }}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.download')}
          </Button>
        )}
        {canReview && (
          <Button aria-label={t('caseDocuments.actions.approveOf', of)} onClick={() => run(() => reviewDocument(document.id, { status: 'Approved' }))}>
            <Check className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.approve')}
          </Button>
        )}
        {canReview && (
          <Button variant="secondary" aria-label={t('caseDocuments.actions.rejectOf', of)} onClick={() => setRejecting(true)}>
            <X className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.reject')}
          </Button>
        )}
        {clientEmail && (
          <a
            href={`mailto:${clientEmail}?subject=${encodeURIComponent(document.title)}`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 font-medium text-brand-700 underline-offset-4 hover:bg-slate-100 hover:underline"
          >
            <Mail className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.message')}
          </a>
        )}
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`upload-${document.id}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              setError(undefined);
              void upload.start(file);
            }
          }}
        />
        <Button variant="ghost" busy={upload.busy} aria-label={t(hasFile ? 'caseDocuments.actions.newVersionOf' : 'caseDocuments.actions.uploadOf', of)} onClick={() => fileInput.current?.click()}>
          <Upload className="size-4" aria-hidden="true" />
          {hasFile ? t('caseDocuments.actions.newVersion') : t('caseDocuments.actions.upload')}
        </Button>
        {hasFile && (
          <Button variant="ghost" aria-label={t('caseDocuments.actions.deleteOf', of)} onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.delete')}
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="text-sm text-slate-800">
        {upload.busy && (
          <p className="flex flex-wrap items-center gap-2">
            <Spinner />
            <span>{t('caseDocuments.upload.busy')}</span>
            {upload.phase !== 'busy' && <span>{t('caseDocuments.upload.slow')}</span>}
          </p>
        )}
      </div>
      {upload.phase === 'retry' && (
        <button type="button" onClick={upload.retry} className="self-start text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
          {t('caseDocuments.upload.retry')}
        </button>
      )}
      <FormError message={error} />
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        onConfirm={async (message) => {
          try {
            await reviewDocument(document.id, { status: 'Rejected', message });
          } finally {
            await onChanged();
          }
        }}
      />
      <DeleteDocumentDialog
        open={deleting}
        onOpenChange={setDeleting}
        onConfirm={async () => {
          try {
            await deleteDocument(document.id);
          } finally {
            await onChanged();
          }
        }}
      />
    </div>
  );
}
