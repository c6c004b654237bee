import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../../contract/invoices';
import { day, formatEuro } from '../invoice-text';

/** An issued invoice's dates and amount: 'Factuurdatum', 'Vervaldatum' and 'Bedrag (incl. btw)'. */
export function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
      {invoice.issue_date && (
        <>
          <dt className="font-medium">{t('invoices.fields.issueDate')}</dt>
          <dd>{day(invoice.issue_date)}</dd>
        </>
      )}
      {invoice.due_date && !invoice.credits && (
        <>
          <dt className="font-medium">{t('invoices.fields.dueDate')}</dt>
          <dd>{day(invoice.due_date)}</dd>
        </>
      )}
      <dt className="font-medium">{t('invoices.fields.total')}</dt>
      <dd>{formatEuro(invoice.total_cents)}</dd>
    </dl>
  );
}
