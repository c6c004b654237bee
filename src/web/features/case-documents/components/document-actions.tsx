import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Download, Eye, MessageSquare, MoreHorizontal, Trash2, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { isApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { DropZone } from '../../../ui/drop-zone';
import { FormError } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { deleteDocument, downloadDocument, uploadNewVersion } from '../api';
import { DeleteDocumentDialog } from '../../../widgets/delete-document-dialog';
import { ReviewButtons } from './review-buttons';
import { useUpload } from '../../../ui/use-upload';
import { refuseUpload, useMaxUploadMb } from '../../../ui/upload-limits';
import { useFilePicker } from '../../../ui/file-picker-button';

export type DocumentActionsProps = {
  document: Document;
  /** The case the document belongs to: 'Stuur client bericht' opens its conversation. */
  caseId: string;
  clientEmail: string | null;
  /** Opens the full-screen preview of this document. */
  onPreview: () => void;
  /** Refetches after any change. */
  onChanged: () => Promise<unknown>;
  /** False under a legal hold (contract/rules/document-lock.ts): no delete in the menu. */
  canDelete?: boolean;
  /** False when the rule forbids a new version. */
  canReplace?: boolean;
  /** Where the focus goes after a confirmed delete (the delete button may be gone with its document). */
  focusAfterDelete?: () => HTMLElement | null;
};

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 font-medium ' +
  'text-slate-900 outline-none select-none data-[highlighted]:bg-brand-50 ' +
  'data-[highlighted]:text-brand-900';

function MenuItem({
  icon,
  children,
  label,
  onSelect,
}: {
  icon: ReactNode;
  children: ReactNode;
  label: string;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu.Item className={itemClass} aria-label={label} onSelect={onSelect}>
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/**
 * The lawyer's actions for one document: the main ones on the card (Bekijken,
 * Goedkeuren, Afkeuren; 'Uploaden' while there is no file) and the rest (download, message
 * the client, new version, delete) behind one 'Meer acties' menu button.
 */
export function DocumentActions({
  document,
  caseId,
  onPreview,
  onChanged,
  focusAfterDelete,
  canDelete = true,
  canReplace = true,
}: DocumentActionsProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const hasFile = Boolean(document.temporary_url);
  // The engagement letter and its signed copy: approve only; never a new version, deletion or rejection (the server
  // answers 409).
  const locked = document.locked;
  const of = { title: document.title };

  const send = useCallback(
    (file: File, signal: AbortSignal, onProgress: (fraction: number) => void) =>
      uploadNewVersion(document.id, file, signal, onProgress),
    [document.id],
  );
  // the first file error, else the server's message, else the upload fallback.
  const onUploadError = useCallback(
    (e: unknown) =>
      setError(
        isApiError(e)
          ? (e.fieldErrors.file?.[0] ?? e.serverMessage ?? t('caseDocuments.uploadFailed'))
          : t('caseDocuments.uploadFailed'),
      ),
    [t],
  );
  const upload = useUpload(send, onChanged, onUploadError);
  const maxMb = useMaxUploadMb();
  // The drop zone refuses a file over the limit itself; the menu's chooser is checked here.
  const startUpload = (file: File) => {
    const refusal = refuseUpload(file, maxMb, t);
    setError(refusal ?? undefined);
    if (!refusal) void upload.start(file);
  };
  const picker = useFilePicker(startUpload, { testId: `upload-${document.id}` });

  return (
    <div className="flex flex-col gap-2">
      {/*
        Every document upload is a drop zone with its percentage; with a file, the zone takes a dropped new version
        (the menu holds the chooser).
      */}
      {!locked && canReplace && (
        <DropZone
          busy={upload.busy}
          percent={upload.percent}
          variant="secondary"
          hint={hasFile ? t('caseDocuments.dropNewVersion') : undefined}
          onFile={startUpload}
        >
          {!hasFile && (
            <>
              <Upload className="size-4" aria-hidden="true" />
              {t('caseDocuments.actions.upload')}
              <span className="sr-only">: {document.title}</span>
            </>
          )}
        </DropZone>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {hasFile && (
          <Button variant="ghost" onClick={onPreview} aria-label={t('caseDocuments.actions.previewOf', of)}>
            <Eye className="size-4" aria-hidden="true" />
            {t('caseDocuments.actions.preview')}
          </Button>
        )}
        {/* A closed case takes no review either (the same rule: contract/rules/document-lock.ts). */}
        {canReplace && <ReviewButtons document={document} onChanged={onChanged} />}
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={t('caseDocuments.actions.moreOf', of)}
            className={
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 ' +
              'font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100'
            }
          >
            <MoreHorizontal className="size-5" aria-hidden="true" />
            {t('caseDocuments.actions.more')}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-60 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
            >
              {hasFile && (
                <MenuItem
                  icon={<Download className="size-4" aria-hidden="true" />}
                  label={t('caseDocuments.actions.downloadOf', of)}
                  onSelect={() => {
                    void downloadDocument(document).then(onChanged);
                  }}
                >
                  {t('caseDocuments.actions.download')}
                </MenuItem>
              )}
              <DropdownMenu.Item asChild>
                <Link
                  to={`/dossiers/${encodeURIComponent(caseId)}/berichten`}
                  state={{ documentTitle: document.title }}
                  aria-label={t('caseDocuments.actions.messageOf', of)}
                  className={itemClass}
                >
                  <MessageSquare className="size-4" aria-hidden="true" />
                  {t('caseDocuments.actions.message')}
                </Link>
              </DropdownMenu.Item>
              {hasFile && !locked && canReplace && (
                <MenuItem
                  icon={<Upload className="size-4" aria-hidden="true" />}
                  label={t('caseDocuments.actions.newVersionOf', of)}
                  onSelect={picker.open}
                >
                  {t('caseDocuments.actions.newVersion')}
                </MenuItem>
              )}
              {hasFile && !locked && canDelete && (
                <MenuItem
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                  label={t('caseDocuments.actions.deleteOf', of)}
                  onSelect={() => setDeleting(true)}
                >
                  {t('caseDocuments.actions.delete')}
                </MenuItem>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        {picker.input}
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
        <button
          type="button"
          onClick={upload.retry}
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {t('caseDocuments.upload.retry')}
        </button>
      )}
      <FormError message={error} />
      <DeleteDocumentDialog
        open={deleting}
        onOpenChange={setDeleting}
        {...(focusAfterDelete ? { focusAfterDelete } : {})}
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
