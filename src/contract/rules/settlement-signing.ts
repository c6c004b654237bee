import type { StatusSlug } from '../statuses';
import { isCaseLocked } from './case-lock';
import { isCoolingOffRunning } from './cooling-off';

/**
 * The signed settlement agreement is recorded once. The lawyer may correct the record only while
 * the bedenktijd runs (art. 7:670b BW: until its last day), never once the case is closed
 * (case-lock.ts) and never under a legal hold; a first record is refused only on a closed case.
 * The record it replaces stays as a superseded record (server/settlement/changes.ts).
 */
export type SignedRecordRefusal = 'closed' | 'legal_hold' | 'cooling_off_over';

export function signedRecordRefusal(facts: {
  status: StatusSlug;
  legalHold: boolean;
  /** The record already there, or null for a first record. */
  existing: { coolingOffEndsOn: string | null } | null;
  /** Today in Europe/Amsterdam, YYYY-MM-DD. */
  today: string;
}): SignedRecordRefusal | null {
  if (isCaseLocked(facts.status, 'settlement')) return 'closed';
  if (!facts.existing) return null;
  if (facts.legalHold) return 'legal_hold';
  if (!isCoolingOffRunning(facts.existing.coolingOffEndsOn, facts.today)) return 'cooling_off_over';
  return null;
}

/** The 409 texts of the server (translation keys, public/i18n errors.settlement). */
export const SIGNED_RECORD_ERRORS: Record<SignedRecordRefusal, string> = {
  closed: 'errors.caseClosed.settlement',
  legal_hold: 'errors.settlement.correctionHold',
  cooling_off_over: 'errors.settlement.correctionTooLate',
};

/** The agreement cannot be dated before the final version it signs (both YYYY-MM-DD). */
export const isDatedBeforeFinal = (dated: string, finalDated: string | null) =>
  finalDated !== null && dated < finalDated;

/**
 * The client says 'Akkoord' only to the employer's newest version, and only before the
 * agreement is signed and while the case is open. Our own counter-offer is not the client's to
 * accept: it was sent, and the employer's answer is awaited.
 */
export type AgreeRefusal = 'not_employer' | 'not_newest' | 'signed' | 'closed';

export function agreeRefusal(facts: {
  version: { id: string; from: 'employer' | 'us' };
  /** The id of the case's newest version from the employer. */
  newestEmployerVersionId: string | null;
  signed: boolean;
  status: StatusSlug;
}): AgreeRefusal | null {
  if (isCaseLocked(facts.status, 'settlement')) return 'closed';
  if (facts.signed) return 'signed';
  if (facts.version.from !== 'employer') return 'not_employer';
  if (facts.version.id !== facts.newestEmployerVersionId) return 'not_newest';
  return null;
}

export const AGREE_ERRORS: Record<AgreeRefusal, string> = {
  closed: 'errors.caseClosed.settlement',
  signed: 'errors.settlement.agreeSigned',
  not_employer: 'errors.settlement.agreeOnlyEmployer',
  not_newest: 'errors.settlement.agreeNotNewest',
};

/** The newest version from the employer among versions listed in any order. */
export function newestEmployerVersion<T extends { from: 'employer' | 'us'; number: number }>(
  versions: readonly T[],
): T | null {
  return versions
    .filter((v) => v.from === 'employer')
    .reduce<T | null>((a, v) => (!a || v.number > a.number ? v : a), null);
}
