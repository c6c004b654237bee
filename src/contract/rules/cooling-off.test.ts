import { describe, expect, it } from 'vitest';
import { getSettlementCoolingOffEnd, isCoolingOffRunning } from './cooling-off';

const signed = { dated: '2026-03-02', agreedOn: '2026-03-02', clauseStated: true, dissolvedWithinSixMonths: false };

describe('getSettlementCoolingOffEnd', () => {
  it('is 14 days after the date when the agreement states the right', () => {
    expect(getSettlementCoolingOffEnd(signed)).toBe('2026-03-16');
  });
  it('is 21 days when it does not', () => {
    expect(getSettlementCoolingOffEnd({ ...signed, clauseStated: false })).toBe('2026-03-23');
  });
  it('counts from the earlier of the agreement’s date and the day agreement was reached', () => {
    expect(getSettlementCoolingOffEnd({ ...signed, agreedOn: '2026-02-27' })).toBe('2026-03-13');
    expect(getSettlementCoolingOffEnd({ ...signed, agreedOn: '2026-03-05' })).toBe('2026-03-16');
  });
  it('crosses month ends and leap days by the calendar', () => {
    expect(getSettlementCoolingOffEnd({ ...signed, dated: '2028-02-20', agreedOn: '2028-02-20' })).toBe('2028-03-05');
    expect(getSettlementCoolingOffEnd({ ...signed, dated: '2027-02-20', agreedOn: '2027-02-20' })).toBe('2027-03-06');
    expect(
      getSettlementCoolingOffEnd({ ...signed, dated: '2026-12-25', agreedOn: '2026-12-25', clauseStated: false }),
    ).toBe('2027-01-15');
  });
  it('is none when a settlement was dissolved in the 6 months before', () => {
    expect(getSettlementCoolingOffEnd({ ...signed, dissolvedWithinSixMonths: true })).toBeNull();
  });
  it('spans the summer-time change without losing a day', () => {
    expect(getSettlementCoolingOffEnd({ ...signed, dated: '2026-03-20', agreedOn: '2026-03-20' })).toBe('2026-04-03');
  });
});

describe('isCoolingOffRunning', () => {
  it('runs up to and including the last day', () => {
    expect(isCoolingOffRunning('2026-03-16', '2026-03-16')).toBe(true);
    expect(isCoolingOffRunning('2026-03-16', '2026-03-17')).toBe(false);
    expect(isCoolingOffRunning(null, '2026-03-01')).toBe(false);
  });
});
