import { describe, expect, it } from 'vitest';
import { UpdateCompanyRequestSchema } from '../cases';
import { UpdateUserRequestSchema } from '../users';
import { normalisePostcode, OptionalPostcodeSchema, PostcodeSchema, POSTCODE_MESSAGE } from './postcode';

describe('Dutch postcodes', () => {
  it("stores '3011 ad' as '3011 AD' and refuses what is no postcode", () => {
    expect(normalisePostcode('3011 ad')).toBe('3011 AD');
    expect(normalisePostcode(' 3011AD ')).toBe('3011 AD');
    expect(normalisePostcode('3011  Ad')).toBe('3011 AD');
    for (const bad of ['abc', '0123 AB', '301 AD', '3011 A', '3011 ABC', '']) expect(normalisePostcode(bad)).toBeNull();
    expect(PostcodeSchema.parse('3011 ad')).toBe('3011 AD');
    expect(PostcodeSchema.safeParse('abc').error?.issues[0]?.message).toBe(POSTCODE_MESSAGE);
    expect(OptionalPostcodeSchema.parse('')).toBeNull();
    expect(OptionalPostcodeSchema.parse(undefined)).toBeUndefined();
    expect(OptionalPostcodeSchema.parse('1234ab')).toBe('1234 AB');
  });

  it('is the rule of the personal-data and the employer forms', () => {
    expect(UpdateUserRequestSchema.parse({ postcode: '3011 ad' }).postcode).toBe('3011 AD');
    expect(UpdateUserRequestSchema.safeParse({ postcode: 'abc' }).success).toBe(false);
    const company = {
      company_house_number: '1',
      company_postcode: '3011ad',
      company_city: 'Rotterdam',
      contact_email: 'a@b.nl',
      contact_phone_number: '010',
    };
    expect(UpdateCompanyRequestSchema.parse(company).company_postcode).toBe('3011 AD');
    expect(
      UpdateCompanyRequestSchema.safeParse({ ...company, company_postcode: 'abc' }).error?.issues[0]?.message,
    ).toBe(POSTCODE_MESSAGE);
  });
});
