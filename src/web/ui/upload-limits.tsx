import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_UPLOAD_LABEL } from '../../contract/rules/upload-types';
import { useSite } from '../lib/site';
import { cn } from './cn';

/** The largest file an upload may be, in MB (MAX_UPLOAD_MB through /api/site); null until the site data has loaded. */
export function useMaxUploadMb(): number | null {
  return useSite()?.max_upload_mb ?? null;
}

/**
 * Why the browser will not send this file, or null: a file over the server's limit is refused
 * before a byte of it travels (the server would refuse it with 413 after the whole upload).
 */
export function refuseUpload(file: File, maxMb: number | null, t: TFunction): string | null {
  if (maxMb === null || file.size <= maxMb * 1024 * 1024) return null;
  return t('uploadTypes.tooLarge', { name: file.name, maxMb });
}

/** 'Toegestaan: PDF, JPG, … (tot 100 MB).': shown beside every file picker, before a file is chosen. */
export function AcceptedUploadTypes({ id, className }: { id?: string; className?: string }) {
  const { t } = useTranslation();
  const maxMb = useMaxUploadMb();
  if (maxMb === null) return null;
  return (
    <p id={id} className={cn('text-xs text-slate-700', className)}>
      {t('uploadTypes.accepted', { types: ACCEPTED_UPLOAD_LABEL, maxMb })}
    </p>
  );
}
