import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../../contract/invoices';
import { invoiceTitleKey } from '../invoice-text';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** An invoice's card: 'Factuur 2026-0001' (or 'Creditnota …', 'Conceptfactuur') with its status, then `children`. */
export function InvoiceCard({
  invoice,
  heading: Heading,
  children,
}: {
  invoice: Invoice;
  heading: 'h2' | 'h3';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `invoice-${invoice.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="text-lg font-semibold text-slate-900">
          {t(invoiceTitleKey(invoice), { number: invoice.number })}
        </Heading>
        <InvoiceStatusBadge invoice={invoice} />
      </div>
      {children}
    </article>
  );
}
