import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS } from '../statuses';
import { documentLock, isClosedCase } from './document-lock';

describe('documentLock', () => {
  it("closes a case for its client from 'Klaar voor facturatie' on, and not before", () => {
    const closed = STATUS_SLUGS.filter((status) => isClosedCase(status));
    expect(closed).toEqual(['ready-for-invoicing', 'completed']);
    for (const status of STATUS_SLUGS) {
      for (const change of ['delete', 'replace'] as const) {
        expect(documentLock({ status, legalHold: false }, 'client', change), `${status} ${change}`).toBe(
          closed.includes(status) ? 'closed' : null,
        );
        expect(documentLock({ status, legalHold: false }, 'lawyer', change), `${status} ${change}`).toBeNull();
      }
    }
  });

  it('under a legal hold, at any status: the client cannot delete or replace, the lawyer cannot delete', () => {
    for (const status of STATUS_SLUGS) {
      expect(documentLock({ status, legalHold: true }, 'client', 'delete')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'client', 'replace')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'lawyer', 'delete')).toBe('legal_hold');
      expect(documentLock({ status, legalHold: true }, 'lawyer', 'replace')).toBeNull();
    }
  });
});
