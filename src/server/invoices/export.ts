import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { invoicePayments, invoices } from '../infra/db/schema';
import { invoicePdf, letterPdf } from './documents';
import { firmOf, toInvoices } from './queries';

/** The zip folder of the client's invoices in their data export. */
export const INVOICES_FOLDER = 'facturen';

export type InvoiceExport = {
  /** One record per invoice or credit note (`facturen/facturen.json`). */
  records: unknown[];
  /** The PDFs beside it, made when the zip is written. */
  files: { entry: string; at: Date; render: () => Promise<Uint8Array> }[];
};

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * The client's own invoices for their data export: every invoice and credit note of theirs that the portal shows them
 * under 'Facturen' (never a draft), as data (lines, totals, dates, status, payments and refunds through Mollie,
 * reminders), each with its PDF and, once sent, its fourteen-day letter, in the client's language. Amounts are cents.
 */
export async function clientInvoicesForExport(
  db: Db,
  clientId: string,
  input: { language: string; now: Date },
): Promise<InvoiceExport> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), ne(invoices.status, 'draft')))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  const issued = rows.filter((row) => row.number !== null && row.seller !== null);
  if (issued.length === 0) return { records: [], files: [] };
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(
      inArray(
        invoicePayments.invoiceId,
        issued.map((row) => row.id),
      ),
    )
    .orderBy(asc(invoicePayments.createdAt));
  const numbers = new Map(issued.map((row) => [row.id, row.number]));
  const pdfLanguage = input.language === 'en-US' ? 'en-US' : 'nl-NL';
  const records: unknown[] = [];
  const files: InvoiceExport['files'] = [];
  for (const row of issued) {
    const seller = row.seller!;
    const [invoice] = await toInvoices(db, [row], {
      now: input.now,
      firm: firmOf(seller),
      mollieEnabled: false,
      readerIsClient: true,
    });
    if (!invoice) continue;
    const isCredit = row.credits !== null;
    const creditsNumber = row.credits ? (numbers.get(row.credits) ?? null) : null;
    const pdfEntry = `${INVOICES_FOLDER}/${isCredit ? 'creditnota' : 'factuur'}-${row.number}.pdf`;
    const at = row.issuedAt ?? row.createdAt;
    files.push({
      entry: pdfEntry,
      at,
      render: () => invoicePdf(invoice, row, { seller, language: pdfLanguage, creditsNumber }),
    });
    const letterEntry = row.letterSentAt ? `${INVOICES_FOLDER}/veertiendagenbrief-${row.number}.pdf` : null;
    if (letterEntry)
      files.push({
        entry: letterEntry,
        at: row.letterSentAt ?? at,
        render: () => letterPdf(invoice, { seller, language: pdfLanguage }),
      });
    records.push({
      number: invoice.number,
      kind: isCredit ? 'credit_note' : 'invoice',
      credits: creditsNumber,
      status: invoice.status,
      recipient: invoice.recipient,
      recipient_details: {
        name: invoice.recipient_details.name,
        address_lines: invoice.recipient_details.address_lines,
        contact_name: invoice.recipient_details.contact_name,
        vat_id: invoice.recipient_details.vat_id,
      },
      seller: { name: seller.name, address_lines: seller.address_lines, kvk: seller.kvk, vat_id: seller.vat_id },
      issue_date: invoice.issue_date,
      due_date: invoice.due_date,
      reference: invoice.reference,
      service_period: invoice.service_period,
      lines: invoice.lines,
      vat_breakdown: invoice.vat_breakdown,
      subtotal_cents: invoice.subtotal_cents,
      vat_cents: invoice.vat_cents,
      total_cents: invoice.total_cents,
      paid_at: invoice.paid_at,
      refunded_cents: invoice.refunded_cents,
      reminder_sent_at: invoice.reminder_sent_at,
      letter_sent_at: invoice.letter_sent_at,
      payments: payments
        .filter((payment) => payment.invoiceId === row.id)
        .map((payment) => ({
          through: 'Mollie (iDEAL | Wero)',
          status: payment.status,
          amount_cents: payment.amountCents,
          paid_at: iso(payment.paidAt),
          refunded_cents: payment.refundedCents,
          started_at: iso(payment.createdAt),
        })),
      files: letterEntry ? [pdfEntry, letterEntry] : [pdfEntry],
    });
  }
  return { records, files };
}
