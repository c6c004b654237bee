import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS } from '../statuses';
import { documentLock, isClosedCase } from './document-lock';

const CHANGES = ['add', 'delete', 'replace', 'review', 'visibility'] as const;

describe('documentLock', () => {
  it("closes a case's documents for everyone from 'Klaar voor facturatie' on, and not before", () => {
    const closed = STATUS_SLUGS.filter((status) => isClosedCase(status));
    expect(closed).toEqual(['ready-for-invoicing', 'completed']);
    for (const status of STATUS_SLUGS) {
      for (const change of CHANGES) {
        for (const role of ['client', 'lawyer'] as const) {
          expect(documentLock({ status, legalHold: false }, role, change), `${role} ${status} ${change}`).toBe(
            closed.includes(status) ? 'closed' : null,
          );
        }
      }
    }
  });

  it('under a legal hold, at any status: the client cannot delete or replace, the lawyer cannot delete', () => {
    for (const status of STATUS_SLUGS) {
      const open = isClosedCase(status) ? 'closed' : null;
      expect(documentLock({ status, legalHold: true }, 'client', 'delete')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'client', 'replace')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'lawyer', 'delete')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'lawyer', 'replace')).toBe(open);
      expect(documentLock({ status, legalHold: true }, 'client', 'add')).toBe(open);
    }
  });
});
