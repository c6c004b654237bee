import { CASE_LOCK_ERRORS, isCaseLocked, isClosedCase } from './case-lock';
import type { StatusSlug } from '../statuses';

/** What may stop a document change: the case is closed, or a legal hold ('Bewaarplicht') is set. */
export type DocumentLockReason = 'closed' | 'legal_hold';
export type DocumentChange = 'add' | 'delete' | 'replace' | 'review' | 'visibility';
export type DocumentLockFacts = { status: StatusSlug; legalHold: boolean };

/** From 'Klaar voor facturatie' on, a case is a record (case-lock.ts): its documents no longer change. */
export { isClosedCase };

/**
 * Why this person may not make this change to a document of the case, or null when they may.
 * A legal hold stops the client deleting or replacing and the lawyer deleting (a lawyer may
 * still put a newer version in place); a closed case (case-lock.ts) stops every change by
 * anyone. The server refuses with 409 (and checks again under the case's row lock); the screens
 * hide the buttons and say why.
 */
export function documentLock(
  facts: DocumentLockFacts,
  role: 'client' | 'lawyer',
  change: DocumentChange,
): DocumentLockReason | null {
  const removes = change === 'delete' || (role === 'client' && change === 'replace');
  if (facts.legalHold && removes) return 'legal_hold';
  if (isCaseLocked(facts.status, 'document')) return 'closed';
  return null;
}

/** The 409 texts of the server (translation keys, public/i18n errors.document). */
export const DOCUMENT_LOCK_ERRORS: Record<DocumentLockReason, string> = {
  closed: CASE_LOCK_ERRORS.document,
  legal_hold: 'errors.document.legalHold',
};
