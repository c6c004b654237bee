import { getStatus, type StatusSlug } from '../statuses';

/** What may stop a document change: the case is closed, or a legal hold ('Bewaarplicht') is set. */
export type DocumentLockReason = 'closed' | 'legal_hold';
export type DocumentChange = 'delete' | 'replace';
export type DocumentLockFacts = { status: StatusSlug; legalHold: boolean };

/** From 'Klaar voor facturatie' on, a case is a record: its client no longer deletes or replaces documents. */
export const CLOSED_FROM: StatusSlug = 'ready-for-invoicing';

/** True from 'Klaar voor facturatie' on ('Klaar voor facturatie', 'Voltooid'). */
export const isClosedCase = (status: StatusSlug) => getStatus(status).order >= getStatus(CLOSED_FROM).order;

/**
 * Why this person may not make this change to a document of the case, or null when they may.
 * A closed case and a legal hold stop the client deleting or replacing; a legal hold stops the
 * lawyer deleting (a lawyer may still put a newer version in place). The server refuses with
 * 409 (and checks again under the case's row lock); the screens hide the buttons and say why.
 */
export function documentLock(
  facts: DocumentLockFacts,
  role: 'client' | 'lawyer',
  change: DocumentChange,
): DocumentLockReason | null {
  if (role === 'client') {
    if (facts.legalHold) return 'legal_hold';
    if (isClosedCase(facts.status)) return 'closed';
    return null;
  }
  return change === 'delete' && facts.legalHold ? 'legal_hold' : null;
}

/** The 409 texts of the server (translation keys, public/i18n errors.document). */
export const DOCUMENT_LOCK_ERRORS: Record<DocumentLockReason, string> = {
  closed: 'errors.document.closedCase',
  legal_hold: 'errors.document.legalHold',
};
