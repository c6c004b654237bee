import type { Invoice } from '../../../contract/invoices';
import { formatDate } from '../../../contract/rules/dutch-date';
import { formatDutchDate } from '../../../contract/rules/settlement-format';

export { formatEuro } from '../../../contract/rules/settlement-format';

/** A calendar day ('2026-12-08') as '08-12-2026'; null as '–'. */
export const day = (date: string | null) => (date ? formatDutchDate(date) : '–');

/** The Amsterdam day of a moment the server recorded (ISO), as '08-12-2026'. */
export const dayOfMoment = (iso: string) => formatDate(iso);

/** How an invoice is named in headings: 'Factuur 2026-0001', 'Creditnota 2026-0002' or 'Conceptfactuur'. */
export function invoiceTitleKey(invoice: Pick<Invoice, 'number' | 'credits'>): string {
  if (!invoice.number) return 'invoices.title.draft';
  return invoice.credits ? 'invoices.title.creditNote' : 'invoices.title.invoice';
}
