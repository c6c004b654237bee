import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../lib/use-format-date';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { DataTable } from '../../ui/data-table';
import { useArchive, useDestructions } from './api';
import { adminErrorText } from './error';

/** Where a reader's archive lives: the admin's under /beheer (with the destruction records), a lawyer's at /archief. */
export type ArchiveReader = 'admin' | 'lawyer';
export const archiveBase = (reader: ArchiveReader) => (reader === 'admin' ? '/beheer/archief' : '/archief');

/**
 * /beheer/archief: the firm's archive, read-only. The cases whose client's account was deleted (6 months after
 * completion) with the client's name and the dates, searchable; below, the records of the files destroyed after the
 * retention period. Nothing here changes anything. A lawyer's /archief shows their own archived cases (the server
 * answers only those), without the destruction records.
 */
export function ArchivePage({ reader = 'admin' }: { reader?: ArchiveReader }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const archive = useArchive(q);
  const formatDate = useFormatDate();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(input.trim());
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('admin.archive.heading')}</PageHeading>
      <p className="text-slate-800">{t(reader === 'admin' ? 'admin.archive.intro' : 'admin.archive.lawyerIntro')}</p>
      <form role="search" onSubmit={onSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('admin.archive.searchLabel')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          className="flex-1"
          type="search"
          maxLength={200}
        />
        <Button type="submit">{t('admin.archive.search')}</Button>
      </form>
      {!archive.data ? (
        <p role={archive.isError ? 'alert' : 'status'}>
          {archive.isError ? adminErrorText(archive.error, t) : t('admin.loading')}
        </p>
      ) : archive.data.length === 0 ? (
        <p>{q ? t('admin.archive.noMatch') : t('admin.archive.empty')}</p>
      ) : (
        <DataTable
          label={t('admin.archive.heading')}
          rows={archive.data}
          rowKey={(item) => item.case_id}
          columns={[
            {
              id: 'client',
              header: t('admin.archive.columns.client'),
              cell: (item) => (
                <>
                  <Link
                    to={`${archiveBase(reader)}/${item.case_id}`}
                    className="font-medium text-sky-900 underline underline-offset-2"
                  >
                    {item.client_name}
                  </Link>
                  {item.company_name && <span className="block text-slate-700">{item.company_name}</span>}
                </>
              ),
            },
            {
              id: 'completed',
              header: t('admin.archive.columns.completed'),
              className: 'whitespace-nowrap',
              cell: (item) => formatDate(item.completed_at) || t('admin.archive.none'),
            },
            {
              id: 'archived',
              header: t('admin.archive.columns.archived'),
              className: 'whitespace-nowrap',
              cell: (item) => formatDate(item.archived_at),
            },
            {
              id: 'destroyOn',
              header: t('admin.archive.columns.destroyOn'),
              className: 'whitespace-nowrap',
              cell: (item) =>
                item.legal_hold ? t('admin.archive.legalHold') : formatDate(item.destroy_on) || t('admin.archive.none'),
            },
          ]}
        />
      )}
      {reader === 'admin' && <Destructions />}
    </section>
  );
}

/** /archief: the lawyer's own archived cases. */
export const LawyerArchivePage = () => <ArchivePage reader="lawyer" />;

/** 'Vernietigde dossiers': what the retention job destroyed, as records (case id, initials, dates, counts). */
function Destructions() {
  const { t } = useTranslation();
  const destructions = useDestructions();
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="destructions-heading" className="flex flex-col gap-3">
      <h2 id="destructions-heading" className="text-xl font-semibold text-slate-900">
        {t('admin.archive.destructions.heading')}
      </h2>
      <p className="text-slate-800">{t('admin.archive.destructions.intro')}</p>
      {!destructions.data ? (
        <p role={destructions.isError ? 'alert' : 'status'}>
          {destructions.isError ? adminErrorText(destructions.error, t) : t('admin.loading')}
        </p>
      ) : destructions.data.length === 0 ? (
        <p>{t('admin.archive.destructions.empty')}</p>
      ) : (
        <DataTable
          label={t('admin.archive.destructions.heading')}
          rows={destructions.data}
          rowKey={(record) => record.case_id}
          columns={[
            {
              id: 'case',
              header: t('admin.archive.destructions.columns.case'),
              className: 'font-mono break-all',
              cell: (record) => record.case_id,
            },
            {
              id: 'initials',
              header: t('admin.archive.destructions.columns.initials'),
              cell: (record) => record.client_initials,
            },
            {
              id: 'completed',
              header: t('admin.archive.destructions.columns.completed'),
              className: 'whitespace-nowrap',
              cell: (record) => formatDate(record.completed_at) || t('admin.archive.none'),
            },
            {
              id: 'destroyed',
              header: t('admin.archive.destructions.columns.destroyed'),
              className: 'whitespace-nowrap',
              cell: (record) => formatDate(record.destroyed_at),
            },
            {
              id: 'counts',
              header: t('admin.archive.destructions.columns.counts'),
              cell: (record) => (
                <ul>
                  {Object.entries(record.counts).map(([what, count]) => (
                    <li key={what}>
                      {t(`admin.archive.counts.${what}`, { defaultValue: what })}: {count}
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
