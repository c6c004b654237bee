import { getStatus, type StatusSlug } from '../statuses';

/**
 * A closed case is a record, for everyone (client and lawyer alike). This is the one rule the
 * server's write routes apply (server/cases/lock.ts, checked again under the case's row lock)
 * and the screens follow to hide the buttons:
 * - from 'Klaar voor facturatie' on, its documents, its settlement agreement and its first
 *   conversation no longer change; only messages still go both ways (questions about the invoice),
 *   and the lawyer can still reactivate or complete the case (the workflow module);
 * - from 'Voltooid' on, nothing changes: no message either.
 */
export type CaseChange = 'document' | 'settlement' | 'message' | 'appointment';

/** The first phase in which a case is closed ('Klaar voor facturatie'). */
export const CASE_CLOSED_FROM: StatusSlug = 'ready-for-invoicing';
/** The phase from which a case takes no change at all ('Voltooid'). */
export const CASE_SEALED_FROM: StatusSlug = 'completed';

const atLeast = (status: StatusSlug, from: StatusSlug) => getStatus(status).order >= getStatus(from).order;

/** True from 'Klaar voor facturatie' on ('Klaar voor facturatie', 'Voltooid'). */
export const isClosedCase = (status: StatusSlug) => atLeast(status, CASE_CLOSED_FROM);

/** True once the case is 'Voltooid'. */
export const isSealedCase = (status: StatusSlug) => atLeast(status, CASE_SEALED_FROM);

/** True when a case in `status` no longer takes this kind of change from anyone. */
export function isCaseLocked(status: StatusSlug, change: CaseChange): boolean {
  return change === 'message' ? isSealedCase(status) : isClosedCase(status);
}

/** The 409 texts of the server, one per kind of change (translation keys, public/i18n). */
export const CASE_LOCK_ERRORS: Record<CaseChange, string> = {
  document: 'errors.document.closedCase',
  settlement: 'errors.caseClosed.settlement',
  message: 'errors.caseClosed.message',
  appointment: 'errors.caseClosed.appointment',
};
