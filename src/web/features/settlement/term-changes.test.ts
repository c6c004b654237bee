import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { describeTermChange, getStatedTerms, getTermChanges } from './term-changes';

const t = i18n.t.bind(i18n);

describe('the terms that changed between two versions', () => {
  it('writes amounts with the difference and dates dd-mm-jjjj, in words', () => {
    const changes = getTermChanges(
      { severance_cents: 1_800_000, end_date: '2027-01-31', final_discharge: true },
      { severance_cents: 2_450_000, end_date: '2027-02-28', final_discharge: true },
    );
    expect(changes.map((change) => describeTermChange(change, t))).toEqual([
      'Vergoeding € 18.000 → € 24.500 (+ € 6.500)',
      'Einddatum 31-01-2027 → 28-02-2027',
    ]);
  });

  it('says a lower amount with a minus, a new term as not stated before, and choices in words', () => {
    const changes = getTermChanges(
      { severance_cents: 2_000_050, non_compete: 'kept' },
      { severance_cents: 1_500_000, non_compete: 'dropped', garden_leave: true, notice_months: null },
    );
    expect(changes.map((change) => describeTermChange(change, t))).toEqual([
      'Vergoeding € 20.000,50 → € 15.000 (- € 5.000,50)',
      'Vrijstelling van werk niet vermeld → ja',
      'Concurrentiebeding blijft → vervalt',
      'Opzegtermijn niet vermeld → wettelijk',
    ]);
  });

  it('finds nothing when only unstated terms differ in form (null and absent)', () => {
    expect(getTermChanges({ severance_cents: null }, {})).toEqual([]);
    expect(getTermChanges({ notice_months: 2 }, { notice_months: 2 })).toEqual([]);
  });

  it('lists the terms a first version states', () => {
    expect(
      getStatedTerms({
        end_date: '2027-01-31',
        severance_cents: 1_800_000,
        notice_months: 2,
        holiday_allowance_percent: 8.5,
      }).map((change) => describeTermChange(change, t, { first: true })),
    ).toEqual(['Vergoeding € 18.000', 'Einddatum 31-01-2027', 'Opzegtermijn 2 maanden', 'Vakantiegeld (%) 8,5 %']);
  });

  it('speaks English in the English app', () => {
    const en = i18n.getFixedT('en-US');
    expect(describeTermChange({ field: 'severance_cents', from: 1_800_000, to: 2_450_000 }, en)).toBe(
      'Severance € 18.000 → € 24.500 (+ € 6.500)',
    );
    expect(describeTermChange({ field: 'employee_ill', from: true, to: false }, en)).toBe('Ill at signing yes → no');
  });
});
