import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ContactPersonListResponseSchema } from '../../contract/contact-persons';
import { cases, contactPersons } from '../infra/db/schema';
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

const person = (n: number) => ({
  first_name: `Voornaam${n}`,
  infix: 'van',
  last_name: `Achternaam${n}`,
  job_title: 'HR',
  email: `p${n}@werkgever.nl`,
  phone_number: '0101234567',
});
const post = (token: string, caseId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/contact-persons`,
    headers: bearer(token),
    payload: payload as object,
  });
const get = (token: string, caseId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}/contact-persons`, headers: bearer(token) });

describe('contact persons', () => {
  it('replaces the whole list in order, and removing one means sending the list without it', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    ctx.clock.advance(60_000);
    const saved = ContactPersonListResponseSchema.parse(
      (await post(token, client.caseId, { contact_persons: [person(1), person(2)] })).json(),
    ).data;
    expect(saved.map((p) => p.first_name)).toEqual(['Voornaam1', 'Voornaam2']);
    const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(caseRow?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());
    const after = ContactPersonListResponseSchema.parse(
      (await post(token, client.caseId, { contact_persons: [person(2)] })).json(),
    ).data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      first_name: 'Voornaam2',
      infix: 'van',
      job_title: 'HR',
      email: 'p2@werkgever.nl',
    });
    expect(ContactPersonListResponseSchema.parse((await get(token, client.caseId)).json()).data).toEqual(after);
    expect(
      ContactPersonListResponseSchema.parse((await get(await tokenFor(ctx, lawyer.id), client.caseId)).json()).data,
    ).toEqual(after);
    expect(
      ContactPersonListResponseSchema.parse((await post(token, client.caseId, { contact_persons: [] })).json()).data,
    ).toEqual([]);
  });

  it('refuses a fourth contact person and keeps the old list', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    await post(token, client.caseId, { contact_persons: [person(1)] });
    const response = await post(token, client.caseId, {
      contact_persons: [person(1), person(2), person(3), person(4)],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.contact_persons).toEqual(['Maximaal 3 contactpersonen.']);
    expect(await ctx.db.select().from(contactPersons).where(eq(contactPersons.caseId, client.caseId))).toHaveLength(1);
  });

  it('validates every field of a contact person', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const invalid: [unknown, string, string][] = [
      [{ ...person(1), first_name: '' }, 'contact_persons.0.first_name', 'Dit veld is verplicht.'],
      [{ ...person(1), last_name: ' ' }, 'contact_persons.0.last_name', 'Dit veld is verplicht.'],
      [{ ...person(1), first_name: 'x'.repeat(251) }, 'contact_persons.0.first_name', 'Maximaal 250 tekens.'],
      [{ ...person(1), job_title: 'x'.repeat(251) }, 'contact_persons.0.job_title', 'Maximaal 250 tekens.'],
      [{ ...person(1), email: 'geen-mail' }, 'contact_persons.0.email', 'Vul een geldig e-mailadres in.'],
      [{ ...person(1), first_name: 42 }, 'contact_persons.0.first_name', 'Deze waarde heeft niet de juiste vorm.'],
      [{ ...person(1), id: 'x', admin: true }, 'contact_persons.0', 'Onbekend veld: id, admin.'],
    ];
    for (const [input, field, message] of invalid) {
      const response = await post(token, client.caseId, { contact_persons: [input] });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await post(token, client.caseId, {})).statusCode).toBe(422);
    expect(
      (
        await post(token, client.caseId, {
          contact_persons: [{ ...person(1), phone_number: null, infix: null, job_title: null }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another client's case and for a lawyer writing, changing nothing", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const other = await createTestClient(ctx);
    await post(await tokenFor(ctx, client.id), client.caseId, { contact_persons: [person(1)] });
    const intruder = await tokenFor(ctx, other.id);
    expect((await post(intruder, client.caseId, { contact_persons: [] })).statusCode).toBe(404);
    expect((await get(intruder, client.caseId)).statusCode).toBe(404);
    expect((await post(await tokenFor(ctx, lawyer.id), client.caseId, { contact_persons: [] })).statusCode).toBe(404);
    expect(await ctx.db.select().from(contactPersons).where(eq(contactPersons.caseId, client.caseId))).toHaveLength(1);
  });

  it('keeps a consistent list under parallel replacements', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const results = await Promise.all([
      post(token, client.caseId, { contact_persons: [person(1), person(2)] }),
      post(token, client.caseId, { contact_persons: [person(3), person(4), person(5)] }),
      post(token, client.caseId, { contact_persons: [person(6)] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await ctx.db.select().from(contactPersons).where(eq(contactPersons.caseId, client.caseId));
    const names = rows.map((r) => r.firstName).sort();
    expect([['Voornaam1', 'Voornaam2'], ['Voornaam3', 'Voornaam4', 'Voornaam5'], ['Voornaam6']]).toContainEqual(names);
  });
});

describe('contact persons from an older copy of the form', () => {
  const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';
  const loadVersion = async (token: string, caseId: string) =>
    ContactPersonListResponseSchema.parse((await get(token, caseId)).json()).meta.version;

  it('accepts the first save of a version, answers 409 to the second, leaving the list as the first did', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const version = await loadVersion(token, client.caseId);
    const first = await post(token, client.caseId, { contact_persons: [person(1)], version });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ version: version + 1 });
    const second = await post(token, client.caseId, { contact_persons: [person(2), person(3)], version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: STALE });
    const rows = await ctx.db.select().from(contactPersons).where(eq(contactPersons.caseId, client.caseId));
    expect(rows.map((r) => r.firstName)).toEqual(['Voornaam1']);
    expect(await loadVersion(token, client.caseId)).toBe(version + 1);
  });

  it('lets exactly one of parallel saves of the same version win', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const version = await loadVersion(token, client.caseId);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => post(token, client.caseId, { contact_persons: [person(n)], version })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200) + 1;
    const rows = await ctx.db.select().from(contactPersons).where(eq(contactPersons.caseId, client.caseId));
    expect(rows.map((r) => r.firstName)).toEqual([`Voornaam${winner}`]);
  });

  it('still accepts a save without a version (an older client)', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const version = await loadVersion(token, client.caseId);
    expect((await post(token, client.caseId, { contact_persons: [person(1)], version })).statusCode).toBe(200);
    const unversioned = await post(token, client.caseId, { contact_persons: [person(2)] });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json().meta).toEqual({ version: version + 2 });
  });
});
