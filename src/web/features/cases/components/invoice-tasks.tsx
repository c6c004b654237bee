import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVOICE_TASKS, type InvoiceTask } from '../../../../contract/invoices';
import { useInvoiceTasks } from '../api';
import { TaskButton } from './task-filters';

/** `?factuurtaak=` of /dossiers: the invoice task whose cases are listed instead of the table, or null. */
export function readInvoiceTask(search: URLSearchParams): InvoiceTask | null {
  const value = search.get('factuurtaak') ?? '';
  return (INVOICE_TASKS as readonly string[]).includes(value) ? (value as InvoiceTask) : null;
}

/**
 * The invoice tasks among the lawyer's tasks ('Factuur voldaan – dossier afronden', 'Factuur aan de werkgever te
 * laat'), each with its number of cases; shown only while it has cases (or is open).
 */
export function InvoiceTaskFilters({
  active,
  onSelect,
}: {
  active: InvoiceTask | null;
  onSelect: (task: InvoiceTask | null) => void;
}) {
  const { t } = useTranslation();
  const tasks = useInvoiceTasks();
  const rows = tasks.data ?? [];
  const shown = INVOICE_TASKS.map((task) => ({ task, count: rows.filter((row) => row.task === task).length })).filter(
    ({ task, count }) => count > 0 || task === active,
  );
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {shown.map(({ task, count }) => {
        const pressed = active === task;
        return (
          <li key={task}>
            <TaskButton
              label={t(`invoices.taskLabels.${task}`)}
              count={count}
              pressed={pressed}
              onPress={() => onSelect(pressed ? null : task)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The cases with the invoice task, each opening its tab 'Facturen'. */
export function InvoiceTaskList({ task }: { task: InvoiceTask }) {
  const { t } = useTranslation();
  const tasks = useInvoiceTasks();
  if (tasks.isPending) return <p role="status">{t('cases.loading')}</p>;
  if (tasks.isError)
    return (
      <p role="alert" className="text-red-800">
        {t('cases.error')}
      </p>
    );
  const rows = tasks.data.filter((row) => row.task === task);
  return (
    <section aria-labelledby="invoice-task-heading" className="flex flex-col gap-3">
      <h3 id="invoice-task-heading" className="text-lg font-semibold text-slate-900">
        {t(`invoices.taskLabels.${task}`)}
      </h3>
      {rows.length === 0 ? (
        <p>{t('invoices.taskNone')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
          {rows.map((row) => (
            <li key={row.case_id}>
              <Link
                to={`/dossiers/${encodeURIComponent(row.case_id)}/facturen`}
                className={'flex min-h-11 items-center gap-2 px-4 py-3 font-medium text-brand-800 hover:bg-slate-50'}
              >
                <Receipt className="size-4" aria-hidden="true" />
                {row.client_name || t('cases.unknownName')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
