import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../lib/use-format-date';
import { useLanguage } from '../../lib/use-language';
import { useBackupStatus } from './api';
import { formatFileSize } from './file-size';

/**
 * The admin's home: when the newest backup was made and how large it is, and a warning (role="alert") when there has
 * been none for 26 hours while the server makes them (BACKUP_DIR).
 */
export function BackupStatusPanel() {
  const { t } = useTranslation();
  const status = useBackupStatus();
  const formatDateTime = useFormatDateTime();
  const language = useLanguage();
  const data = status.data;

  return (
    <section
      aria-labelledby="backup-status-heading"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="backup-status-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.backup.heading')}
      </h2>
      {!data ? (
        <p role={status.isError ? 'alert' : 'status'}>{status.isError ? t('admin.error') : t('admin.loading')}</p>
      ) : (
        <>
          {data.last_at ? (
            <p className="text-slate-800">
              {t('admin.backup.last', {
                at: formatDateTime(data.last_at),
                size: data.last_bytes === null ? '' : formatFileSize(data.last_bytes, language),
              })}
            </p>
          ) : (
            <p className="text-slate-800">{t(data.enabled ? 'admin.backup.none' : 'admin.backup.notEnabled')}</p>
          )}
          {data.warning && (
            <p role="alert" className="rounded-xl border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950">
              {t('admin.backup.warning')}
              {data.last_failed_at && ` ${t('admin.backup.lastFailed', { at: formatDateTime(data.last_failed_at) })}`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
