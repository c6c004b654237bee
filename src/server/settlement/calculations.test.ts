import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../testing/harness';

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
  it('refuses a year without a published maximum on the field', async () => {
    const response = await post(
      '/api/calculations/transition-payment',
      { ...payment, end_date: '2023-06-30' },
      lawyerToken,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.end_date[0]).toContain('2023');
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
