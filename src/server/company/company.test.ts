import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import { cases } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

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
const patch = (token: string, caseId: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}`, headers: bearer(token), payload: payload as object });

describe('company details', () => {
  it('saves the ex-employer fields of the client’s own case', async () => {
    const client = await createTestClient(ctx);
    ctx.clock.advance(60_000);
    const response = await patch(await tokenFor(ctx, client.id), client.caseId, {
      ...company,
      company_name: '  Bakkerij De Vries ',
    });
    expect(response.statusCode).toBe(200);
    expect(CaseClientViewResponseSchema.parse(response.json()).data).toMatchObject({
      ...company,
      company_postcode: '3011 AD',
    });
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('answers 422 for missing required fields, 250-character limits and a bad e-mail', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const invalid: [Record<string, unknown>, string, string][] = [
      [{ ...company, company_name: 'x'.repeat(251) }, 'company_name', 'Maximaal 250 tekens.'],
      [{ ...company, company_city: '' }, 'company_city', 'Dit veld is verplicht.'],
      [{ ...company, company_house_number: '' }, 'company_house_number', 'Dit veld is verplicht.'],
      [{ ...company, company_postcode: ' ' }, 'company_postcode', 'Dit veld is verplicht.'],
      [{ ...company, contact_email: 'nee' }, 'contact_email', 'Vul een geldig e-mailadres in.'],
      [{ ...company, contact_phone_number: '' }, 'contact_phone_number', 'Dit veld is verplicht.'],
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

  it('does not require the company name: blank is stored as no name', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    for (const companyName of ['', '   ', null, undefined]) {
      const response = await patch(token, client.caseId, { ...company, company_name: companyName });
      expect(response.statusCode, String(companyName)).toBe(200);
      expect(response.json().data.company_name).toBeNull();
    }
  });

  it('counts the employer data complete without a company name: the case moves on from lead', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const token = await tokenFor(ctx, client.id);
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(token),
      payload: {
        name: 'Kees',
        last_name: 'Klant',
        phone_number: '0612345678',
        street: 'Dorpsstraat',
        house_number: '1',
        postcode: '1234AB',
        city: 'Utrecht',
      },
    });
    expect(profile.statusCode).toBe(200);
    const { company_name: _name, ...withoutName } = company;
    expect((await patch(token, client.caseId, withoutName)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row?.companyName).toBeNull();
    expect(row?.statusSlug).toBe('almost-client');
    expect(row?.companyCompletedAt).not.toBeNull();
    const stepper = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${client.caseId}/status-stepper`,
      headers: bearer(token),
    });
    expect(stepper.json().data).toMatchObject({ profile_complete: true, company_details_complete: true });
  });

  it('checks the postcode as a Dutch postcode', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    // Stored as '1234 AB', however it was typed: the engagement letter quotes it.
    for (const postcode of ['3011 AD', '3011ad', '3011 ad', ' 3011  Ad ']) {
      const response = await patch(token, client.caseId, { ...company, company_postcode: postcode });
      expect(response.statusCode, postcode).toBe(200);
      expect(response.json().data.company_postcode, postcode).toBe('3011 AD');
    }
    for (const postcode of ['abc', '0123AB', '30111', 'AB3011', '3011 A']) {
      const response = await patch(token, client.caseId, { ...company, company_postcode: postcode });
      expect(response.statusCode, postcode).toBe(422);
      expect(response.json().errors.company_postcode).toEqual(['Vul een geldige postcode in, zoals 1234 AB.']);
    }
    const english = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { ...company, company_postcode: 'abc' },
    });
    expect(english.json().errors.company_postcode).toEqual(['Enter a valid postcode, such as 1234 AB.']);
  });

  it('answers 422 texts in the language of Accept-Language', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const bad = { ...company, company_city: '', company_street: 'x'.repeat(251), contact_email: 'nee' };
    const english = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}`,
      headers: { ...bearer(token), 'accept-language': 'en-US,en;q=0.9' },
      payload: bad,
    });
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      message: 'At most 250 characters. (and 2 more errors)',
      errors: {
        company_street: ['At most 250 characters.'],
        company_city: ['This field is required.'],
        contact_email: ['Invalid email'],
      },
    });
    const dutch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}`,
      headers: { ...bearer(token), 'accept-language': 'nl-NL' },
      payload: bad,
    });
    expect(dutch.json()).toEqual({
      message: 'Maximaal 250 tekens. (en nog 2 fouten)',
      errors: {
        company_street: ['Maximaal 250 tekens.'],
        company_city: ['Dit veld is verplicht.'],
        contact_email: ['Vul een geldig e-mailadres in.'],
      },
    });
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

describe('company details from an older copy of the form', () => {
  const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';
  const load = async (token: string) =>
    CaseClientViewResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: bearer(token) })).json(),
    ).data;

  it('accepts the first save of a version, answers 409 to the second, leaving the row as the first did', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const { company_version: version } = await load(token);
    const first = await patch(token, client.caseId, { ...company, version });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.company_version).toBe(version + 1);
    const second = await patch(token, client.caseId, { ...company, company_city: 'Utrecht', version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: STALE });
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row).toMatchObject({ companyCity: 'Rotterdam', companyVersion: version + 1 });
  });

  it('lets exactly one of parallel saves of the same version win', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const { company_version: version } = await load(token);
    const cities = ['Delft', 'Gouda', 'Breda', 'Assen'];
    const answers = await Promise.all(
      cities.map((company_city) => patch(token, client.caseId, { ...company, company_city, version })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = cities[answers.findIndex((a) => a.statusCode === 200)];
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row).toMatchObject({ companyCity: winner, companyVersion: version + 1 });
  });

  it('still accepts a save without a version (an older client), and checks access before the version', async () => {
    const client = await createTestClient(ctx);
    const other = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    expect((await patch(token, client.caseId, company)).statusCode).toBe(200);
    expect((await patch(token, client.caseId, { ...company, company_city: 'Zwolle' })).statusCode).toBe(200);
    expect((await patch(token, other.caseId, { ...company, version: 1 })).statusCode).toBe(404);
  });
});
