import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

let ctx: TestContext;
let clientToken: string;
let lawyerToken: string;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  clientToken = await tokenFor(ctx, client.id);
  lawyerToken = await tokenFor(ctx, lawyer.id);
  adminToken = (await createTestAdmin(ctx)).token;
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, body: unknown, token?: string, language = 'nl-NL') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json', 'accept-language': language },
    payload: JSON.stringify(body),
  });

const payment = {
  start_date: '2020-03-15',
  end_date: '2025-06-30',
  monthly_salary_cents: 400_000,
  year_end_cents: 120_000,
  extras_monthly_cents: 5_000,
  variable_three_years_cents: 360_000,
};
const terms = {
  start_date: '2020-01-01',
  agreement_date: '2026-04-25',
  end_date: '2026-05-31',
  notice_months: null,
  initiative: 'employer',
  urgent_reason_excluded: true,
  cooling_off_clause: true,
  employee_ill: false,
  severance_cents: 1_000_000,
  legal_costs_conditional: true,
};

describe('POST /api/calculations/transition-payment', () => {
  it('answers the amount with its breakdown, for a client and a lawyer', async () => {
    for (const token of [clientToken, lawyerToken]) {
      const response = await post('/api/calculations/transition-payment', payment, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          amount_cents: 806_428,
          monthly_wage_cents: 457_000,
          capped: false,
          cap_cents: 9_800_000,
          year_maximum_cents: 9_800_000,
          maximum_year: 2025,
          provisional: false,
          years: 5,
          months: 3,
          days: 16,
        },
      });
    }
  });
  it('refuses an end before the start on the field, in the reader’s language', async () => {
    const nl = await post('/api/calculations/transition-payment', { ...payment, end_date: '2019-01-01' }, clientToken);
    expect(nl.statusCode).toBe(422);
    expect(nl.json().errors).toEqual({ end_date: ['De einddatum ligt vóór de datum in dienst.'] });
    const en = await post(
      '/api/calculations/transition-payment',
      { ...payment, end_date: '2019-01-01' },
      clientToken,
      'en-US',
    );
    expect(en.json().errors).toEqual({ end_date: ['The end date is before the start of employment.'] });
  });
  it.each([
    [2022, 8_600_000],
    [2023, 8_900_000],
    [2026, 10_200_000],
  ])('caps an end in %i at that year’s statutory maximum', async (year, cents) => {
    // € 7.000 a month for 45 years: € 105.000, above each maximum (a year's wage is € 84.000).
    const body = { start_date: `${year - 45}-01-01`, end_date: `${year}-12-31`, monthly_salary_cents: 700_000 };
    const response = await post(
      '/api/calculations/transition-payment',
      { ...body, holiday_allowance_percent: 0 },
      lawyerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      amount_cents: cents,
      capped: true,
      year_maximum_cents: cents,
      maximum_year: year,
      provisional: false,
    });
  });
  it('computes an end after 2026 with the 2026 maximum and says it is provisional', async () => {
    const body = { start_date: '1980-01-01', end_date: '2027-03-31', monthly_salary_cents: 700_000 };
    const response = await post(
      '/api/calculations/transition-payment',
      { ...body, holiday_allowance_percent: 0 },
      clientToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      amount_cents: 10_200_000,
      year_maximum_cents: 10_200_000,
      maximum_year: 2026,
      provisional: true,
    });
  });
  it('refuses an end before 2020 on the field: another calculation applied then', async () => {
    const nl = await post(
      '/api/calculations/transition-payment',
      { ...payment, start_date: '2010-01-01', end_date: '2019-12-31' },
      lawyerToken,
    );
    expect(nl.statusCode).toBe(422);
    expect(nl.json().errors).toEqual({
      end_date: [
        'Voor een dienstverband dat vóór 2020 eindigde, gold een andere berekening van de transitievergoeding. ' +
          'Deze rekenhulp rekent met een einddatum vanaf 1 januari 2020.',
      ],
    });
    const en = await post(
      '/api/calculations/transition-payment',
      { ...payment, start_date: '2010-01-01', end_date: '2019-12-31' },
      lawyerToken,
      'en-US',
    );
    expect(en.json().errors.end_date[0]).toMatch(/^A different calculation .* before 2020/);
  });
  it('refuses dates outside 1900–2100 with 422, never a 500', async () => {
    for (const dates of [
      { end_date: '10000-01-01' },
      { end_date: '9999-12-31' },
      { end_date: '2101-01-01' },
      { start_date: '1899-12-31' },
      { start_date: '0000-01-01' },
    ]) {
      const response = await post('/api/calculations/transition-payment', { ...payment, ...dates }, clientToken);
      expect(response.statusCode, JSON.stringify(dates)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(Object.keys(dates));
    }
    const year9999 = await post(
      '/api/calculations/transition-payment',
      { ...payment, end_date: '9999-12-31' },
      clientToken,
    );
    expect(year9999.json().errors.end_date).toEqual(['Vul een datum in tussen het jaar 1900 en 2100.']);
    for (const dates of [{ agreement_date: '9999-01-01' }, { end_date: '10000-01-01' }, { start_date: '1000-01-01' }]) {
      const response = await post('/api/calculations/ww-check', { ...terms, ...dates }, clientToken);
      expect(response.statusCode, JSON.stringify(dates)).toBe(422);
      expect(response.json().errors).toHaveProperty(Object.keys(dates)[0] as string);
    }
  });
  it('refuses wrong types and unknown fields', async () => {
    expect(
      (await post('/api/calculations/transition-payment', { ...payment, monthly_salary_cents: 12.5 }, clientToken))
        .statusCode,
    ).toBe(422);
    expect(
      (await post('/api/calculations/transition-payment', { ...payment, start_date: '2020-02-30' }, clientToken)).json()
        .errors,
    ).toHaveProperty('start_date');
    expect((await post('/api/calculations/transition-payment', { ...payment, extra: 1 }, clientToken)).statusCode).toBe(
      422,
    );
  });
  it('answers 401 without a session and 403 to an admin, before looking at the body', async () => {
    expect((await post('/api/calculations/transition-payment', {}, undefined)).statusCode).toBe(401);
    expect((await post('/api/calculations/transition-payment', {}, adminToken)).statusCode).toBe(403);
  });
});

describe('POST /api/calculations/ww-check', () => {
  it('answers the fictitious notice end, the WW start and one line per item', async () => {
    const response = await post('/api/calculations/ww-check', terms, clientToken);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ fictitious_notice_end: '2026-06-30', ww_start_date: '2026-07-01', notice_months: 2 });
    expect(data.items.map((i: { key: string; result: string }) => `${i.key}:${i.result}`)).toEqual([
      'initiative:ok',
      'urgent_reason:ok',
      'notice_period:warning',
      'cooling_off:ok',
      'illness:ok',
      'severance:warning',
      'legal_costs:warning',
    ]);
    expect(data.items[2].text).toBe(
      'De einddatum ligt vóór het einde van de opzegtermijn (30-06-2026): je WW begint pas op 01-07-2026.',
    );
  });
  it('weighs the severance against the statutory amount when the salary is given', async () => {
    const at = {
      ...terms,
      agreement_date: '2025-09-01',
      end_date: '2025-12-31',
      monthly_salary_cents: 300_000,
      severance_cents: 600_000,
    };
    const { data } = (await post('/api/calculations/ww-check', at, lawyerToken, 'en-US')).json();
    const severance = data.items.find((i: { key: string }) => i.key === 'severance');
    expect(severance).toEqual({
      key: 'severance',
      result: 'warning',
      text: 'The severance (€ 6.000,00) is lower than the statutory transition payment (€ 6.480,00).',
    });
  });
  it('warns about a contract notice period shorter than the statutory one, unless a CAO shortens it', async () => {
    // 6 years of service: statutory 2 months; the contract says 1; the end fits 1 month only.
    const shorter = { ...terms, notice_months: 1, end_date: '2026-05-31', legal_costs_conditional: false };
    const without = (await post('/api/calculations/ww-check', shorter, lawyerToken)).json().data;
    expect(without).toMatchObject({
      notice_months: 2,
      fictitious_notice_end: '2026-06-30',
      ww_start_date: '2026-07-01',
    });
    expect(without.items[2]).toMatchObject({ key: 'notice_period', result: 'warning' });
    expect(without.items[2].text).toContain('alleen een cao mag die verkorten');
    const cao = (
      await post('/api/calculations/ww-check', { ...shorter, notice_shortened_by_cao: true }, lawyerToken)
    ).json().data;
    expect(cao).toMatchObject({ notice_months: 1, fictitious_notice_end: '2026-05-31', ww_start_date: '2026-06-01' });
    expect(cao.items[2]).toEqual({
      key: 'notice_period',
      result: 'ok',
      text:
        'De opzegtermijn uit de cao (1 mnd., korter dan de wettelijke) wordt gerespecteerd: ' +
        'die loopt tot en met 31-05-2026.',
    });
  });
  it('refuses a missing field and an agreement before the start (422), 401 and 403 first', async () => {
    const { notice_months: _, ...without } = terms;
    expect((await post('/api/calculations/ww-check', without, clientToken)).json().errors).toHaveProperty(
      'notice_months',
    );
    expect(
      (await post('/api/calculations/ww-check', { ...terms, agreement_date: '2019-01-01' }, clientToken)).json().errors,
    ).toHaveProperty('agreement_date');
    expect((await post('/api/calculations/ww-check', {}, undefined)).statusCode).toBe(401);
    expect((await post('/api/calculations/ww-check', {}, adminToken)).statusCode).toBe(403);
  });
});
