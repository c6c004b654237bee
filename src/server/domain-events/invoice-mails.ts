import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { caseLawyers, invoices } from '../infra/db/schema';
import { enqueueMail } from '../infra/outbox/outbox';
import { formatEuro } from '../../contract/rules/settlement-format';
import type { MailRule } from './mails';

/**
 * The mail rules of invoice events (docs/invoices.md). Mails name the invoice's number and amount,
 * never case content. Reminders and the fourteen-day letter are not caused by one change: the
 * invoice job (invoices/reminders.ts) writes those itself.
 */

const numberOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Paid: a receipt to the client; and once every issued invoice of the case is paid (or credited),
 * the case's lawyers get the task 'Factuur voldaan – dossier afronden', once per case.
 */
export const invoicePaidMails: MailRule = async (tx, event) => {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, event.subjectId));
  if (!invoice || invoice.status !== 'paid') return;
  const number = numberOf(event.data?.number) ?? invoice.number ?? '';
  const amount = formatEuro(invoice.totalCents);
  if (invoice.recipient === 'client')
    await enqueueMail(tx, {
      kind: 'invoice_paid',
      to: { userId: invoice.clientId },
      payload: { number, amount },
      now: event.at,
      dedupeKey: `invoice-paid:${invoice.id}`,
    });
  if (!(await allPaid(tx, invoice.caseId))) return;
  const lawyers = await tx
    .select({ id: caseLawyers.lawyerId })
    .from(caseLawyers)
    .where(eq(caseLawyers.caseId, invoice.caseId));
  for (const lawyer of lawyers)
    await enqueueMail(tx, {
      kind: 'invoice_task',
      to: { userId: lawyer.id },
      payload: { case_id: invoice.caseId, number, amount },
      now: event.at,
      dedupeKey: `invoice-task:${invoice.caseId}:${lawyer.id}:${invoice.id}`,
    });
};

/** Every issued invoice of the case is paid or credited (drafts do not count). */
export async function allPaid(tx: Db, caseId: string): Promise<boolean> {
  const [stillOpen] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.caseId, caseId), eq(invoices.status, 'open'), ne(invoices.status, 'draft')))
    .limit(1);
  return !stillOpen;
}
