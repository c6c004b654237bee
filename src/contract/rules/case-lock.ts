import { getStatus, type StatusSlug } from '../statuses';

/**
 * A closed case is a record, for everyone (client and lawyer alike). This is the one rule the
 * server's write routes apply (server/cases/lock.ts, checked again under the case's row lock)
 * and the screens follow to hide the buttons:
 * - from 'Klaar voor facturatie' on, its documents, its settlement agreement and its first
 *   conversation no longer change; only messages still go both ways (questions about the invoice),
 *   and the lawyer can still reactivate or complete the case (the workflow module);
 * - from 'Voltooid' on, nothing changes: no message either;
 * - an archived case (the client's account deleted, the firm's file kept) takes no change of any
 *   kind: every write request on it is refused, whatever its phase, the workflow's included.
 */
export type CaseChange = 'document' | 'settlement' | 'message' | 'appointment';
/** A change of a named kind, or any write request on the case (the access check's guard, server/cases/access.ts). */
export type CaseWrite = CaseChange | 'any';

/** The first phase in which a case is closed ('Klaar voor facturatie'). */
export const CASE_CLOSED_FROM: StatusSlug = 'ready-for-invoicing';
/** The phase from which a case takes no change at all ('Voltooid'). */
export const CASE_SEALED_FROM: StatusSlug = 'completed';

const atLeast = (status: StatusSlug, from: StatusSlug) => getStatus(status).order >= getStatus(from).order;

/** True from 'Klaar voor facturatie' on ('Klaar voor facturatie', 'Voltooid'). */
export const isClosedCase = (status: StatusSlug) => atLeast(status, CASE_CLOSED_FROM);

/** True once the case is 'Voltooid'. */
export const isSealedCase = (status: StatusSlug) => atLeast(status, CASE_SEALED_FROM);

/**
 * True when a case in `status` (archived or not) no longer takes this kind of change from anyone. Any write
 * request as such is refused only on an archived case; the phases lock the named kinds.
 */
export function isCaseLocked(status: StatusSlug, change: CaseWrite, archived = false): boolean {
  if (archived) return true;
  if (change === 'any') return false;
  return change === 'message' ? isSealedCase(status) : isClosedCase(status);
}

/** The 409 texts of the server, one per kind of change (translation keys, public/i18n). */
export const CASE_LOCK_ERRORS: Record<CaseChange, string> = {
  document: 'errors.document.closedCase',
  settlement: 'errors.caseClosed.settlement',
  message: 'errors.caseClosed.message',
  appointment: 'errors.caseClosed.appointment',
};

/** The 409 text of any change to an archived case (translation key). */
export const CASE_ARCHIVED_ERROR = 'errors.archive.readOnly';

/** The 409 text of a refused change: the archive's, or the closed phase's for its kind. */
export const caseLockError = (change: CaseWrite, archived: boolean): string =>
  archived || change === 'any' ? CASE_ARCHIVED_ERROR : CASE_LOCK_ERRORS[change];
