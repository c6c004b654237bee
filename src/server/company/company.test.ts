import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import { cases } from '../db/schema';
import { bearer, createTestClient, createTestContext, createTestLawyer, tokenFor, type TestContext } from '../testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const company = {
  company_name: 'Bakkerij De Vries',
  company_street: 'Coolsingel',
  company_house_number: '12a',
  company_postcode: '3011AD',
  company_city: 'Rotterdam',
  contact_email: 'hr@devries.nl',
  contact_phone_number: '010 555 12 34',
};
const patch = (token: string, caseId: string, payload: unknown) => ctx.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}`, headers: bearer(token), payload: payload as object });

describe('company details', () => {
  it('saves the ex-employer fields of the client’s own case', async () => {
    const client = await createTestClient(ctx);
    ctx.clock.advance(60_000);
    const response = await patch(await tokenFor(ctx, client.id), client.caseId, { ...company, company_name: '  Bakkerij De Vries ' });
    expect(response.statusCode).toBe(200);
    expect(CaseClientViewResponseSchema.parse(response.json()).data).toMatchObject(company);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('answers 422 for missing required fields, 250-character limits and a bad e-mail', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const invalid: [Record<string, unknown>, string, string][] = [
      [{ ...company, company_name: 'x'.repeat(251) }, 'company_name', 'Maximaal 250 tekens'],
      [{ ...company, company_city: '' }, 'company_city', 'Required'],
      [{ ...company, company_house_number: '' }, 'company_house_number', 'Required'],
      [{ ...company, company_postcode: ' ' }, 'company_postcode', 'Required'],
      [{ ...company, contact_email: 'nee' }, 'contact_email', 'Invalid email'],
      [{ ...company, contact_phone_number: '' }, 'contact_phone_number', 'Required'],
    ];
    for (const [body, field, message] of invalid) {
      const response = await patch(token, client.caseId, body);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await patch(token, client.caseId, { ...company, status_slug: 'completed' })).statusCode).toBe(422);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row?.companyName).toBeNull();
  });

  it("answers 404 for another client's case and for a lawyer, changing nothing", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const other = await createTestClient(ctx);
    expect((await patch(await tokenFor(ctx, other.id), client.caseId, company)).statusCode).toBe(404);
    expect((await patch(await tokenFor(ctx, lawyer.id), client.caseId, company)).statusCode).toBe(404);
    expect((await patch(await tokenFor(ctx, other.id), 'mine', company)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row?.companyName).toBeNull();
  });
});
