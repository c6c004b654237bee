import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateTransitionPayment,
  getEmploymentDuration,
  getMonthlyWageCents,
  getTransitionPaymentMaximum,
  LAST_MAXIMUM_YEAR,
  TRANSITION_PAYMENT_MAXIMA,
  type TransitionPaymentInput,
} from './transition-payment';

const calc = (input: TransitionPaymentInput) => {
  const result = calculateTransitionPayment(input);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.value;
};

describe('getMonthlyWageCents', () => {
  it('adds holiday pay (8 % by default), 1/12 of the year-end pay, the extras and 1/36 of the variable pay', () => {
    expect(getMonthlyWageCents({ monthlySalaryCents: 400_000 })).toBe(432_000);
    expect(
      getMonthlyWageCents({
        monthlySalaryCents: 400_000,
        holidayAllowancePercent: 8,
        yearEndCents: 120_000,
        extrasMonthlyCents: 5_000,
        variableThreeYearsCents: 360_000,
      }),
    ).toBe(457_000);
    expect(getMonthlyWageCents({ monthlySalaryCents: 300_000, holidayAllowancePercent: 0 })).toBe(300_000);
  });
});

describe('getEmploymentDuration', () => {
  it('counts whole years when the employment ends the day before an anniversary', () => {
    expect(getEmploymentDuration('2019-01-01', '2024-12-31')).toEqual({ years: 6, months: 0, days: 0 });
  });
  it('counts the rest in whole months and then days, the last day included', () => {
    expect(getEmploymentDuration('2020-03-15', '2025-06-30')).toEqual({ years: 5, months: 3, days: 16 });
    expect(getEmploymentDuration('2025-06-01', '2025-06-01')).toEqual({ years: 0, months: 0, days: 1 });
  });
  it('counts a month from the 31st to the last day of a shorter month, in leap and other years', () => {
    // 31 January + 1 month is 29 February in 2024 and 28 February in 2025: the month is full the day before.
    expect(getEmploymentDuration('2024-01-31', '2024-02-27')).toEqual({ years: 0, months: 0, days: 28 });
    expect(getEmploymentDuration('2024-01-31', '2024-02-28')).toEqual({ years: 0, months: 1, days: 0 });
    expect(getEmploymentDuration('2024-01-31', '2024-02-29')).toEqual({ years: 0, months: 1, days: 1 });
    expect(getEmploymentDuration('2025-01-31', '2025-02-26')).toEqual({ years: 0, months: 0, days: 27 });
    expect(getEmploymentDuration('2025-01-31', '2025-02-27')).toEqual({ years: 0, months: 1, days: 0 });
    expect(getEmploymentDuration('2020-02-29', '2025-02-27')).toEqual({ years: 5, months: 0, days: 0 });
    expect(getEmploymentDuration('2020-02-29', '2025-02-26')).toEqual({ years: 4, months: 11, days: 29 });
  });
});

describe('calculateTransitionPayment', () => {
  it('gives one third of the monthly wage per whole year', () => {
    // € 3.000 + 8 % = € 3.240 a month; 6 years × € 1.080 = € 6.480.
    expect(calc({ startDate: '2019-01-01', endDate: '2024-12-31', monthlySalaryCents: 300_000 })).toEqual({
      amountCents: 648_000,
      monthlyWageCents: 324_000,
      capped: false,
      capCents: 9_400_000,
      yearMaximumCents: 9_400_000,
      maximumYear: 2024,
      provisional: false,
      years: 6,
      months: 0,
      days: 0,
    });
  });
  it('adds a twelfth of a year’s third per month and a 365th per day for the rest', () => {
    // € 4.570 a month: 5 × 1.523,33 + 3/12 × 1.523,33 + 16/365 × 1.523,33 = € 8.064,28.
    const value = calc({
      startDate: '2020-03-15',
      endDate: '2025-06-30',
      monthlySalaryCents: 400_000,
      yearEndCents: 120_000,
      extrasMonthlyCents: 5_000,
      variableThreeYearsCents: 360_000,
    });
    expect(value.amountCents).toBe(806_428);
    expect(value).toMatchObject({ years: 5, months: 3, days: 16, monthlyWageCents: 457_000, capped: false });
  });
  it('stops at the year’s maximum', () => {
    // € 7.000 a month for 45 years is € 105.000, above the 2024 maximum of € 94.000 (a year's wage is € 84.000).
    const value = calc({
      startDate: '1979-01-01',
      endDate: '2024-12-31',
      monthlySalaryCents: 700_000,
      holidayAllowancePercent: 0,
    });
    expect(value).toMatchObject({ amountCents: 9_400_000, capped: true, capCents: 9_400_000 });
  });
  it('stops at one year’s wage when that is above the maximum', () => {
    // € 10.000 a month: a year's wage of € 120.000 is the cap, not € 98.000.
    const value = calc({
      startDate: '1985-01-01',
      endDate: '2025-12-31',
      monthlySalaryCents: 1_000_000,
      holidayAllowancePercent: 0,
    });
    expect(value).toMatchObject({
      amountCents: 12_000_000,
      capped: true,
      capCents: 12_000_000,
      yearMaximumCents: 9_800_000,
    });
  });
  it('refuses an end before the start', () => {
    expect(
      calculateTransitionPayment({ startDate: '2024-05-02', endDate: '2024-05-01', monthlySalaryCents: 1 }),
    ).toEqual({ ok: false, refusal: { reason: 'end-before-start' } });
  });
  it('refuses an end before 2020, when another calculation applied', () => {
    expect(
      calculateTransitionPayment({ startDate: '2010-01-01', endDate: '2019-12-31', monthlySalaryCents: 300_000 }),
    ).toEqual({ ok: false, refusal: { reason: 'before-first-maximum', year: 2019 } });
    expect(
      calculateTransitionPayment({ startDate: '2010-01-01', endDate: '2020-01-01', monthlySalaryCents: 300_000 }).ok,
    ).toBe(true);
  });
  it('keeps the maximum of every year from 2020 to 2026, each with its source', () => {
    expect(Object.fromEntries(Object.entries(TRANSITION_PAYMENT_MAXIMA).map(([y, e]) => [y, e.cents]))).toEqual({
      2020: 8_300_000,
      2021: 8_400_000,
      2022: 8_600_000,
      2023: 8_900_000,
      2024: 9_400_000,
      2025: 9_800_000,
      2026: 10_200_000,
    });
    for (const [year, entry] of Object.entries(TRANSITION_PAYMENT_MAXIMA)) {
      expect(entry.source).toMatch(/Staatscourant/);
      expect(entry.source).toContain(`1 januari ${year}`);
    }
    expect(LAST_MAXIMUM_YEAR).toBe(2026);
  });
  it.each([
    [2022, 8_600_000],
    [2023, 8_900_000],
    [2026, 10_200_000],
  ])('caps an end in %i at that year’s maximum', (year, cents) => {
    // € 7.000 a month for 45 years is € 105.000 (a year's wage € 84.000): above each of these maxima.
    const value = calc({
      startDate: `${year - 45}-01-01`,
      endDate: `${year}-12-31`,
      monthlySalaryCents: 700_000,
      holidayAllowancePercent: 0,
    });
    expect(value).toMatchObject({ yearMaximumCents: cents, maximumYear: year, provisional: false });
    expect(value).toMatchObject({ amountCents: cents, capped: true, capCents: cents });
  });
  it('computes an end after the last published year with the last maximum, provisionally', () => {
    const value = calc({
      startDate: '1980-01-01',
      endDate: '2027-03-31',
      monthlySalaryCents: 700_000,
      holidayAllowancePercent: 0,
    });
    expect(value).toMatchObject({
      amountCents: 10_200_000,
      capped: true,
      yearMaximumCents: 10_200_000,
      maximumYear: 2026,
      provisional: true,
    });
    expect(getTransitionPaymentMaximum(2031)).toEqual({ cents: 10_200_000, year: 2026, provisional: true });
    expect(getTransitionPaymentMaximum(2019)).toBeNull();
  });
});

const YEARS = Object.keys(TRANSITION_PAYMENT_MAXIMA).map(Number);
const pad = (n: number) => String(n).padStart(2, '0');
const arbitraryEnd = fc
  .record({
    year: fc.constantFrom(...YEARS),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${pad(month)}-${pad(day)}`);
const arbitraryStart = (end: string) =>
  fc
    .integer({ min: 0, max: 50 * 365 })
    .map((back) =>
      new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)) - 1, Number(end.slice(8, 10)) - back))
        .toISOString()
        .slice(0, 10),
    );
const arbitraryInput = arbitraryEnd.chain((endDate) =>
  fc.record({
    startDate: arbitraryStart(endDate),
    endDate: fc.constant(endDate),
    monthlySalaryCents: fc.integer({ min: 0, max: 5_000_000 }),
    holidayAllowancePercent: fc.integer({ min: 0, max: 20 }),
    yearEndCents: fc.integer({ min: 0, max: 2_000_000 }),
    extrasMonthlyCents: fc.integer({ min: 0, max: 200_000 }),
    variableThreeYearsCents: fc.integer({ min: 0, max: 10_000_000 }),
  }),
);

describe('calculateTransitionPayment properties', () => {
  it('is never above the cap, never negative, and says capped only when the cap lowered it', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const value = calc(input);
        expect(value.amountCents).toBeGreaterThanOrEqual(0);
        expect(value.amountCents).toBeLessThanOrEqual(value.capCents);
        expect(value.capCents).toBe(Math.max(value.yearMaximumCents, 12 * value.monthlyWageCents));
        if (value.capped) expect(value.amountCents).toBe(value.capCents);
      }),
    );
  });
  it('never falls when the salary rises', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 1, max: 1_000_000 }), (input, raise) => {
        expect(
          calc({ ...input, monthlySalaryCents: input.monthlySalaryCents + raise }).amountCents,
        ).toBeGreaterThanOrEqual(calc(input).amountCents);
      }),
    );
  });
  it('never falls when the employment started earlier', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 1, max: 3_000 }), (input, earlier) => {
        const start = new Date(`${input.startDate}T00:00:00Z`);
        start.setUTCDate(start.getUTCDate() - earlier);
        expect(calc({ ...input, startDate: start.toISOString().slice(0, 10) }).amountCents).toBeGreaterThanOrEqual(
          calc(input).amountCents,
        );
      }),
    );
  });
});
