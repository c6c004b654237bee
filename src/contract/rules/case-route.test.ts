import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS, type StatusSlug } from '../statuses';
import {
  canChangeOffer,
  canSendProposal,
  canSignProposal,
  canWithdraw,
  getDeletionDate,
  getRetentionCutoff,
  RETENTION_MONTHS,
  getWithdrawalLastDay,
  isWaitingForWithdrawalPeriod,
  getNextStatus,
  isMatchingName,
  isOpenMandatoryDocument,
  type CaseEvent,
  type CaseFacts,
} from './case-route';
import { getWithdrawalEnd } from './withdrawal-end';

const complete: CaseFacts = { profileComplete: true, companyComplete: true, openMandatoryDocuments: 0 };
const open: CaseFacts = { ...complete, openMandatoryDocuments: 2 };
const noData: CaseFacts = { profileComplete: false, companyComplete: false, openMandatoryDocuments: 3 };

const EVENTS: CaseEvent[] = [
  { type: 'data-updated' },
  { type: 'offer-chosen' },
  { type: 'proposal-sent' },
  { type: 'proposal-signed' },
  { type: 'document-uploaded' },
  { type: 'document-rejected', mandatory: true },
  { type: 'document-rejected', mandatory: false },
  { type: 'document-deleted', mandatory: true },
  { type: 'document-deleted', mandatory: false },
  { type: 'engagement-withdrawn' },
];

/** Every move the rule makes, as `phase|event|facts → phase`; anything not listed stays put. */
const key = (status: StatusSlug, event: CaseEvent, facts: string) =>
  `${status}|${event.type}${'mandatory' in event ? `:${event.mandatory}` : ''}|${facts}`;
const MOVES: Record<string, StatusSlug> = {};
for (const event of EVENTS) {
  // lead with all data complete moves on whatever happens (a client's offer choice goes further)
  MOVES[key('lead', event, 'complete')] = 'almost-client';
  MOVES[key('lead', event, 'open')] = 'almost-client';
}
for (const facts of ['complete', 'open', 'noData']) {
  MOVES[key('lead', { type: 'offer-chosen' }, facts)] = 'offer-chosen';
  MOVES[key('almost-client', { type: 'offer-chosen' }, facts)] = 'offer-chosen';
  MOVES[key('proposal', { type: 'offer-chosen' }, facts)] = 'offer-chosen';
  MOVES[key('offer-chosen', { type: 'proposal-sent' }, facts)] = 'proposal';
}
MOVES[key('proposal', { type: 'proposal-signed' }, 'complete')] = 'reviewing-documents';
MOVES[key('proposal', { type: 'proposal-signed' }, 'open')] = 'incomplete-case-file';
MOVES[key('proposal', { type: 'proposal-signed' }, 'noData')] = 'incomplete-case-file';
MOVES[key('incomplete-case-file', { type: 'document-uploaded' }, 'complete')] = 'reviewing-documents';
// Withdrawal ends a signed engagement, from any phase after signing up to completion.
for (const status of [
  'incomplete-case-file',
  'reviewing-documents',
  'negotiation-phase',
  'check',
  'ready-for-signing',
  'ready-for-invoicing',
] as const) {
  for (const facts of ['complete', 'open', 'noData'])
    MOVES[key(status, { type: 'engagement-withdrawn' }, facts)] = 'offer-chosen';
}
for (const facts of ['open', 'noData']) {
  MOVES[key('reviewing-documents', { type: 'document-rejected', mandatory: true }, facts)] = 'incomplete-case-file';
  MOVES[key('reviewing-documents', { type: 'document-deleted', mandatory: true }, facts)] = 'incomplete-case-file';
}

describe('case route', () => {
  const factSets: Record<string, CaseFacts> = { complete, open, noData };
  for (const status of STATUS_SLUGS) {
    it(`moves ${status} exactly as the phase rules say, for every event`, () => {
      for (const event of EVENTS) {
        for (const [name, facts] of Object.entries(factSets)) {
          expect(getNextStatus(status, event, facts), key(status, event, name)).toBe(
            MOVES[key(status, event, name)] ?? null,
          );
        }
      }
    });
  }

  it('leaves lead while only one of the two forms is complete', () => {
    expect(getNextStatus('lead', { type: 'data-updated' }, { ...complete, companyComplete: false })).toBeNull();
    expect(getNextStatus('lead', { type: 'data-updated' }, { ...complete, profileComplete: false })).toBeNull();
  });

  it('counts rejected and missing mandatory documents as open, nothing else', () => {
    expect(isOpenMandatoryDocument({ mandatory: true, status: 'Not Uploaded' })).toBe(true);
    expect(isOpenMandatoryDocument({ mandatory: true, status: 'Rejected' })).toBe(true);
    expect(isOpenMandatoryDocument({ mandatory: true, status: 'Uploaded' })).toBe(false);
    expect(isOpenMandatoryDocument({ mandatory: true, status: 'Approved' })).toBe(false);
    expect(isOpenMandatoryDocument({ mandatory: false, status: 'Rejected' })).toBe(false);
  });

  it('sends the letter at offer-chosen and again at proposal only; signs only at proposal and once', () => {
    expect(STATUS_SLUGS.filter(canSendProposal)).toEqual(['offer-chosen', 'proposal']);
    expect(STATUS_SLUGS.filter((s) => canSignProposal(s, null))).toEqual(['proposal']);
    expect(canSignProposal('proposal', new Date())).toBe(false);
  });

  it('lets the package change (client or lawyer) only until the letter is signed', () => {
    expect(STATUS_SLUGS.filter((s) => canChangeOffer(s, null))).toEqual([
      'lead',
      'almost-client',
      'offer-chosen',
      'proposal',
    ]);
    expect(canChangeOffer('proposal', new Date())).toBe(false);
    expect(STATUS_SLUGS.filter((s) => canChangeOffer(s, new Date()))).toEqual([]);
  });

  it('ends withdrawal at the end of day 14 after signing (Amsterdam), deletes 6 months after completion', () => {
    // Signed 1 March 2026, 11:00 Amsterdam: the period runs to the end of 15 March (midnight CET = 23:00 UTC).
    expect(getWithdrawalEnd(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-15T23:00:00.000Z');
    // Signed late in the evening in Amsterdam: the day of signing is the Amsterdam date, not the UTC one.
    expect(getWithdrawalEnd(new Date('2026-03-01T23:30:00Z')).toISOString()).toBe('2026-03-16T23:00:00.000Z');
    // Across the change to summer time (29 March 2026): midnight CEST is 22:00 UTC.
    expect(getWithdrawalEnd(new Date('2026-03-20T10:00:00Z')).toISOString()).toBe('2026-04-03T22:00:00.000Z');
    expect(getWithdrawalEnd(new Date('2026-03-01T10:00:00Z'), 30).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(getWithdrawalEnd(new Date('2026-03-01T10:00:00Z'), 7).toISOString()).toBe('2026-03-15T23:00:00.000Z');
    expect(getWithdrawalLastDay(new Date('2026-03-15T23:00:00Z')).toISOString()).toBe('2026-03-15T22:59:59.999Z');
    const end = new Date('2026-03-15T23:00:00Z');
    expect(canWithdraw('reviewing-documents', end, new Date('2026-03-15T22:59:59Z'))).toBe(true);
    expect(canWithdraw('reviewing-documents', end, end)).toBe(false);
    expect(canWithdraw('proposal', end, new Date('2026-03-02T00:00:00Z'))).toBe(false);
    expect(canWithdraw('completed', end, new Date('2026-03-02T00:00:00Z'))).toBe(false);
    expect(canWithdraw('incomplete-case-file', null, new Date('2026-03-02T00:00:00Z'))).toBe(false);
    expect(isWaitingForWithdrawalPeriod(false, end, new Date('2026-03-10T00:00:00Z'))).toBe(true);
    expect(isWaitingForWithdrawalPeriod(true, end, new Date('2026-03-10T00:00:00Z'))).toBe(false);
    expect(isWaitingForWithdrawalPeriod(false, end, end)).toBe(false);
    expect(isWaitingForWithdrawalPeriod(null, end, new Date('2026-03-10T00:00:00Z'))).toBe(false);
    expect(getDeletionDate(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-09-15T10:00:00.000Z');
  });

  it('matches the typed name ignoring case and spacing, never an empty one', () => {
    expect(isMatchingName('  kees   KLANT ', 'Kees Klant')).toBe(true);
    expect(isMatchingName('Kees van Klant', 'Kees Klant')).toBe(false);
    expect(isMatchingName('Emile Bakker', 'Émile Bakker')).toBe(true);
    expect(isMatchingName('émile  bäkker', 'Emile Bakker')).toBe(true);
    expect(isMatchingName('Emiel Bakker', 'Émile Bakker')).toBe(false);
    expect(isMatchingName('   ', '')).toBe(false);
  });
});

describe('the retention date', () => {
  it('deletes a case RETENTION_MONTHS after completion, and the cutoff is the same rule seen from now', () => {
    const completed = new Date('2026-03-15T10:00:00Z');
    expect(RETENTION_MONTHS).toBe(6);
    expect(getDeletionDate(completed).toISOString()).toBe('2026-09-15T10:00:00.000Z');
    expect(getRetentionCutoff(new Date('2026-09-15T10:00:00Z')).toISOString()).toBe(completed.toISOString());
  });
  it('makes a case due for deletion once its deletion date has come, not a day before', () => {
    for (const iso of [
      '2026-01-31T23:30:00Z',
      '2026-02-28T12:00:00Z',
      '2026-06-30T00:00:00Z',
      '2026-12-01T08:00:00Z',
    ]) {
      const completed = new Date(iso);
      expect(completed.getTime() <= getRetentionCutoff(getDeletionDate(completed)).getTime()).toBe(true);
    }
    for (const iso of ['2026-01-15T23:30:00Z', '2026-04-10T12:00:00Z', '2026-09-20T00:00:00Z']) {
      const completed = new Date(iso);
      const dayBefore = new Date(getDeletionDate(completed).getTime() - 86_400_000);
      expect(completed.getTime() <= getRetentionCutoff(dayBefore).getTime()).toBe(false);
    }
  });
});

describe('settlement events', () => {
  const facts: CaseFacts = { profileComplete: true, companyComplete: true, openMandatoryDocuments: 0 };
  const added = (offer: 'start' | 'complete' | 'extreme' | null): CaseEvent => ({
    type: 'settlement-version-added',
    offer,
  });
  const final = (offer: 'start' | 'complete' | 'extreme' | null): CaseEvent => ({ type: 'settlement-final', offer });
  it('moves a first version from reviewing documents to negotiation, or to checks without negotiation', () => {
    expect(getNextStatus('reviewing-documents', added('complete'), facts)).toBe('negotiation-phase');
    expect(getNextStatus('reviewing-documents', added('extreme'), facts)).toBe('negotiation-phase');
    expect(getNextStatus('reviewing-documents', added(null), facts)).toBe('negotiation-phase');
    expect(getNextStatus('reviewing-documents', added('start'), facts)).toBe('check');
    expect(getNextStatus('negotiation-phase', added('extreme'), facts)).toBeNull();
    expect(getNextStatus('incomplete-case-file', added('extreme'), facts)).toBeNull();
  });
  it("moves 'definitief' to checks, or to ready for signing for a package without checks", () => {
    expect(getNextStatus('negotiation-phase', final('extreme'), facts)).toBe('check');
    expect(getNextStatus('negotiation-phase', final('complete'), facts)).toBe('ready-for-signing');
    expect(getNextStatus('check', final('start'), facts)).toBeNull();
    expect(getNextStatus('reviewing-documents', final('start'), facts)).toBe('check');
    expect(getNextStatus('ready-for-signing', final('extreme'), facts)).toBeNull();
    expect(getNextStatus('proposal', final('extreme'), facts)).toBeNull();
  });
  it('moves an approved WW check from checks to ready for signing, and nothing else', () => {
    expect(getNextStatus('check', { type: 'settlement-check-approved' }, facts)).toBe('ready-for-signing');
    expect(getNextStatus('negotiation-phase', { type: 'settlement-check-approved' }, facts)).toBeNull();
  });
});
