import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, type AdminInvoicesQuery, type InvoiceStatus } from '../../../contract/invoices';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { SelectField } from '../../ui/labelled-fields';
import { PageHeading } from '../../ui/page-heading';
import { Pager } from '../../ui/pager';
import { DataTable } from '../../ui/data-table';
import { downloadInvoicesCsv, downloadInvoicesZip, useAdminInvoices } from './api';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { day, dayOfMoment, formatEuro } from './invoice-text';

type Filters = Omit<AdminInvoicesQuery, 'page'>;
const EMPTY = { status: '', from: '', to: '' };

/**
 * The admin's 'Facturen' (/beheer/facturen): every invoice with its status, filtered by period (the
 * invoice date) and status, with the totals of all it matches, the accountant's CSV and the zip of
 * every PDF and UBL file of the period.
 */
export function AdminInvoicesPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const invoices = useAdminInvoices({ ...filters, page });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      ...(form.status ? { status: form.status as InvoiceStatus } : {}),
      ...(form.from ? { from: form.from } : {}),
      ...(form.to ? { to: form.to } : {}),
    });
    setPage(1);
  };
  const download = (save: (filters: Filters) => Promise<void>) => async () => {
    try {
      setError(null);
      await save(filters);
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };
  const input = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const body = invoices.data;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('invoices.admin.heading')}</PageHeading>
      <p className="text-slate-800">{t('invoices.admin.intro')}</p>
      <form
        noValidate
        onSubmit={onFilter}
        aria-label={t('invoices.admin.filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4"
      >
        <TextField label={t('invoices.admin.from')} type="date" {...input('from')} />
        <TextField label={t('invoices.admin.to')} type="date" {...input('to')} />
        <SelectField label={t('invoices.admin.status')} {...input('status')}>
          <option value="">{t('invoices.admin.anyStatus')}</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`invoices.status.${status}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit">{t('invoices.admin.filter')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(EMPTY);
              setFilters({});
              setPage(1);
            }}
          >
            {t('invoices.admin.reset')}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" onClick={download(downloadInvoicesCsv)}>
          {t('invoices.admin.csv')}
        </Button>
        <Button variant="secondary" onClick={download(downloadInvoicesZip)}>
          {t('invoices.admin.zip')}
        </Button>
      </div>
      <FormError message={error ?? (invoices.isError ? getErrorText(invoices.error, t) : undefined)} />
      {body && (
        <section aria-labelledby="invoice-totals" className="rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id="invoice-totals" className="mb-2 text-lg font-semibold text-slate-900">
            {t('invoices.admin.totals', { count: body.totals.count })}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900 sm:grid-cols-[auto_auto_auto_auto]">
            <dt className="font-medium">{t('invoices.lines.subtotal')}</dt>
            <dd>{formatEuro(body.totals.subtotal_cents)}</dd>
            <dt className="font-medium">{t('invoices.admin.vat')}</dt>
            <dd>{formatEuro(body.totals.vat_cents)}</dd>
            <dt className="font-medium">{t('invoices.lines.total')}</dt>
            <dd>{formatEuro(body.totals.total_cents)}</dd>
            <dt className="font-medium">{t('invoices.admin.outstanding')}</dt>
            <dd>{formatEuro(body.totals.outstanding_cents)}</dd>
          </dl>
        </section>
      )}
      {!body ? (
        !invoices.isError && <p role="status">{t('invoices.loading')}</p>
      ) : body.data.length === 0 ? (
        <p>{t('invoices.admin.empty')}</p>
      ) : (
        <DataTable
          label={t('invoices.admin.heading')}
          rows={body.data}
          rowKey={(invoice) => invoice.id}
          columns={[
            {
              id: 'number',
              header: t('invoices.admin.columns.number'),
              rowHeader: true,
              className: 'whitespace-nowrap',
              cell: (invoice) => invoice.number ?? t('invoices.status.draft'),
            },
            {
              id: 'date',
              header: t('invoices.admin.columns.date'),
              className: 'whitespace-nowrap',
              cell: (invoice) => (invoice.issue_date ? day(invoice.issue_date) : dayOfMoment(invoice.created_at)),
            },
            { id: 'client', header: t('invoices.admin.columns.client'), cell: (invoice) => invoice.client_name },
            {
              id: 'recipient',
              header: t('invoices.admin.columns.recipient'),
              cell: (invoice) =>
                invoice.recipient === 'employer' ? invoice.recipient_details.name : t('invoices.recipient.client'),
            },
            {
              id: 'status',
              header: t('invoices.admin.columns.status'),
              cell: (invoice) => <InvoiceStatusBadge invoice={invoice} />,
            },
            {
              id: 'amount',
              header: t('invoices.admin.columns.amount'),
              numeric: true,
              className: 'whitespace-nowrap',
              cell: (invoice) => formatEuro(invoice.total_cents),
            },
          ]}
        />
      )}
      {body && body.meta.last_page > 1 && (
        <Pager
          label={t('invoices.admin.pages')}
          page={page}
          hasNext={page < body.meta.last_page}
          onPage={setPage}
          previous={t('admin.previous')}
          next={t('admin.next')}
        />
      )}
    </section>
  );
}
