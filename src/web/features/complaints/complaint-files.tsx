import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintFile } from '../../../contract/complaints';
import { getErrorText } from '../../lib/error-text';
import { FormError } from '../../ui/field';
import { downloadComplaintFile } from './api';

/** The documents attached to a complaint, each a button that downloads it (the client's and the officer's view). */
export function ComplaintFiles({ files }: { files: ComplaintFile[] }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  if (files.length === 0) return null;
  const download = async (file: ComplaintFile) => {
    setError(undefined);
    try {
      await downloadComplaintFile(file);
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium text-slate-900">{t('complaints.files.attached')}</p>
      <ul className="flex flex-col gap-1">
        {files.map((file) => (
          <li key={file.id}>
            <button
              type="button"
              onClick={() => void download(file)}
              className={
                'inline-flex items-center gap-2 font-medium [overflow-wrap:anywhere] ' +
                'text-brand-700 underline underline-offset-4'
              }
              aria-label={t('complaints.files.download', { name: file.filename })}
            >
              <Paperclip className="size-4 shrink-0" aria-hidden="true" />
              {file.filename}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  );
}
