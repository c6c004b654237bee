import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner';
import type { UploadPhase } from './use-upload';

/** The busy state under a document: uploading, then the slow notice, then a retry link. */
export function UploadStatus({
  phase,
  error,
  onRetry,
}: {
  phase: UploadPhase;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" aria-live="polite" className="text-sm text-slate-800">
        {phase !== 'idle' && (
          <p className="flex flex-wrap items-center gap-2">
            <Spinner />
            <span>{t('documents.upload.busy')}</span>
            {(phase === 'slow' || phase === 'retry') && <span>{t('documents.upload.slow')}</span>}
          </p>
        )}
      </div>
      {phase === 'retry' && (
        <button
          type="button"
          onClick={onRetry}
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {t('documents.upload.retry')}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
