import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '../../contract/documents';
import { cn } from '../ui/cn';

const STYLES: Record<DocumentStatus, string> = {
  'Not Uploaded': 'bg-slate-100 text-slate-800 border-slate-300',
  Uploaded: 'bg-blue-50 text-blue-900 border-blue-300',
  Approved: 'bg-green-50 text-green-900 border-green-300',
  Rejected: 'bg-red-50 text-red-900 border-red-300',
};

export const DOCUMENT_STATUS_KEYS: Record<DocumentStatus, string> = {
  'Not Uploaded': 'documents.status.notUploaded',
  Uploaded: 'documents.status.uploaded',
  Approved: 'documents.status.approved',
  Rejected: 'documents.status.rejected',
};

/**
 * A document's status, for the client and the lawyer; the client's signed copy of the engagement letter reads
 * 'Getekend'.
 */
export function DocumentStatusBadge({
  status,
  signed = false,
}: {
  status: DocumentStatus;
  signed?: boolean | undefined;
}) {
  const { t } = useTranslation();
  if (signed)
    return (
      <span
        className={
          'inline-flex items-center rounded-full border border-green-300 bg-green-50 ' +
          'px-2.5 py-0.5 text-sm font-medium whitespace-nowrap text-green-900'
        }
      >
        {t('documents.status.signed')}
      </span>
    );
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
        STYLES[status],
      )}
    >
      {t(DOCUMENT_STATUS_KEYS[status])}
    </span>
  );
}
