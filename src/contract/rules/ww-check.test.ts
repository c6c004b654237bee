import { describe, expect, it } from 'vitest';
import {
  getFictitiousNoticeEnd,
  getStatutoryNoticeMonths,
  getYearsOfService,
  runWwCheck,
  type WwCheckInput,
} from './ww-check';

const base: WwCheckInput = {
  startDate: '2020-01-01',
  agreementDate: '2026-04-25',
  endDate: '2026-07-31',
  noticeMonths: null,
  initiative: 'employer',
  urgentReasonExcluded: true,
  coolingOffClause: true,
  employeeIll: false,
  severanceCents: 1_000_000,
  legalCostsConditional: false,
};
const itemOf = (input: Partial<WwCheckInput>, key: string) =>
  runWwCheck({ ...base, ...input }).items.find((i) => i.key === key);

describe('the fictitious notice period', () => {
  it('follows the statutory scale by completed years of service', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 40].map(getStatutoryNoticeMonths)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
  it('counts completed years up to the agreement date, a 29 February start included', () => {
    expect(getYearsOfService('2016-04-25', '2026-04-24')).toBe(9);
    expect(getYearsOfService('2016-04-25', '2026-04-25')).toBe(10);
    expect(getYearsOfService('2020-02-29', '2025-02-28')).toBe(4);
    expect(getYearsOfService('2020-02-29', '2025-03-01')).toBe(5);
  });
  it('ends at the end of the month in which the period runs out', () => {
    expect(getFictitiousNoticeEnd('2026-04-25', 2)).toBe('2026-06-30');
    expect(getFictitiousNoticeEnd('2026-04-30', 2)).toBe('2026-06-30');
    expect(getFictitiousNoticeEnd('2026-05-01', 1)).toBe('2026-06-30');
  });
  it('handles month ends and leap years', () => {
    expect(getFictitiousNoticeEnd('2025-01-31', 1)).toBe('2025-02-28');
    expect(getFictitiousNoticeEnd('2024-01-31', 1)).toBe('2024-02-29');
    expect(getFictitiousNoticeEnd('2024-02-29', 1)).toBe('2024-03-31');
    expect(getFictitiousNoticeEnd('2023-12-31', 2)).toBe('2024-02-29');
    expect(getFictitiousNoticeEnd('2025-12-15', 4)).toBe('2026-04-30');
  });
  it('is the worked example: agreement 25 April, 6 years of service → notice to 30 June → WW from 1 July', () => {
    const check = runWwCheck({ ...base, endDate: '2026-05-31' });
    expect(check).toMatchObject({ fictitiousNoticeEnd: '2026-06-30', wwStartDate: '2026-07-01', noticeMonths: 2 });
    expect(check.items.find((i) => i.key === 'notice_period')).toEqual({
      key: 'notice_period',
      result: 'warning',
      variant: 'tooShort',
      values: { notice_end: '2026-06-30', ww_start: '2026-07-01', months: 2 },
    });
  });
  it('uses the contract’s own period when given', () => {
    expect(runWwCheck({ ...base, noticeMonths: 3, endDate: '2026-07-31' })).toMatchObject({
      fictitiousNoticeEnd: '2026-07-31',
      wwStartDate: '2026-08-01',
    });
  });
  it('moves with the agreement date: a later dagtekening turns an observed period into a warning', () => {
    // 6 years of service, 2 months: agreement 25 April → 30 June; 2 May → 31 July, after the end date.
    const draft = runWwCheck({ ...base, endDate: '2026-06-30' });
    expect(draft.items.find((i) => i.key === 'notice_period')?.result).toBe('ok');
    const signed = runWwCheck({ ...base, agreementDate: '2026-05-02', endDate: '2026-06-30' });
    expect(signed).toMatchObject({ fictitiousNoticeEnd: '2026-07-31', wwStartDate: '2026-08-01' });
    expect(signed.items.find((i) => i.key === 'notice_period')).toEqual({
      key: 'notice_period',
      result: 'warning',
      variant: 'tooShort',
      values: { notice_end: '2026-07-31', ww_start: '2026-08-01', months: 2 },
    });
  });
  it('warns about a contract period shorter than the statutory one and uses the statutory one', () => {
    // Statutory 2 months (6 years); the contract says 1: only a CAO may shorten it (art. 7:672 lid 5 BW).
    const check = runWwCheck({ ...base, noticeMonths: 1, endDate: '2026-06-30' });
    expect(check).toMatchObject({ noticeMonths: 2, statutoryNoticeMonths: 2, fictitiousNoticeEnd: '2026-06-30' });
    expect(check.items.find((i) => i.key === 'notice_period')).toEqual({
      key: 'notice_period',
      result: 'warning',
      variant: 'shorterThanStatutory',
      values: { notice_end: '2026-06-30', ww_start: '2026-07-01', months: 2, contract_months: 1 },
    });
    // An end that fits the contract's month but not the statutory two: a warning naming the later WW start.
    expect(itemOf({ noticeMonths: 1, endDate: '2026-05-31' }, 'notice_period')).toMatchObject({
      result: 'warning',
      variant: 'shorterThanStatutoryTooShort',
      values: { notice_end: '2026-06-30', ww_start: '2026-07-01', contract_months: 1 },
    });
  });
  it('accepts the shorter period when the lawyer marks that a CAO shortens it', () => {
    const check = runWwCheck({ ...base, noticeMonths: 1, noticeShortenedByCao: true, endDate: '2026-05-31' });
    expect(check).toMatchObject({ noticeMonths: 1, fictitiousNoticeEnd: '2026-05-31', wwStartDate: '2026-06-01' });
    expect(check.items.find((i) => i.key === 'notice_period')).toMatchObject({ result: 'ok', variant: 'observedCao' });
    expect(
      itemOf({ noticeMonths: 1, noticeShortenedByCao: true, endDate: '2026-05-30' }, 'notice_period'),
    ).toMatchObject({ result: 'warning', variant: 'tooShortCao' });
    // A longer contract period needs no mark; the mark changes nothing when the period is not shorter.
    expect(itemOf({ noticeMonths: 3, endDate: '2026-07-31' }, 'notice_period')?.variant).toBe('observed');
    expect(itemOf({ noticeShortenedByCao: true, endDate: '2026-06-30' }, 'notice_period')?.variant).toBe('observed');
  });
  it('starts WW the day after the end date when the notice period is observed', () => {
    const check = runWwCheck({ ...base, endDate: '2026-06-30' });
    expect(check.wwStartDate).toBe('2026-07-01');
    expect(check.items.find((i) => i.key === 'notice_period')?.result).toBe('ok');
  });
});

describe('the WW check items', () => {
  it('lists every item once, in order', () => {
    expect(runWwCheck(base).items.map((i) => i.key)).toEqual([
      'initiative',
      'urgent_reason',
      'notice_period',
      'cooling_off',
      'illness',
      'severance',
      'legal_costs',
    ]);
  });
  it('initiative: the employer’s is ok, the employee’s a risk', () => {
    expect(itemOf({}, 'initiative')?.result).toBe('ok');
    expect(itemOf({ initiative: 'employee' }, 'initiative')?.result).toBe('risk');
  });
  it('urgent_reason: stated is ok, else a risk', () => {
    expect(itemOf({}, 'urgent_reason')?.result).toBe('ok');
    expect(itemOf({ urgentReasonExcluded: false }, 'urgent_reason')?.result).toBe('risk');
  });
  it('cooling_off: a missing clause is a warning', () => {
    expect(itemOf({}, 'cooling_off')?.result).toBe('ok');
    expect(itemOf({ coolingOffClause: false }, 'cooling_off')?.result).toBe('warning');
  });
  it('illness: ill at signing is a risk', () => {
    expect(itemOf({}, 'illness')?.result).toBe('ok');
    expect(itemOf({ employeeIll: true }, 'illness')?.result).toBe('risk');
  });
  it('legal_costs: a contribution paid only on signing is a warning', () => {
    expect(itemOf({}, 'legal_costs')?.result).toBe('ok');
    expect(itemOf({ legalCostsConditional: true }, 'legal_costs')?.result).toBe('warning');
  });
  it('severance: compared with the statutory transition payment', () => {
    // 2020-01-01 to 2025-12-31, € 3.000 + 8 %: 6 years × € 1.080 = € 6.480.
    const wage = { monthlySalaryCents: 300_000 };
    const at = { startDate: '2020-01-01', agreementDate: '2025-09-01', endDate: '2025-12-31', wage };
    expect(itemOf({ ...at, severanceCents: 648_000 }, 'severance')).toMatchObject({
      result: 'ok',
      values: { statutory_cents: 648_000 },
    });
    expect(itemOf({ ...at, severanceCents: 647_999 }, 'severance')).toMatchObject({
      result: 'warning',
      variant: 'belowStatutory',
    });
    expect(itemOf({ ...at, wage: undefined }, 'severance')).toMatchObject({ result: 'warning', variant: 'noWage' });
    expect(
      itemOf({ ...at, startDate: '2015-01-01', agreementDate: '2019-09-01', endDate: '2019-12-31' }, 'severance'),
    ).toMatchObject({
      result: 'warning',
      variant: 'beforeFirstMaximum',
      values: { year: 2019 },
    });
    // After the last published year: compared with the last maximum, not refused.
    expect(
      itemOf({ ...at, agreementDate: '2029-09-01', endDate: '2030-12-31', severanceCents: 10_000_000 }, 'severance'),
    ).toMatchObject({
      result: 'ok',
      variant: 'atLeastStatutory',
    });
  });
});
