import { and, asc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { getCollectionCosts } from '../../contract/rules/collection-costs';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { formatDutchDate, formatEuro } from '../../contract/rules/settlement-format';
import type { Db } from '../infra/db/client';
import { caseLawyers, invoices } from '../infra/db/schema';
import { emit } from '../domain-events';
import { enqueueMail } from '../infra/outbox/outbox';
import { letterDeadline } from './documents';
import { plusDays } from './queries';

/**
 * Payment reminders, the Dutch way (docs/invoices.md), once a day under the job's lock:
 * - a client's invoice not paid by its due date: a friendly reminder mail the day after;
 * - fourteen days after that reminder: the fourteen-day letter (art. 6:96 lid 6 BW), as a PDF in the
 *   portal (GET /api/invoices/{id}/letter) and attached to its mail, stating the collection costs that would
 *   apply after those 14 days. The portal never adds them;
 * - an employer's invoice: a reminder mail to the case's contact, and the task for the lawyer.
 * Mails name the number and the amount only. Each step is stamped on the invoice, so it happens once.
 */

/** Days after the friendly reminder that the fourteen-day letter goes. */
export const LETTER_AFTER_DAYS = 14;

export async function sendInvoiceReminders(
  db: Db,
  now: Date,
  firm: { name: string; iban: string },
  batch = 100,
): Promise<number> {
  const today = amsterdamDay(now);
  let done = 0;
  const overdue = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lt(invoices.dueDate, today), isNull(invoices.reminderSentAt)))
    .orderBy(asc(invoices.dueDate))
    .limit(batch);
  for (const invoice of overdue) {
    const values = {
      number: invoice.number ?? '',
      amount: formatEuro(invoice.totalCents),
      due_date: formatDutchDate(invoice.dueDate ?? today),
    };
    if (invoice.recipient === 'client') {
      await enqueueMail(db, {
        kind: 'invoice_reminder',
        to: { userId: invoice.clientId },
        payload: values,
        now,
        dedupeKey: `invoice-reminder:${invoice.id}`,
      });
    } else {
      const address = invoice.recipientDetails?.email;
      if (address)
        await enqueueMail(db, {
          kind: 'invoice_reminder_employer',
          to: { address, name: invoice.recipientDetails?.contact_name ?? null },
          payload: { ...values, firm: invoice.seller?.name ?? firm.name, iban: invoice.seller?.iban ?? firm.iban },
          now,
          dedupeKey: `invoice-reminder:${invoice.id}`,
        });
      const lawyers = await db
        .select({ id: caseLawyers.lawyerId })
        .from(caseLawyers)
        .where(eq(caseLawyers.caseId, invoice.caseId));
      for (const lawyer of lawyers)
        await enqueueMail(db, {
          kind: 'invoice_employer_overdue',
          to: { userId: lawyer.id },
          payload: { ...values, case_id: invoice.caseId },
          now,
          dedupeKey: `invoice-employer-overdue:${invoice.id}:${lawyer.id}`,
        });
    }
    await db.update(invoices).set({ reminderSentAt: now }).where(eq(invoices.id, invoice.id));
    await emit(db, {
      actorId: null,
      action: 'invoice.reminder_sent',
      subjectType: 'invoice',
      subjectId: invoice.id,
      caseId: invoice.caseId,
      data: { case_id: invoice.caseId, number: invoice.number, recipient: invoice.recipient },
      at: now,
    });
    done += 1;
  }

  // The fourteen-day letter: client invoices only (a consumer), 14 days after the reminder.
  const letterBefore = new Date(`${plusDays(today, -LETTER_AFTER_DAYS)}T23:59:59.999+01:00`);
  const dueLetters = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'open'),
        eq(invoices.recipient, 'client'),
        isNotNull(invoices.reminderSentAt),
        lte(invoices.reminderSentAt, letterBefore),
        isNull(invoices.letterSentAt),
      ),
    )
    .orderBy(asc(invoices.reminderSentAt))
    .limit(batch);
  for (const invoice of dueLetters) {
    if (!invoice.reminderSentAt || amsterdamDay(invoice.reminderSentAt) > plusDays(today, -LETTER_AFTER_DAYS)) continue;
    await enqueueMail(db, {
      kind: 'invoice_letter',
      to: { userId: invoice.clientId },
      payload: {
        invoice_id: invoice.id,
        number: invoice.number ?? '',
        amount: formatEuro(invoice.totalCents),
        deadline: formatDutchDate(letterDeadline(today)),
        costs: formatEuro(getCollectionCosts(invoice.totalCents)),
      },
      now,
      dedupeKey: `invoice-letter:${invoice.id}`,
    });
    await db.update(invoices).set({ letterSentAt: now }).where(eq(invoices.id, invoice.id));
    await emit(db, {
      actorId: null,
      action: 'invoice.letter_sent',
      subjectType: 'invoice',
      subjectId: invoice.id,
      caseId: invoice.caseId,
      data: { case_id: invoice.caseId, number: invoice.number },
      at: now,
    });
    done += 1;
  }
  return done;
}

/** Advisory-lock key of the invoice reminder job (jobs/scheduler.ts). */
export const INVOICE_REMINDERS_LOCK_KEY = 7_043;

/** Hourly (main.ts); each invoice's reminder and letter go once, on the first run of their day. */
export function invoiceRemindersJob(now: () => Date, firm: { name: string; iban: string }, intervalMs = 3_600_000) {
  return {
    name: 'invoice-reminders',
    lockKey: INVOICE_REMINDERS_LOCK_KEY,
    intervalMs,
    run: (db: Db) => sendInvoiceReminders(db, now(), firm),
  };
}
