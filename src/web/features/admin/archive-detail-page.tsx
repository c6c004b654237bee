import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useFormatDate } from '../../lib/use-format-date';
import { useLanguage } from '../../lib/use-language';
import { DownloadButton } from '../../ui/download-button';
import { PageHeading } from '../../ui/page-heading';
import { archiveZipPath, useArchivedCase } from './api';
import { archiveBase, type ArchiveReader } from './archive-page';
import { adminErrorText } from './error';
import { formatFileSize } from './file-size';

const COUNTS = ['documents', 'messages', 'settlement_versions', 'appointments'] as const;

/**
 * /beheer/archief/{caseId}: one archived case, read-only: the client, the dates, the legal hold, what the file holds,
 * and 'Dossier downloaden (zip)'. No button here changes the file. A lawyer's is /archief/{caseId}.
 */
export function ArchiveDetailPage({ reader = 'admin' }: { reader?: ArchiveReader }) {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const archived = useArchivedCase(caseId);
  const formatDate = useFormatDate();
  const language = useLanguage();
  const item = archived.data;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link to={archiveBase(reader)} className="w-fit text-sky-900 underline underline-offset-2">
        {t('admin.archive.back')}
      </Link>
      {!item ? (
        <>
          <PageHeading>{t('admin.archive.detailHeading')}</PageHeading>
          <p role={archived.isError ? 'alert' : 'status'}>
            {!archived.isError
              ? t('admin.loading')
              : isApiError(archived.error) && archived.error.status === 404
                ? t('admin.archive.notFound')
                : adminErrorText(archived.error, t)}
          </p>
        </>
      ) : (
        <>
          <PageHeading>{item.client_name}</PageHeading>
          <p className="text-slate-800">{t('admin.archive.readOnly')}</p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            {item.company_name && (
              <>
                <dt className="font-medium text-slate-900">{t('admin.archive.columns.company')}</dt>
                <dd className="text-slate-800">{item.company_name}</dd>
              </>
            )}
            <dt className="font-medium text-slate-900">{t('admin.archive.columns.case')}</dt>
            <dd className="font-mono break-all text-slate-800">{item.case_id}</dd>
            <dt className="font-medium text-slate-900">{t('admin.archive.columns.lawyers')}</dt>
            <dd className="text-slate-800">{item.lawyers.join(', ') || t('admin.archive.none')}</dd>
            <dt className="font-medium text-slate-900">{t('admin.archive.columns.completed')}</dt>
            <dd className="text-slate-800">{formatDate(item.completed_at) || t('admin.archive.none')}</dd>
            <dt className="font-medium text-slate-900">{t('admin.archive.columns.archived')}</dt>
            <dd className="text-slate-800">{formatDate(item.archived_at)}</dd>
            <dt className="font-medium text-slate-900">{t('admin.archive.columns.destroyOn')}</dt>
            <dd className="text-slate-800">
              {item.legal_hold
                ? t('admin.archive.legalHoldReason', { reason: item.legal_hold_reason ?? '' })
                : formatDate(item.destroy_on) || t('admin.archive.none')}
            </dd>
            {COUNTS.map((what) => (
              <CountRow key={what} label={t(`admin.archive.counts.${what}`)} count={item.counts[what]} />
            ))}
          </dl>
          <DownloadButton
            path={archiveZipPath(item.case_id)}
            filename={`archief-${item.case_id}.zip`}
            failedMessage={t('admin.archive.downloadFailed')}
            variant="primary"
          >
            {t('admin.archive.download')}
          </DownloadButton>
          <section aria-labelledby="archive-documents" className="flex flex-col gap-3">
            <h2 id="archive-documents" className="text-xl font-semibold text-slate-900">
              {t('admin.archive.documents')}
            </h2>
            {item.documents.length === 0 ? (
              <p>{t('admin.archive.noDocuments')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {item.documents.map((document) => (
                  <li key={document.id} className="rounded-xl border border-slate-200 bg-white p-3 text-slate-800">
                    <span className="block font-medium text-slate-900">{document.title}</span>
                    <span className="block text-sm break-all">
                      {[
                        document.filename,
                        document.uploaded_at ? formatDate(document.uploaded_at) : null,
                        document.size_bytes === null ? null : formatFileSize(document.size_bytes, language),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

/** /archief/{caseId}: one of the lawyer's own archived cases. */
export const LawyerArchiveDetailPage = () => <ArchiveDetailPage reader="lawyer" />;

function CountRow({ label, count }: { label: string; count: number }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="text-slate-800">{count}</dd>
    </>
  );
}
