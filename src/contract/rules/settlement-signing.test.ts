import { describe, expect, it } from 'vitest';
import { agreeRefusal, isDatedBeforeFinal, newestEmployerVersion, signedRecordRefusal } from './settlement-signing';

describe('signedRecordRefusal', () => {
  const base = { status: 'ready-for-signing' as const, legalHold: false, today: '2026-03-10' };
  it('records a first agreement on an open case, also under a hold', () => {
    expect(signedRecordRefusal({ ...base, existing: null })).toBeNull();
    expect(signedRecordRefusal({ ...base, legalHold: true, existing: null })).toBeNull();
    expect(signedRecordRefusal({ ...base, status: 'ready-for-invoicing', existing: null })).toBe('closed');
  });
  it('corrects only while the bedenktijd runs, on an open case without a hold', () => {
    expect(signedRecordRefusal({ ...base, existing: { coolingOffEndsOn: '2026-03-10' } })).toBeNull();
    expect(signedRecordRefusal({ ...base, existing: { coolingOffEndsOn: '2026-03-09' } })).toBe('cooling_off_over');
    expect(signedRecordRefusal({ ...base, existing: { coolingOffEndsOn: null } })).toBe('cooling_off_over');
    expect(signedRecordRefusal({ ...base, legalHold: true, existing: { coolingOffEndsOn: '2026-03-16' } })).toBe(
      'legal_hold',
    );
    expect(signedRecordRefusal({ ...base, status: 'completed', existing: { coolingOffEndsOn: '2026-03-16' } })).toBe(
      'closed',
    );
  });
  it('never dates the agreement before the final version', () => {
    expect(isDatedBeforeFinal('2026-03-01', '2026-03-02')).toBe(true);
    expect(isDatedBeforeFinal('2026-03-02', '2026-03-02')).toBe(false);
    expect(isDatedBeforeFinal('2026-03-01', null)).toBe(false);
  });
});

describe('agreeRefusal', () => {
  const versions = [
    { id: 'a', from: 'employer' as const, number: 1 },
    { id: 'b', from: 'us' as const, number: 2 },
    { id: 'c', from: 'employer' as const, number: 3 },
    { id: 'd', from: 'us' as const, number: 4 },
  ];
  const newest = newestEmployerVersion(versions)?.id ?? null;
  const facts = (id: string, signed = false, status: 'check' | 'completed' = 'check') => ({
    version: versions.find((v) => v.id === id)!,
    newestEmployerVersionId: newest,
    signed,
    status,
  });
  it("takes 'Akkoord' only on the employer's newest version, before signing, on an open case", () => {
    expect(newest).toBe('c');
    expect(agreeRefusal(facts('c'))).toBeNull();
    expect(agreeRefusal(facts('a'))).toBe('not_newest');
    expect(agreeRefusal(facts('d'))).toBe('not_employer');
    expect(agreeRefusal(facts('c', true))).toBe('signed');
    expect(agreeRefusal(facts('c', false, 'completed'))).toBe('closed');
  });
});
