import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../../contract/invoices';
import { formatEuro } from '../invoice-text';

/**
 * An invoice's lines ('2 × € 375,00, btw 21 %' and the line's amount) and the totals as the
 * server computed them: the subtotal, the VAT per rate over its base, and the total.
 */
export function InvoiceLines({ invoice, labelledBy }: { invoice: Invoice; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <ul aria-labelledby={labelledBy} className="flex flex-col divide-y divide-slate-200 border-y border-slate-200">
        {invoice.lines.map((line, index) => (
          <li key={index} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="flex flex-col">
              <span className="text-slate-900">{line.description}</span>
              <span className="text-sm text-slate-700">
                {t('invoices.lines.detail', {
                  quantity: line.quantity,
                  price: formatEuro(line.unit_price_cents),
                  rate: line.vat_rate,
                })}
              </span>
            </div>
            <span className="font-medium whitespace-nowrap text-slate-900">{formatEuro(line.total_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-900 sm:ml-auto sm:min-w-72">
        <dt>{t('invoices.lines.subtotal')}</dt>
        <dd className="text-right whitespace-nowrap">{formatEuro(invoice.subtotal_cents)}</dd>
        {invoice.vat_breakdown.map((row) => (
          <div key={row.vat_rate} className="contents">
            <dt>{t('invoices.lines.vat', { rate: row.vat_rate, base: formatEuro(row.base_cents) })}</dt>
            <dd className="text-right whitespace-nowrap">{formatEuro(row.vat_cents)}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t('invoices.lines.total')}</dt>
        <dd className="text-right font-semibold whitespace-nowrap">{formatEuro(invoice.total_cents)}</dd>
      </dl>
    </div>
  );
}
