import { Download, Eye, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { Button } from '../../../ui/button';
import { downloadDocument } from '../api';

const PREVIEWABLE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'svg']);

/**
 * Download, preview (pdf and images, through the signed temporary link) and delete of one
 * document (not of a locked one: the engagement letter; not when the case's documents are locked:
 * `canDelete` false, contract/rules/document-lock.ts). Every button's accessible name names
 * the document ('Verwijderen: Arbeidsovereenkomst'), starting with the visible word.
 */
export function DocumentActions({
  document,
  onDelete,
  compact = false,
  canDelete = true,
}: {
  document: Document;
  onDelete: () => void;
  compact?: boolean;
  canDelete?: boolean;
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(key, { title: document.title });
  return (
    <div className="flex flex-wrap gap-2">
      {document.temporary_url && (
        <Button
          variant="ghost"
          onClick={() => downloadDocument(document)}
          aria-label={label('documents.actions.downloadOf')}
        >
          <Download className="size-4" aria-hidden="true" />
          {!compact && t('documents.actions.download')}
        </Button>
      )}
      {document.temporary_url && document.extension && PREVIEWABLE.has(document.extension) && (
        <a
          href={document.temporary_url}
          target="_blank"
          rel="noopener noreferrer"
          className={
            'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 ' +
            'font-medium text-slate-800 hover:bg-slate-100'
          }
          aria-label={`${label('documents.actions.previewOf')} ${t('nav.opensInNewTab')}`}
        >
          <Eye className="size-4" aria-hidden="true" />
          {!compact && t('documents.actions.preview')}
        </a>
      )}
      {document.temporary_url && !document.locked && canDelete && (
        <Button variant="ghost" onClick={onDelete} aria-label={label('documents.actions.deleteOf')}>
          <Trash2 className="size-4" aria-hidden="true" />
          {!compact && t('documents.actions.delete')}
        </Button>
      )}
    </div>
  );
}
