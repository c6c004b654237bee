import { appointmentInviteExtras } from './appointments/mail';
import type { MailExtras } from './infra/outbox/worker';

/**
 * The fourteen-day letter travels as its PDF. Loaded on first use: the PDF writer is not small,
 * and the CLI and start-up do not pay for it.
 */
const invoiceLetterExtras: MailExtras = async ({ db, kind, payload, language }) => {
  if (kind !== 'invoice_letter') return null;
  const { letterAttachmentsForMail } = await import('./invoices/letter-mail');
  return { attachments: await letterAttachmentsForMail(db, kind, payload, language) };
};

/** What the features add to their mails, handed to every outbox worker (runtime.ts, the test harness). */
export const MAIL_EXTRAS: readonly MailExtras[] = [appointmentInviteExtras, invoiceLetterExtras];
