import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceStatus } from '../../../../contract/invoices';
import { dayOfMoment } from '../invoice-text';
import { cn } from '../../../ui/cn';

const STYLES: Record<InvoiceStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 border-slate-300',
  open: 'bg-blue-50 text-blue-900 border-blue-300',
  overdue: 'bg-red-50 text-red-900 border-red-300',
  paid: 'bg-green-50 text-green-900 border-green-300',
  credited: 'bg-slate-100 text-slate-800 border-slate-300',
};

/** An invoice's status in words: 'Concept', 'Open', 'Te laat', 'Voldaan op 08-12-2026' or 'Gecrediteerd'. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'paid_at'> }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
        STYLES[invoice.status],
      )}
    >
      {invoice.status === 'paid' && invoice.paid_at
        ? t('invoices.status.paidOn', { date: dayOfMoment(invoice.paid_at) })
        : t(`invoices.status.${invoice.status}`)}
    </span>
  );
}
