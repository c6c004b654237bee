import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { useReturnFocus } from '../../../ui/return-focus';
import { getPreviewKind } from '../preview-kind';

export type DocumentPreviewProps = {
  /** The documents to move between (the slideshow); `index` is the one shown. */
  documents: Document[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Called whenever a document is shown (the lawyer's view is recorded). */
  onShown?: (document: Document) => void;
  /** Actions on the shown document, in a bar under it (the lawyer's Goedkeuren and Afkeuren). */
  actions?: (document: Document) => ReactNode;
};

/** The full-screen preview: pdf in a frame, images as an image; arrow keys move, Escape closes. */
export function DocumentPreview({ documents, index, onIndexChange, onShown, actions }: DocumentPreviewProps) {
  const { t } = useTranslation();
  const document = index === null ? undefined : documents[index];
  const open = document !== undefined;
  const count = documents.length;
  // Opened by 'Bekijken' (no Radix trigger): closing gives the focus back to it, not to <body>.
  const returnFocus = useReturnFocus();

  useEffect(() => {
    if (document) onShown?.(document);
    // Only a change of the shown document counts as a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [document?.id]);

  const move = (step: number) => {
    if (index === null || count === 0) return;
    onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    }
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/80" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className="fixed inset-0 z-50 flex flex-col bg-slate-900 text-white"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-2 sm:px-4">
            <RadixDialog.Title className="min-w-0 truncate text-lg font-semibold">
              {document ? `${document.title}${document.filename ? ` – ${document.filename}` : ''}` : ''}
            </RadixDialog.Title>
            <div className="flex shrink-0 items-center gap-1">
              {count > 1 && (
                <>
                  <button
                    type="button"
                    onClick={() => move(-1)}
                    className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10"
                  >
                    <ChevronLeft className="size-6" aria-hidden="true" />
                    <span className="sr-only">{t('caseDocuments.preview.previous')}</span>
                  </button>
                  <span className="text-sm" aria-live="polite">
                    {t('caseDocuments.preview.position', { current: (index ?? 0) + 1, total: count })}
                  </span>
                  <button
                    type="button"
                    onClick={() => move(1)}
                    className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10"
                  >
                    <ChevronRight className="size-6" aria-hidden="true" />
                    <span className="sr-only">{t('caseDocuments.preview.next')}</span>
                  </button>
                </>
              )}
              <RadixDialog.Close
                className={'inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10'}
              >
                <X className="size-6" aria-hidden="true" />
                <span className="sr-only">{t('dialog.close')}</span>
              </RadixDialog.Close>
            </div>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center p-2 sm:p-4">
            {document && <PreviewBody document={document} />}
          </div>
          {document && actions && (
            <div
              className="flex flex-wrap items-center justify-center gap-2 px-2 pb-3 sm:px-4"
              data-testid="preview-actions"
            >
              {actions(document)}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The body of the preview for one document, chosen by {@link getPreviewKind}. */
export function PreviewBody({ document }: { document: Document }) {
  const { t } = useTranslation();
  const kind = getPreviewKind(document);
  const url = document.temporary_url ?? '';
  switch (kind) {
    case 'pdf':
      return <iframe src={url} title={document.title} className="size-full rounded bg-white" />;
    case 'image':
      return <img src={url} alt={document.title} className="max-h-full max-w-full bg-white object-contain" />;
    case 'missing':
      return <p className="text-lg">{t('caseDocuments.preview.notUploaded')}</p>;
    default:
      return <p className="text-lg">{t('caseDocuments.preview.unavailable')}</p>;
  }
}
