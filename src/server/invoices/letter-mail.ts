import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { invoices } from '../infra/db/schema';
import type { MailAttachment } from '../infra/outbox/transport';
import { letterPdf } from './documents';
import { firmOf, toInvoices } from './queries';

/**
 * The fourteen-day letter (art. 6:96 lid 6 BW) as the PDF attachment of its mail (`invoice_letter`): the same letter
 * the portal serves at GET /api/invoices/{id}/letter, made through the one PDF writer, in the mail's language. None
 * for any other mail, or when the invoice has no letter (yet).
 */
export async function letterAttachmentsForMail(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  language: string,
): Promise<MailAttachment[]> {
  if (kind !== 'invoice_letter' || typeof payload.invoice_id !== 'string') return [];
  const [row] = await db.select().from(invoices).where(eq(invoices.id, payload.invoice_id));
  // Issuing copies the seller onto the invoice; the letter goes for an issued invoice only.
  if (!row?.letterSentAt || !row.number || !row.seller) return [];
  const seller = row.seller;
  const [invoice] = await toInvoices(db, [row], {
    now: row.letterSentAt,
    firm: firmOf(seller),
    mollieEnabled: false,
    readerIsClient: true,
  });
  if (!invoice) return [];
  const bytes = await letterPdf(invoice, { seller, language: language === 'en-US' ? 'en-US' : 'nl-NL' });
  return [
    {
      filename: `veertiendagenbrief-${row.number}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from(bytes),
    },
  ];
}
