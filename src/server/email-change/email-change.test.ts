import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bearer,
  createTestContext,
  createTestClient,
  createTestLawyer,
  tokenFor,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { extractLoginCode } from '../infra/testing/smtp-peer';
import { and, gte } from 'drizzle-orm';
import { outbox, users } from '../infra/db/schema';
import {
  EMAIL_CHANGE_ACCOUNT_LIMITS,
  EMAIL_CHANGE_ADDRESS_LIMITS,
  EMAIL_CHANGE_LOCKED_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CHANGE_VOIDED_MESSAGE,
} from './email-change';
import { serverTranslate } from '../infra/errors/language';

const nl = serverTranslate('nl-NL');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const patch = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload });
const confirm = (token: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/email/confirm', headers: bearer(token), payload: { code } });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const emailOf = async (id: string) =>
  (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

describe('changing an e-mail address (audit findings 1 and 2)', () => {
  it('answers the same 202 for a free and a taken address, and changes nothing yet', async () => {
    const other = await createTestLawyer(ctx);
    const a = await createTestClient(ctx);
    const b = await createTestClient(ctx);
    const free = await patch(await tokenFor(ctx, a.id), { email: uniqueEmail('new') });
    const taken = await patch(await tokenFor(ctx, b.id), { email: other.email });
    expect(free.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    expect(free.json().message).toBe(nl(EMAIL_CHANGE_SENT_MESSAGE));
    expect(free.json().message).toMatch(/^We hebben een code gestuurd/);
    expect(taken.json().message).toBe(free.json().message);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(await emailOf(a.id)).toBe(a.email);
    expect(await emailOf(b.id)).toBe(b.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('mails a taken address that someone tried to use it, without a code', async () => {
    const holder = await createTestLawyer(ctx);
    const attacker = await createTestClient(ctx);
    const since = ctx.smtp.messages.length;
    await patch(await tokenFor(ctx, attacker.id), { email: holder.email });
    const mail = await ctx.smtp.waitForMail(holder.email, { since });
    expect(mail.text).toMatch(/probeerde dit e-mailadres/);
    expect(() => extractLoginCode(mail)).toThrow();
  });

  it('completes with the code sent to the new address: notice to the old one, other sessions ended', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const otherSession = await tokenFor(ctx, client.id);
    const newEmail = uniqueEmail('moved');
    const since = ctx.smtp.messages.length;
    expect((await patch(token, { email: newEmail, city: 'Delft' })).statusCode).toBe(202);
    const code = extractLoginCode(await ctx.smtp.waitForMail(newEmail, { since }));
    expect((await me(token)).json().data).toMatchObject({ email: client.email, city: 'Delft' });

    const sinceConfirm = ctx.smtp.messages.length;
    const done = await confirm(token, code.toLowerCase());
    expect(done.statusCode).toBe(200);
    expect(done.json().data.email).toBe(newEmail);
    const notice = await ctx.smtp.waitForMail(client.email, { since: sinceConfirm });
    expect(notice.text).toMatch(/is zojuist gewijzigd/);
    expect(notice.text).not.toContain(code);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect((await confirm(token, code)).statusCode).toBe(422);

    // Later login codes go to the new address at once: the e-mail change used none of its login-code limit.
    const sinceLogin = ctx.smtp.messages.length;
    await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: newEmail } });
    const loginMail = await ctx.smtp.waitForMail(newEmail, { since: sinceLogin });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/token',
          payload: { email: newEmail, code: extractLoginCode(loginMail) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('voids the code after 5 wrong tries, under the login rules', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const newEmail = uniqueEmail('moved');
    const since = ctx.smtp.messages.length;
    await patch(token, { email: newEmail });
    const code = extractLoginCode(await ctx.smtp.waitForMail(newEmail, { since }));
    const wrong = code.startsWith('A') ? 'BBBBBB' : 'AAAAAA';
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(token, wrong)));
    expect(answers.every((r) => r.statusCode === 422)).toBe(true);
    const right = await confirm(token, code);
    expect(right.statusCode).toBe(422);
    expect([nl(EMAIL_CHANGE_VOIDED_MESSAGE), nl(EMAIL_CHANGE_LOCKED_MESSAGE)]).toContain(right.json().errors.code[0]);
    expect(await emailOf(client.id)).toBe(client.email);
  });

  it('never answers 5xx when two accounts claim one new address at once', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await createTestClient(ctx);
      const b = await createTestClient(ctx);
      const [ta, tb] = [await tokenFor(ctx, a.id), await tokenFor(ctx, b.id)];
      const target = uniqueEmail('contested');
      const since = ctx.smtp.messages.length;
      // One code per minute per address: the second claim comes a minute later.
      expect((await patch(ta, { email: target })).statusCode).toBe(202);
      ctx.clock.advance(61_000);
      expect((await patch(tb, { email: target })).statusCode).toBe(202);
      await ctx.outbox.drain();
      const codes = ctx.smtp.messages
        .slice(since)
        .filter((m) => m.to.includes(target))
        .map(extractLoginCode);
      expect(codes).toHaveLength(2);
      // Each code belongs to one account; try both codes on both accounts, all at once.
      const answers = await Promise.all([ta, tb].flatMap((t) => codes.map((c) => confirm(t, c))));
      expect(answers.every((r) => r.statusCode < 500)).toBe(true);
      expect(answers.filter((r) => r.statusCode === 200).length).toBe(1);
      const holders = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, target));
      expect(holders).toHaveLength(1);
    }
  });

  it('changes nothing when the e-mail is the current one (200, as before)', async () => {
    const lawyer = await createTestLawyer(ctx);
    const response = await patch(await tokenFor(ctx, lawyer.id), { email: lawyer.email, name: 'Lot' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Lot');
  });
});

describe('e-mail change requests are limited per account and per address (audit: mail flood)', () => {
  const mailsTo = async (address: string) =>
    ctx.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.toAddress, address));

  it('allows one a minute, three an hour per account; beyond, 429 with Retry-After, nothing sent/changed', async () => {
    expect(EMAIL_CHANGE_ACCOUNT_LIMITS).toEqual({ cooldownMs: 60_000, maxPerHour: 3 });
    const client = await createTestClient(ctx, { city: 'Utrecht' });
    const token = await tokenFor(ctx, client.id);
    const first = uniqueEmail('stranger');
    expect((await patch(token, { email: first })).statusCode).toBe(202);

    const tooSoon = await patch(token, { email: uniqueEmail('stranger'), city: 'Delft' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(
      'Je hebt te vaak gevraagd je e-mailadres te wijzigen. Probeer het later opnieuw.',
    );
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    for (let i = 0; i < 2; i++) {
      ctx.clock.advance(61_000);
      expect((await patch(token, { email: uniqueEmail('stranger') })).statusCode).toBe(202);
    }
    ctx.clock.advance(61_000);
    const fourth = uniqueEmail('stranger');
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { email: fourth, city: 'Delft' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have asked to change your email address too often. Please try again later.',
    );
    // The hour started with the first request, about three minutes ago.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect(await mailsTo(fourth)).toEqual([]);
    expect((await me(token)).json().data).toMatchObject({ email: client.email, city: 'Utrecht' });

    ctx.clock.advance(60 * 60_000);
    expect((await patch(await tokenFor(ctx, client.id), { email: fourth })).statusCode).toBe(202);
    expect(await mailsTo(fourth)).toEqual([{ kind: 'email_change_code' }]);
  });

  it('does not use up the login-code limit of the address it names', async () => {
    const holder = await createTestLawyer(ctx);
    const attacker = await createTestClient(ctx);
    const since = new Date(ctx.clock.now().getTime());
    expect((await patch(await tokenFor(ctx, attacker.id), { email: holder.email })).statusCode).toBe(202);
    const code = await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: holder.email } });
    expect(code.statusCode).toBe(200);
    const kinds = (
      await ctx.db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(and(eq(outbox.toAddress, holder.email), gte(outbox.createdAt, since)))
    ).map((r) => r.kind);
    expect(kinds.sort()).toEqual(['email_taken', 'login_code']);
  });

  it('caps one address at three requests an hour from all accounts together, answering alike if taken', async () => {
    expect(EMAIL_CHANGE_ADDRESS_LIMITS).toEqual({ cooldownMs: 60_000, maxPerHour: 3 });
    const holder = await createTestLawyer(ctx);
    const free = uniqueEmail('target');
    for (const target of [holder.email, free]) {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const attacker = await createTestClient(ctx);
        answers.push(await patch(await tokenFor(ctx, attacker.id), { email: target }));
        ctx.clock.advance(61_000);
      }
      expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
      expect(answers[3]!.headers['retry-after']).toBeDefined();
      expect((await mailsTo(target)).length).toBe(3);
    }
  });

  it('counts parallel requests of one account exactly: one of ten gets through', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const targets = Array.from({ length: 10 }, () => uniqueEmail('parallel'));
    const answers = await Promise.all(targets.map((email) => patch(token, { email })));
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
    const mailed = (await Promise.all(targets.map(mailsTo))).flat();
    expect(mailed).toHaveLength(1);
  });
});
