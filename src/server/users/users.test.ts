import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, createTestClient, createTestLawyer, bearer, tokenFor, type TestContext } from '../testing/harness';
import { availability, cases, users } from '../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const patch = (token: string, payload: unknown) => ctx.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload: payload as object });

describe('PATCH /api/user', () => {
  it('updates profile fields and answers with the new profile', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const response = await patch(token, { name: 'Lotte', infix: 'van', last_name: 'Dam', phone_number: '0612345678', quote: 'Altijd bereikbaar.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ full_name: 'Lotte van Dam', phone_number: '0612345678', quote: 'Altijd bereikbaar.' });
  });

  it("stores a postcode as '1234 AB' and refuses one that is not Dutch with a translated 422, changing nothing", async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const saved = await patch(token, { postcode: '3011 ad' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.postcode).toBe('3011 AD');
    const refused = await patch(token, { postcode: 'abc', city: 'Rotterdam' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.postcode).toEqual(['Vul een geldige postcode in, zoals 1234 AB.']);
    const [row] = await ctx.db.select({ postcode: users.postcode, city: users.city }).from(users).where(eq(users.id, client.id));
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
    ['a time that is not HH:MM', { availability: [{ day: 'monday', start_time: '9:00', end_time: '17:00' }] }, 'availability.0.start_time'],
    ['a start without an end', { availability: [{ day: 'monday', start_time: '09:00', end_time: null }] }, 'availability.0.end_time'],
    ['an end before the start', { availability: [{ day: 'monday', start_time: '17:00', end_time: '09:00' }] }, 'availability.0.end_time'],
    ['an unknown day', { availability: [{ day: 'someday', start_time: '09:00', end_time: '17:00' }] }, 'availability.0.day'],
    ['a day twice', { availability: [{ day: 'monday', start_time: '09:00', end_time: '17:00' }, { day: 'monday', start_time: '10:00', end_time: '11:00' }] }, 'availability'],
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

  it('never tells that an e-mail address belongs to another user, and keeps both (email-change/ has the rest)', async () => {
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
