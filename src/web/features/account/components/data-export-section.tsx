import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { Button } from '../../../ui/button';
import { downloadFromApi } from '../../../lib/download';
import { useMyDataExport, useRequestDataExport } from '../data-export-api';

/**
 * 'Download mijn gegevens' on /instellingen: the client asks for a copy of everything the portal
 * holds about them. The zip is made in the background ('wordt voorbereid'); the download shows
 * here (and comes by mail) while its 24 hours last. Once a day: after a request the button makes
 * way for the date a new one is possible.
 */
export function DataExportSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = useMyDataExport();
  const request = useRequestDataExport();
  const latest = current.data ?? null;
  const busy = latest?.status === 'pending' || latest?.status === 'building';
  const refusedToday = request.error instanceof ApiError && request.error.status === 429;
  const [failed, setFailed] = useState(false);

  return (
    <section
      aria-labelledby="settings-export"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="settings-export" className="text-xl font-semibold text-slate-900">
        {t('dataExport.title')}
      </h2>
      <p className="text-slate-700">{t('dataExport.intro')}</p>
      <p className="text-slate-700">{t('dataExport.howLong')}</p>
      {current.isPending ? (
        <p role="status">{t('dataExport.loading')}</p>
      ) : (
        <>
          {busy && <p role="status">{t('dataExport.preparing')}</p>}
          {latest?.status === 'ready' && latest.download_url && (
            <div role="status" className="flex flex-col gap-2">
              <p>{t('dataExport.ready')}</p>
              {/* Fetched with the session's token: the link alone does not download (the server asks for both). */}
              <Button
                variant="secondary"
                onClick={() => {
                  const url = latest.download_url;
                  if (url) void downloadFromApi(url, `mijn-gegevens.zip`).catch(() => setFailed(true));
                }}
              >
                {t('dataExport.download')}
              </Button>
              {failed && <p role="alert">{t('dataExport.downloadFailed')}</p>}
              {latest.expires_at && (
                <p className="text-sm text-slate-600">
                  {t('dataExport.validUntil', { until: formatDateTime(latest.expires_at, language) })}
                </p>
              )}
            </div>
          )}
          {latest?.status === 'expired' && <p>{t('dataExport.expired')}</p>}
          {latest?.status === 'failed' && <p role="alert">{t('dataExport.failed')}</p>}
          {latest?.next_request_at ? (
            <p>{t('dataExport.oncePerDay', { date: formatDateTime(latest.next_request_at, language) })}</p>
          ) : (
            <div>
              <Button busy={request.isPending} disabled={request.isPending} onClick={() => request.mutate()}>
                {request.isPending ? t('dataExport.requesting') : t('dataExport.request')}
              </Button>
            </div>
          )}
          {request.isError && (
            <p role="alert" className="text-red-700">
              {refusedToday ? (request.error as ApiError).serverMessage : t('dataExport.error')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
