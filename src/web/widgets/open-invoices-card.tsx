import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPayable } from '../../contract/invoices';
import { formatEuro } from '../../contract/rules/settlement-format';
import { useCaseInvoices } from '../lib/invoices-query';

/**
 * The client's dashboard card of invoices still to pay: how many, for how much, whether one is past
 * its due date, and the way to 'Facturen'. Nothing shows while there is none. On the first page the
 * invoices come with the dashboard's own answer (features/dashboard/api.ts), so the card shows with
 * the page and asks nothing itself.
 */
export function OpenInvoicesCard({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const invoices = useCaseInvoices(caseId);
  const open = (invoices.data?.data ?? []).filter(
    (invoice) => invoice.recipient === 'client' && isPayable(invoice.status),
  );
  if (open.length === 0) return null;
  const overdue = open.some((invoice) => invoice.status === 'overdue');
  const total = open.reduce((sum, invoice) => sum + invoice.total_cents, 0);
  return (
    <section
      aria-labelledby="open-invoices-heading"
      className={
        'flex flex-col gap-3 rounded-xl border-2 bg-white p-5 ' + (overdue ? 'border-red-700' : 'border-brand-700')
      }
    >
      <h2 id="open-invoices-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Receipt className="size-5" aria-hidden="true" />
        {t('invoices.dashboard.heading')}
      </h2>
      <p className="text-slate-900">
        {t('invoices.dashboard.open', { count: open.length, amount: formatEuro(total) })}
      </p>
      {overdue && <p className="font-medium text-red-900">{t('invoices.dashboard.overdue')}</p>}
      <Link
        to="/facturen"
        className={
          'inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-700 px-5 py-2.5 ' +
          'font-semibold text-white hover:bg-brand-800'
        }
      >
        {t('invoices.dashboard.link')}
      </Link>
    </section>
  );
}
