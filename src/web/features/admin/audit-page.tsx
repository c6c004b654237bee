import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../lib/use-format-date';
import { AUDIT_ACTIONS, auditActionKey, type AuditQuery } from '../../../contract/admin';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { downloadAuditCsv, useAdminAudit } from './api';
import { adminErrorText } from './error';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager';

const EMPTY = { lawyer: '', client: '', action: '', from: '', until: '' };

/** /beheer/audit: the audit trail across cases, filtered, paged and exported as CSV (reading it is audited). */
export function AuditPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [filters, setFilters] = useState<Omit<AuditQuery, 'page'>>({});
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const audit = useAdminAudit({ ...filters, page });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      Object.entries(form)
        .filter(([, value]) => value.trim() !== '')
        .map(([key, value]) => [key, value.trim()]),
    );
    setFilters(next);
    setPage(1);
  };

  const onExport = async () => {
    try {
      await downloadAuditCsv(filters);
      setError(null);
    } catch (failure) {
      setError(adminErrorText(failure, t));
    }
  };

  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  // The app's one date format (dd-mm-yyyy HH:MM in Europe/Amsterdam, lib/format.ts): a moment reads the same here
  // as on the timeline.
  const formatDateTime = useFormatDateTime();
  // An action in words ('Document afgekeurd'); one this version does not know, as recorded.
  const actionText = (action: string) => {
    const key = auditActionKey(action);
    return key ? t(key) : action;
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('admin.audit.heading')}</PageHeading>
      <p className="text-slate-800">{t('admin.audit.intro')}</p>
      <form
        noValidate
        onSubmit={onFilter}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3"
      >
        <TextField label={t('admin.audit.lawyer')} autoComplete="off" {...field('lawyer')} />
        <TextField label={t('admin.audit.client')} autoComplete="off" {...field('client')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-action" className="font-medium text-slate-900">
            {t('admin.audit.action')}
          </label>
          <select
            id="audit-action"
            {...field('action')}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">{t('admin.audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionText(action)}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('admin.audit.from')} type="date" {...field('from')} />
        <TextField label={t('admin.audit.until')} type="date" {...field('until')} />
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit">{t('admin.audit.filter')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(EMPTY);
              setFilters({});
              setPage(1);
            }}
          >
            {t('admin.audit.reset')}
          </Button>
        </div>
      </form>
      <div>
        <Button variant="secondary" onClick={onExport}>
          {t('admin.audit.export')}
        </Button>
      </div>
      <FormError message={error ?? (audit.isError ? adminErrorText(audit.error, t) : undefined)} />
      {!audit.data ? (
        !audit.isError && <p role="status">{t('admin.loading')}</p>
      ) : audit.data.data.length === 0 ? (
        <p>{t('admin.audit.empty')}</p>
      ) : (
        <DataTable
          label={t('admin.audit.heading')}
          rows={audit.data.data}
          rowKey={(event) => event.id}
          columns={[
            {
              id: 'when',
              header: t('admin.audit.columns.when'),
              className: 'whitespace-nowrap',
              cell: (event) => <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>,
            },
            {
              id: 'actor',
              header: t('admin.audit.columns.actor'),
              cell: (event) => event.actor_name ?? (event.actor_id ? event.actor_id : t('admin.audit.system')),
            },
            { id: 'action', header: t('admin.audit.columns.action'), cell: (event) => actionText(event.action) },
            {
              id: 'subject',
              header: t('admin.audit.columns.subject'),
              className: 'break-all',
              cell: (event) => (
                <>
                  {t(`admin.audit.subjects.${event.subject_type}`, { defaultValue: event.subject_type })}{' '}
                  {event.subject_id}
                </>
              ),
            },
            {
              id: 'data',
              header: t('admin.audit.columns.data'),
              className: 'font-mono break-all',
              cell: (event) => JSON.stringify(event.data),
            },
          ]}
        />
      )}
      {audit.data && (page > 1 || audit.data.meta.has_more) && (
        <Pager
          label={t('admin.pageLabel', { page })}
          page={page}
          hasNext={audit.data.meta.has_more}
          onPage={setPage}
          previous={t('admin.previous')}
          next={t('admin.next')}
        />
      )}
    </section>
  );
}
