import { describe, expect, it } from 'vitest';
import { fieldsToTerms, termsIssues, termsToFields } from './terms-form';

describe("the terms in the lawyer's form", () => {
  it('reads amounts in euros as cents, choices as booleans and an empty notice period as statutory', () => {
    const fields = termsToFields({});
    const { terms, errors } = fieldsToTerms({
      ...fields,
      severance_cents: '24.500',
      monthly_salary_cents: '3250,50',
      holiday_allowance_percent: '8',
      end_date: '2027-02-28',
      final_discharge: 'true',
      employee_ill: 'false',
      initiative: 'employer',
      non_compete: 'dropped',
    });
    expect(errors).toEqual({});
    expect(terms).toEqual({
      severance_cents: 2_450_000,
      monthly_salary_cents: 325_050,
      holiday_allowance_percent: 8,
      end_date: '2027-02-28',
      final_discharge: true,
      employee_ill: false,
      initiative: 'employer',
      non_compete: 'dropped',
      notice_months: null,
    });
  });

  it('names the fields it cannot read', () => {
    const { errors } = fieldsToTerms({
      ...termsToFields({}),
      severance_cents: 'veel',
      holiday_allowance_percent: '120',
      notice_months: '2,5',
    });
    expect(errors).toEqual({
      severance_cents: 'invalidAmount',
      holiday_allowance_percent: 'invalidPercent',
      notice_months: 'invalidMonths',
    });
  });

  it('fills the form from a version, so a counter-offer starts from its terms and reads back the same', () => {
    const terms = {
      severance_cents: 1_800_050,
      start_date: '2020-01-01',
      cooling_off_clause: true,
      notice_months: 1,
      notice_shortened_by_cao: true,
      initiative: 'employer' as const,
    };
    const fields = termsToFields(terms);
    expect(fields).toMatchObject({
      severance_cents: '18000,50',
      start_date: '2020-01-01',
      cooling_off_clause: 'true',
      notice_months: '1',
      notice_shortened_by_cao: 'true',
      employee_ill: '',
    });
    expect(fieldsToTerms(fields).terms).toEqual(terms);
  });

  it('refuses a date that does not exist, a year outside 1900–2100 and an end before the agreement', () => {
    const read = (fields: Record<string, string>) =>
      termsIssues(fieldsToTerms({ ...termsToFields({}), ...fields }).terms);
    expect(read({ end_date: '2026-02-31' })).toEqual([
      { field: 'end_date', key: 'validation.nonexistentDate', values: {} },
    ]);
    expect(read({ agreement_date: '9999-12-31' })).toEqual([
      {
        field: 'agreement_date',
        key: 'validation.dateOutOfRange',
        values: { key: 'dateOutOfRange', min: 1900, max: 2100 },
      },
    ]);
    expect(read({ end_date: '31-02-2026' })).toEqual([
      { field: 'end_date', key: 'validation.invalidDate', values: {} },
    ]);
    expect(read({ agreement_date: '2026-05-01', end_date: '2026-04-30' })).toEqual([
      { field: 'end_date', key: 'validation.endBeforeAgreementDate', values: { key: 'endBeforeAgreementDate' } },
    ]);
    expect(read({ start_date: '2020-01-01', agreement_date: '2026-05-01', end_date: '2026-05-31' })).toEqual([]);
  });
});
