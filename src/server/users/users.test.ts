import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestContext,
  createTestClient,
  createTestLawyer,
  bearer,
  tokenFor,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { UserResponseSchema } from '../../contract/users';
import { availability, cases, users } from '../infra/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const patch = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload: payload as object });

describe('PATCH /api/user', () => {
  it('updates profile fields and answers with the new profile', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const response = await patch(token, {
      name: 'Lotte',
      infix: 'van',
      last_name: 'Dam',
      phone_number: '0612345678',
      quote: 'Altijd bereikbaar.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      full_name: 'Lotte van Dam',
      phone_number: '0612345678',
      quote: 'Altijd bereikbaar.',
    });
  });

  it("stores a postcode as '1234 AB' and refuses a non-Dutch one with a translated 422, changing nothing", async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const saved = await patch(token, { postcode: '3011 ad' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.postcode).toBe('3011 AD');
    const refused = await patch(token, { postcode: 'abc', city: 'Rotterdam' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.postcode).toEqual(['Vul een geldige postcode in, zoals 1234 AB.']);
    const [row] = await ctx.db
      .select({ postcode: users.postcode, city: users.city })
      .from(users)
      .where(eq(users.id, client.id));
    expect(row).toEqual({ postcode: '3011 AD', city: null });
    expect((await patch(token, { postcode: '' })).json().data.postcode).toBeNull();
  });

  it('replaces availability with only the complete days', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const response = await patch(token, {
      name: 'Lotte',
      email: lawyer.email,
      availability: [
        { day: 'tuesday', start_time: '10:00', end_time: '16:00' },
        { day: 'monday', start_time: '09:00', end_time: '17:00' },
        { day: 'saturday', start_time: null, end_time: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.availability).toEqual([
      { day: 'monday', start_time: '09:00', end_time: '17:00' },
      { day: 'tuesday', start_time: '10:00', end_time: '16:00' },
    ]);
    const again = await patch(token, { availability: [{ day: 'friday', start_time: '08:30', end_time: '12:00' }] });
    expect(again.json().data.availability).toEqual([{ day: 'friday', start_time: '08:30', end_time: '12:00' }]);
  });

  it('keeps the case list sort name in step with the client name', async () => {
    const client = await createTestClient(ctx, { name: 'Piet', lastName: 'Puk' });
    const token = await tokenFor(ctx, client.id);
    await patch(token, { name: 'Pieter', infix: 'de', last_name: 'Puk' });
    const [row] = await ctx.db.select({ clientName: cases.clientName }).from(cases).where(eq(cases.id, client.caseId));
    expect(row?.clientName).toBe('Pieter de Puk');
  });

  const invalid: [string, unknown, string][] = [
    ['a name over 250 characters', { name: 'x'.repeat(251) }, 'name'],
    ['a quote over 255 characters', { quote: 'x'.repeat(256) }, 'quote'],
    ['a malformed e-mail', { email: 'nope' }, 'email'],
    ['an empty first name', { name: '' }, 'name'],
    [
      'a time that is not HH:MM',
      { availability: [{ day: 'monday', start_time: '9:00', end_time: '17:00' }] },
      'availability.0.start_time',
    ],
    [
      'a start without an end',
      { availability: [{ day: 'monday', start_time: '09:00', end_time: null }] },
      'availability.0.end_time',
    ],
    [
      'an end before the start',
      { availability: [{ day: 'monday', start_time: '17:00', end_time: '09:00' }] },
      'availability.0.end_time',
    ],
    [
      'an unknown day',
      { availability: [{ day: 'someday', start_time: '09:00', end_time: '17:00' }] },
      'availability.0.day',
    ],
    [
      'a day twice',
      {
        availability: [
          { day: 'monday', start_time: '09:00', end_time: '17:00' },
          { day: 'monday', start_time: '10:00', end_time: '11:00' },
        ],
      },
      'availability',
    ],
    ['a wrong type', { name: 42 }, 'name'],
    ['an unknown field', { role: 'lawyer' }, 'body'],
  ];
  for (const [what, payload, field] of invalid) {
    it(`rejects ${what} with 422 on ${field} and changes nothing`, async () => {
      const client = await createTestClient(ctx, { name: 'Ongewijzigd' });
      const token = await tokenFor(ctx, client.id);
      const before = await ctx.db.select().from(users).where(eq(users.id, client.id));
      const response = await patch(token, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors).some((key) => key === field || key.startsWith(field))).toBe(true);
      expect(await ctx.db.select().from(users).where(eq(users.id, client.id))).toEqual(before);
      expect(await ctx.db.select().from(availability).where(eq(availability.userId, client.id))).toEqual([]);
    });
  }

  it('never tells that an e-mail address belongs to another user and keeps both (rest in email-change/)', async () => {
    const a = await createTestLawyer(ctx);
    const b = await createTestLawyer(ctx);
    const response = await patch(await tokenFor(ctx, b.id), { email: a.email.toUpperCase() });
    expect(response.statusCode).toBe(202);
    expect(response.json().data.email).toBe(b.email);
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/user', payload: { name: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/user from an older copy of the form', () => {
  const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';
  const load = async (token: string) =>
    UserResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json())
      .data;

  it('accepts the first save of a version, answers 409 to the second, leaving the row as the first did', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const { version } = await load(token);
    const first = await patch(token, { city: 'Delft', version });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(version + 1);
    const second = await patch(token, { city: 'Utrecht', phone_number: '0600000000', version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: STALE });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ city: 'Delft', phoneNumber: null, version: version + 1 });
    const english = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { city: 'Utrecht', version },
    });
    expect(english.json()).toMatchObject({
      message: 'This information has since been changed elsewhere. Refresh the page.',
    });
  });

  it('lets exactly one of parallel saves of the same version win', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const { version } = await load(token);
    const cities = ['Delft', 'Gouda', 'Breda', 'Assen'];
    const answers = await Promise.all(cities.map((city) => patch(token, { city, version })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = cities[answers.findIndex((a) => a.statusCode === 200)];
    const [row] = await ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ city: winner, version: version + 1 });
  });

  it('keeps the availability a record of its own, checked by availability_version', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const loaded = await load(token);
    // A profile save in one form does not make the availability form stale, nor does a language switch.
    expect((await patch(token, { quote: 'Bereikbaar', version: loaded.version })).statusCode).toBe(200);
    expect((await patch(token, { language: 'en-US' })).statusCode).toBe(200);
    const monday = [{ day: 'monday', start_time: '09:00', end_time: '17:00' }];
    const saved = await patch(token, { availability: monday, availability_version: loaded.availability_version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: loaded.version + 1,
      availability_version: loaded.availability_version + 1,
    });
    const stale = await patch(token, { availability: [], availability_version: loaded.availability_version });
    expect(stale.statusCode).toBe(409);
    expect(await ctx.db.select().from(availability).where(eq(availability.userId, lawyer.id))).toHaveLength(1);
  });

  it('refuses a new e-mail address from an older copy before any code is mailed', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const { version, email } = await load(token);
    expect((await patch(token, { quote: 'Eerst', version })).statusCode).toBe(200);
    const stale = await patch(token, { email: uniqueEmail('nieuw'), version });
    expect(stale.statusCode).toBe(409);
    expect((await load(token)).email).toBe(email);
  });

  it('still accepts a save without a version (an older client)', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const { version } = await load(token);
    expect((await patch(token, { city: 'Delft', version })).statusCode).toBe(200);
    const unversioned = await patch(token, { city: 'Zwolle' });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json().data).toMatchObject({ city: 'Zwolle', version: version + 2 });
  });
});
