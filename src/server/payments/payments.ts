import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { engagementWithdrawals, invoicePayments, invoices } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { AppError } from '../infra/errors/errors';
import { INVOICE_ERRORS, effectiveStatus, type InvoiceRow } from '../invoices/queries';
import type { Mollie } from './mollie';

/**
 * Paying an invoice with iDEAL | Wero through Mollie (docs/decisions/063): a payment is created at
 * Mollie and remembered; Mollie's webhook only names a payment id, so its status is always fetched
 * from Mollie before anything changes (a forged call changes nothing), and applying it twice
 * changes nothing the second time.
 */

/** Starts a payment for an open client invoice; answers the checkout page's address. */
export async function startPayment(
  db: Db,
  mollie: Mollie,
  input: { invoice: InvoiceRow; publicUrl: string; now: Date },
): Promise<string> {
  const { invoice } = input;
  const status = effectiveStatus(invoice, input.now);
  if (!invoice.number || invoice.recipient !== 'client' || (status !== 'open' && status !== 'overdue'))
    throw new AppError('conflict', INVOICE_ERRORS.notPayable);
  const payment = await mollie.createPayment({
    amountCents: invoice.totalCents,
    description: `Factuur ${invoice.number}`,
    redirectUrl: `${input.publicUrl}/facturen/${invoice.id}`,
    webhookUrl: `${input.publicUrl}/api/payments/mollie/webhook`,
    invoiceId: invoice.id,
    idempotencyKey: `${invoice.id}:${input.now.getTime()}`,
  });
  await db.insert(invoicePayments).values({
    id: payment.id,
    invoiceId: invoice.id,
    amountCents: payment.amountCents,
    status: payment.status,
    checkoutUrl: payment.checkoutUrl,
    createdAt: input.now,
    updatedAt: input.now,
  });
  if (!payment.checkoutUrl) throw new AppError('conflict', INVOICE_ERRORS.notPayable);
  return payment.checkoutUrl;
}

/**
 * The webhook: `id` is only a hint. An id the portal never created is ignored; otherwise the
 * payment is fetched from Mollie and its status applied. Paid: the invoice reads 'Voldaan' with the
 * date (once; `invoice.paid` makes the receipt, the timeline line and the lawyer's task).
 * Returns what happened, for the log.
 */
export async function applyMollieWebhook(
  db: Db,
  mollie: Mollie,
  input: { paymentId: string; now: Date },
): Promise<'unknown' | 'unchanged' | 'updated' | 'paid'> {
  const [known] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, input.paymentId));
  if (!known) return 'unknown';
  const payment = await mollie.getPayment(known.id);
  if (!payment) return 'unknown';
  return withEvents(db, async (tx) => {
    const [locked] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, known.id)).for('update');
    if (!locked) return 'unknown';
    if (locked.status === payment.status) return 'unchanged';
    await tx
      .update(invoicePayments)
      .set({ status: payment.status, paidAt: payment.paidAt, updatedAt: input.now })
      .where(eq(invoicePayments.id, known.id));
    if (payment.status !== 'paid' || payment.amountCents < 1) return 'updated';
    const paidAt = payment.paidAt ?? input.now;
    const [invoice] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt, updatedAt: input.now })
      .where(and(eq(invoices.id, locked.invoiceId), eq(invoices.status, 'open')))
      .returning();
    if (!invoice) return 'updated';
    await emit(tx, {
      actorId: null,
      action: 'invoice.paid',
      subjectType: 'invoice',
      subjectId: invoice.id,
      caseId: invoice.caseId,
      data: { case_id: invoice.caseId, number: invoice.number, total_cents: invoice.totalCents, method: 'mollie' },
      at: input.now,
    });
    return 'paid';
  });
}

/**
 * Refunds through Mollie what was paid for an invoice: `amountCents` (at most what is left), or all
 * of it. Each paid payment gives back what it can, the newest first. Returns the amount refunded.
 */
export async function refundInvoice(
  db: Db,
  mollie: Mollie,
  input: { invoiceId: string; amountCents: number | null; actorId: string | null; now: Date },
): Promise<number> {
  const paid = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, input.invoiceId), eq(invoicePayments.status, 'paid')))
    .orderBy(desc(invoicePayments.createdAt));
  const refundable = paid.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
  const wanted = input.amountCents ?? refundable;
  if (wanted > refundable)
    throw new AppError('validation', INVOICE_ERRORS.refundTooHigh, { amount_cents: [INVOICE_ERRORS.refundTooHigh] });
  let left = wanted;
  let done = 0;
  for (const payment of paid) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amountCents - payment.refundedCents);
    if (part <= 0) continue;
    await mollie.refund({ paymentId: payment.id, amountCents: part, description: 'Terugbetaling na herroeping' });
    await db
      .update(invoicePayments)
      .set({ refundedCents: sql`${invoicePayments.refundedCents} + ${part}`, updatedAt: input.now })
      .where(eq(invoicePayments.id, payment.id));
    left -= part;
    done += part;
  }
  if (done > 0)
    await withEvents(db, async (tx) => {
      const [invoice] = await tx
        .update(invoices)
        .set({ refundedCents: sql`${invoices.refundedCents} + ${done}`, updatedAt: input.now })
        .where(eq(invoices.id, input.invoiceId))
        .returning();
      if (!invoice) return;
      await emit(tx, {
        actorId: input.actorId,
        action: 'invoice.refunded',
        subjectType: 'invoice',
        subjectId: invoice.id,
        caseId: invoice.caseId,
        data: { case_id: invoice.caseId, number: invoice.number, amount_cents: done },
        at: input.now,
      });
    });
  return done;
}

/**
 * After the client withdrew within the withdrawal period: without their request to start at
 * once, everything paid through Mollie for the case goes back in full. With that request the
 * lawyer enters the amount (POST /api/invoices/{id}/refund). Returns the amount refunded.
 */
export async function refundAfterWithdrawal(
  db: Db,
  mollie: Mollie | null,
  input: { caseId: string; startConsent: boolean | null; now: Date },
): Promise<number> {
  if (!mollie || input.startConsent) return 0;
  const paidInvoices = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.caseId, input.caseId), inArray(invoices.status, ['paid', 'open', 'credited'])));
  let total = 0;
  for (const invoice of paidInvoices)
    total += await refundInvoice(db, mollie, {
      invoiceId: invoice.id,
      amountCents: null,
      actorId: null,
      now: input.now,
    });
  return total;
}

/** The case had a withdrawal in which the client asked the firm to start at once: the lawyer may refund a part. */
export async function hasWithdrawalWithStart(db: Db, caseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: engagementWithdrawals.caseId })
    .from(engagementWithdrawals)
    .where(and(eq(engagementWithdrawals.caseId, caseId), eq(engagementWithdrawals.startConsent, true)))
    .limit(1);
  return Boolean(row);
}
