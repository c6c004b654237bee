import type { OfferSlug } from '../offers';
import { getStatus, type StatusSlug } from '../statuses';
import { isClosedCase } from './case-lock';

/**
 * The route of a case through its phases: which
 * event moves which phase. The server's workflow module applies it in the transaction of the
 * event; the lawyer's own choices (dropdown, finish, reactivate, complete) follow
 * `classifyStatusChange` in status-dropdown.ts.
 */
export type CaseEvent =
  /** The client's personal data or the employer data were saved. */
  | { type: 'data-updated' }
  /** A package was chosen or changed, by the client or by the case's lawyer, before signing. */
  | { type: 'offer-chosen' }
  /** The lawyer sent (or sent again) the engagement letter. */
  | { type: 'proposal-sent' }
  /** The client signed the engagement letter. */
  | { type: 'proposal-signed' }
  /** A file was uploaded (a new document or a new version). */
  | { type: 'document-uploaded' }
  /** The lawyer rejected a document. */
  | { type: 'document-rejected'; mandatory: boolean }
  /** A document's file was deleted. */
  | { type: 'document-deleted'; mandatory: boolean }
  /** The client withdrew from the engagement within the withdrawal period: the letter is void. */
  | { type: 'engagement-withdrawn' }
  /** The lawyer added a settlement version (the case's package decides where a first one goes). */
  | { type: 'settlement-version-added'; offer: OfferSlug | null }
  /** The lawyer marked a settlement version 'definitief'. */
  | { type: 'settlement-final'; offer: OfferSlug | null }
  /** The lawyer approved the WW check of the final version. */
  | { type: 'settlement-check-approved' };

/** What the rule needs to know about the case besides its phase. */
export type CaseFacts = {
  profileComplete: boolean;
  companyComplete: boolean;
  /** Mandatory documents still to be provided: 'Not Uploaded' or 'Rejected'. */
  openMandatoryDocuments: number;
};

/** A mandatory document the client still has to provide. */
export const isOpenMandatoryDocument = (document: { mandatory: boolean; status: string }) =>
  document.mandatory && (document.status === 'Not Uploaded' || document.status === 'Rejected');

const order = (slug: StatusSlug) => getStatus(slug).order;

/** After signing: straight to reviewing when nothing mandatory is open, else incomplete. */
const documentsPhase = (facts: CaseFacts): StatusSlug =>
  facts.openMandatoryDocuments > 0 ? 'incomplete-case-file' : 'reviewing-documents';

/**
 * The phase an event moves the case to, or null when it stays where it is.
 * - lead → almost-client when profile and employer data are complete (any event at lead);
 * - lead or almost-client → offer-chosen on a package choice (the client's, or the lawyer's
 *   on the client's behalf); a new choice at proposal (letter sent, not signed) goes back to
 *   offer-chosen, so the lawyer sends a letter for the package now chosen;
 * - offer-chosen → proposal when the letter is sent;
 * - proposal → incomplete-case-file when signed, or reviewing-documents when no mandatory
 *   document is open;
 * - incomplete-case-file → reviewing-documents when the last open mandatory document is uploaded;
 * - reviewing-documents → incomplete-case-file when a mandatory document is rejected or deleted;
 * - settlement: a first version moves reviewing-documents → negotiation-phase, or for a package
 *   without negotiation ('start') to its next phase, check; 'definitief' moves on to check, or
 *   to ready-for-signing for a package without checks ('complete'); an approved WW check
 *   moves check → ready-for-signing. A case never moves back by these events.
 */
export function getNextStatus(current: StatusSlug, event: CaseEvent, facts: CaseFacts): StatusSlug | null {
  switch (event.type) {
    case 'offer-chosen':
      if (order(current) < order('offer-chosen') || current === 'proposal') return 'offer-chosen';
      break;
    case 'proposal-sent':
      if (current === 'offer-chosen') return 'proposal';
      break;
    case 'proposal-signed':
      if (current === 'proposal') return documentsPhase(facts);
      break;
    case 'document-uploaded':
      if (current === 'incomplete-case-file' && facts.openMandatoryDocuments === 0) return 'reviewing-documents';
      break;
    case 'document-rejected':
    case 'document-deleted':
      if (current === 'reviewing-documents' && event.mandatory && facts.openMandatoryDocuments > 0)
        return 'incomplete-case-file';
      break;
    case 'engagement-withdrawn':
      // The signed engagement ends: back to the package chosen, waiting for a new letter.
      if (order(current) > order('proposal') && current !== 'completed') return 'offer-chosen';
      break;
    case 'settlement-version-added':
      if (current === 'reviewing-documents') return event.offer === 'start' ? 'check' : 'negotiation-phase';
      break;
    case 'settlement-final': {
      const target: StatusSlug = event.offer === 'complete' ? 'ready-for-signing' : 'check';
      if (order(current) >= order('reviewing-documents') && order(current) < order(target)) return target;
      break;
    }
    case 'settlement-check-approved':
      if (current === 'check') return 'ready-for-signing';
      break;
    case 'data-updated':
      break;
  }
  if (current === 'lead' && facts.profileComplete && facts.companyComplete) return 'almost-client';
  return null;
}

/** The engagement letter may be sent at offer-chosen, and sent again (replaced) at proposal. */
export const canSendProposal = (current: StatusSlug) => current === 'offer-chosen' || current === 'proposal';

/** The client may sign only at proposal, once. */
export const canSignProposal = (current: StatusSlug, signedAt: unknown) => current === 'proposal' && !signedAt;

/**
 * The package can be changed, by the client on /offerte or by the lawyer from case detail
 *, only before signing: the signed engagement letter names the package.
 */
export function canChangeOffer(current: StatusSlug, signedAt: unknown): boolean {
  return !signedAt && order(current) <= order('proposal');
}

/**
 * The statutory withdrawal period of an engagement made online with a consumer (Consumer
 * Rights Directive art. 9, BW 6:230o): at least 14 days, counted from the day after signing,
 * ending at the end of the last day in Europe/Amsterdam (docs/decisions/041). The firm may
 * configure a longer period (WITHDRAWAL_DAYS), never a shorter one.
 */
export const WITHDRAWAL_DAYS_MINIMUM = 14;

/** The last day of the period, for texts ('tot en met 15 maart 2026'): one millisecond before its end. */
export const getWithdrawalLastDay = (end: Date): Date => new Date(end.getTime() - 1);

/**
 * Why the client may not withdraw from the engagement now, or null when they may: only while the
 * period runs, from a signed engagement, and never from a closed record: not from 'Klaar voor
 * facturatie' on (case-lock.ts) and not under a legal hold.
 */
export type WithdrawalRefusal = 'period_over' | 'closed' | 'legal_hold';
export function withdrawalRefusal(
  current: StatusSlug,
  withdrawalEndsAt: Date | null,
  now: Date,
  legalHold: boolean,
): WithdrawalRefusal | null {
  if (withdrawalEndsAt === null || now >= withdrawalEndsAt || order(current) <= order('proposal')) return 'period_over';
  if (isClosedCase(current)) return 'closed';
  if (legalHold) return 'legal_hold';
  return null;
}

/** The 409 texts of the server (translation keys, public/i18n errors.withdrawal). */
export const WITHDRAWAL_ERRORS: Record<WithdrawalRefusal, string> = {
  period_over: 'errors.withdrawal.periodOver',
  closed: 'errors.withdrawal.closed',
  legal_hold: 'errors.withdrawal.legalHold',
};

/** The client may withdraw now (withdrawalRefusal gives why not). */
export function canWithdraw(current: StatusSlug, withdrawalEndsAt: Date | null, now: Date, legalHold = false): boolean {
  return withdrawalRefusal(current, withdrawalEndsAt, now, legalHold) === null;
}

/**
 * Without the client's consent to start at once, documents are not reviewed before the period
 * ends (BW 6:230t: the firm may only perform inside the period on the consumer's express request).
 */
export function isWaitingForWithdrawalPeriod(
  startConsent: boolean | null,
  withdrawalEndsAt: Date | null,
  now: Date,
): boolean {
  return startConsent === false && withdrawalEndsAt !== null && now < withdrawalEndsAt;
}

/** Accounts and documents are deleted this long after completion. */
export const RETENTION_MONTHS = 6;

/**
 * When a case completed at `completedAt` is deleted: RETENTION_MONTHS later (the case page shows it, the purge applies
 * it).
 */
export function getDeletionDate(completedAt: Date): Date {
  const date = new Date(completedAt);
  date.setUTCMonth(date.getUTCMonth() + RETENTION_MONTHS);
  return date;
}

/** The latest completion time whose case is due for deletion at `now`: RETENTION_MONTHS before it. */
export function getRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff;
}

/** The firm keeps a closed file this many years after completion unless FILE_RETENTION_YEARS says otherwise. */
export const FILE_RETENTION_YEARS = 5;

/** When the archived file of a case completed at `completedAt` is destroyed: `years` after completion. */
export function getFileDestructionDate(completedAt: Date, years: number = FILE_RETENTION_YEARS): Date {
  const date = new Date(completedAt);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
}

/** The latest completion time whose archived file is due for destruction at `now`: `years` before it. */
export function getFileRetentionCutoff(now: Date, years: number = FILE_RETENTION_YEARS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** The typed name matches the display name, case and spacing ignored. */
export function isMatchingName(typed: string, displayName: string): boolean {
  // Accents, case and spacing do not count: 'Emile Bakker' signs for 'Émile Bakker'.
  const normalise = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLocaleLowerCase('nl-NL')
      .replace(/\s+/g, '');
  const a = normalise(typed);
  return a.length > 0 && a === normalise(displayName);
}
