import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { getDisplayName } from '../../../../contract/rules/display-name';
import { getErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { FormError } from '../../../ui/field';
import { setDocumentVisibility } from '../api';
import { useLanguage } from '../../../lib/use-language';
import { DocumentActions, type DocumentActionsProps } from './document-actions';
import { ReviewNote } from './mandatory-document-card';
import { DocumentStatusBadge } from '../../../widgets/document-status-badge';
import { FileExtension } from '../../../ui/file-extension';

/** One general document: title, status, uploaded by and when, 'Zichtbaar voor client' and the actions. */
export function GeneralDocumentItem(props: DocumentActionsProps) {
  const { document, onChanged } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere] text-slate-900">
              {document.title}
            </h3>
            <FileExtension extension={document.temporary_url ? document.extension : null} />
          </div>
          <DocumentStatusBadge status={document.status} signed={document.signed} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">{t('caseDocuments.columns.file')}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-700">
            {document.filename ?? t('caseDocuments.notDelivered')}
          </dd>
          <dt className="font-medium text-slate-900">{t('caseDocuments.columns.uploadedBy')}</dt>
          <dd className="break-words text-slate-700">
            {document.uploaded_by ? (document.uploaded_by.full_name ?? getDisplayName(document.uploaded_by)) : '–'}
          </dd>
          <dt className="font-medium text-slate-900">{t('caseDocuments.columns.uploadedAt')}</dt>
          <dd className="text-slate-700">{document.uploaded_at ? formatDate(document.uploaded_at, language) : '–'}</dd>
        </dl>
        {/* A closed case (canReplace false, contract/rules/document-lock.ts) shows or hides nothing any more. */}
        {props.canReplace !== false && <VisibilityToggle document={document} onChanged={onChanged} />}
        <ReviewNote document={document} />
        <DocumentActions {...props} />
      </article>
    </li>
  );
}

/** The switch 'Zichtbaar voor client' (PATCH set-visibility). */
function VisibilityToggle({ document, onChanged }: { document: Document; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await setDocumentVisibility(document.id, !document.visible);
    } catch (e) {
      setError(getErrorText(e, t));
    } finally {
      await onChanged();
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={document.visible}
          aria-labelledby={labelId}
          aria-busy={busy || undefined}
          onClick={() => void toggle()}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 ' +
              'border-transparent transition-colors',
            document.visible ? 'bg-brand-700' : 'bg-slate-400',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              document.visible ? 'translate-x-6' : 'translate-x-0.5',
            )}
            aria-hidden="true"
          />
        </button>
        <span id={labelId} className="text-sm font-medium text-slate-900">
          {t('caseDocuments.columns.visible')}
          <span className="sr-only">: {document.title}</span>
        </span>
      </div>
      <FormError message={error} />
    </div>
  );
}
