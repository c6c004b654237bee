import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS } from '../statuses';
import { caseLockError, isCaseLocked } from './case-lock';
import { canWithdraw, withdrawalRefusal } from './case-route';

describe('isCaseLocked', () => {
  it("locks documents, settlement, appointments from 'Klaar voor facturatie', messages at 'Voltooid'", () => {
    const locked = (change: Parameters<typeof isCaseLocked>[1]) => STATUS_SLUGS.filter((s) => isCaseLocked(s, change));
    for (const change of ['document', 'settlement', 'appointment'] as const)
      expect(locked(change)).toEqual(['ready-for-invoicing', 'completed']);
    expect(locked('message')).toEqual(['completed']);
    // Any other write request is not refused for its phase.
    expect(locked('any')).toEqual([]);
  });

  it("locks an archived case for every change and every write request, in any phase, with the archive's text", () => {
    for (const change of ['document', 'settlement', 'appointment', 'message', 'any'] as const) {
      expect(STATUS_SLUGS.filter((s) => isCaseLocked(s, change, true))).toEqual(STATUS_SLUGS);
      expect(caseLockError(change, true)).toBe('errors.archive.readOnly');
    }
    expect(caseLockError('message', false)).toBe('errors.caseClosed.message');
  });
});

describe('withdrawalRefusal', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  const running = new Date('2026-03-16T23:00:00Z');
  it('lets the client withdraw while the period runs on an open, unheld case', () => {
    expect(withdrawalRefusal('reviewing-documents', running, now, false)).toBeNull();
    expect(canWithdraw('reviewing-documents', running, now)).toBe(true);
  });
  it('never reopens a closed record, nor a held one', () => {
    expect(withdrawalRefusal('ready-for-invoicing', running, now, false)).toBe('closed');
    expect(withdrawalRefusal('completed', running, now, false)).toBe('closed');
    expect(withdrawalRefusal('reviewing-documents', running, now, true)).toBe('legal_hold');
    expect(canWithdraw('reviewing-documents', running, now, true)).toBe(false);
    expect(withdrawalRefusal('reviewing-documents', new Date('2026-03-01T00:00:00Z'), now, false)).toBe('period_over');
    expect(withdrawalRefusal('proposal', running, now, false)).toBe('period_over');
  });
});
