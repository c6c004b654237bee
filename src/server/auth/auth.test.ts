import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull } from 'drizzle-orm';
import { createTestContext, createTestClient, bearer, uniqueEmail, type TestContext } from '../infra/testing/harness';
import { extractLoginCode } from '../infra/testing/smtp-peer';
import { loginCodes, tokens, loginThrottles, users } from '../infra/db/schema';
import { LOGIN_CODE_ALPHABET } from '../../contract/auth';
import { sha256Hex } from '../infra/lib/crypto';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'trace' });
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;

async function requestCode(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email } });
}

/** Requests a code and returns it as the mail delivered to the SMTP peer shows it. */
async function mailedCode(email: string): Promise<string> {
  const since = ctx.smtp.messages.length;
  const response = await requestCode(email);
  expect(response.statusCode).toBe(200);
  return extractLoginCode(await ctx.smtp.waitForMail(email, { since }));
}

async function submit(email: string, code: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/token', payload: { email, code } });
}

/** A wrong code that differs from the right one. */
function wrongCodeFor(code: string): string {
  return code.startsWith('A') ? 'BBBBBB' : 'AAAAAA';
}

describe('login with a mailed code', () => {
  it('mails a Dutch code to a real SMTP peer and exchanges it for a token that reads the profile', async () => {
    const person = await createTestClient(ctx, { name: 'Mira' });
    const since = ctx.smtp.messages.length;
    const response = await requestCode(person.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const mail = await ctx.smtp.waitForMail(person.email, { since });
    expect(mail.subject).toContain('inlogcode');
    expect(mail.text).toContain('Hallo Mira,');
    const code = extractLoginCode(mail);
    expect([...code].every((c) => LOGIN_CODE_ALPHABET.includes(c))).toBe(true);
    expect(mail.html).toContain(code);

    const token = await submit(person.email, code.toLowerCase());
    expect(token.statusCode).toBe(200);
    const { token: bearerToken } = token.json() as { token: string };
    expect(bearerToken.length).toBeGreaterThanOrEqual(43);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(bearerToken) });
    expect(me.statusCode).toBe(200);
    // Staff get a second-factor challenge instead (two-factor.test.ts); a client gets the token here.
    expect(me.json().data).toMatchObject({
      id: person.id,
      email: person.email,
      full_name: 'Mira Klant',
      roles: ['client'],
    });
  });

  it('gives a client their role, client permissions and case', async () => {
    const client = await createTestClient(ctx);
    const code = await mailedCode(client.email);
    const { token } = (await submit(client.email, code)).json() as { token: string };
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json().data;
    expect(me.roles).toEqual(['client']);
    expect(me.permissions).toContain('menu-item:dashboard');
    expect(me.case.id).toBe(client.caseId);
  });

  it('stores codes and tokens only as hashes', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    const { token } = (await submit(person.email, code)).json() as { token: string };
    const codeRows = await ctx.db.select().from(loginCodes).where(isNotNull(loginCodes.consumedAt));
    expect(codeRows.length).toBeGreaterThan(0);
    for (const row of codeRows) expect(row.codeHash.toString('latin1')).not.toContain(code);
    const tokenRows = await ctx.db.select().from(tokens).where(eq(tokens.userId, person.id));
    expect(tokenRows.map((t) => t.tokenHash)).not.toContain(token);
  });

  it('rejects a wrong code with a 422 on the code field', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    const response = await submit(person.email, wrongCodeFor(code));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: expect.any(String), errors: { code: [expect.any(String)] } });
  });

  it('rejects a right code sent with another address', async () => {
    const a = await createTestClient(ctx);
    const b = await createTestClient(ctx);
    const code = await mailedCode(a.email);
    expect((await submit(b.email, code)).statusCode).toBe(422);
    expect((await submit(a.email, code)).statusCode).toBe(200);
  });

  it('voids a code after five wrong tries, even for the right code afterwards', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    for (let i = 0; i < 5; i++) expect((await submit(person.email, wrongCodeFor(code))).statusCode).toBe(422);
    expect((await submit(person.email, code)).statusCode).toBe(422);
  });

  it('accepts the right code after four wrong tries', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    for (let i = 0; i < 4; i++) expect((await submit(person.email, wrongCodeFor(code))).statusCode).toBe(422);
    expect((await submit(person.email, code)).statusCode).toBe(200);
  });

  it('allows at most 10 failures an hour per address, even across new codes', async () => {
    const person = await createTestClient(ctx);
    for (let round = 0; round < 2; round++) {
      const code = await mailedCode(person.email);
      for (let i = 0; i < 5; i++) expect((await submit(person.email, wrongCodeFor(code))).statusCode).toBe(422);
      ctx.clock.advance(61_000);
    }
    const fresh = await mailedCode(person.email);
    const locked = await submit(person.email, fresh);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.code[0]).toMatch(/Te veel mislukte pogingen/);
    ctx.clock.advance(60 * MINUTE);
    const later = await mailedCode(person.email);
    expect((await submit(person.email, later)).statusCode).toBe(200);
  });

  it('counts failures for unknown addresses too, without storing the address', async () => {
    const email = uniqueEmail('stranger');
    for (let i = 0; i < 3; i++) expect((await submit(email, 'ABCDEF')).statusCode).toBe(422);
    const rows = await ctx.db.select().from(loginThrottles);
    expect(rows.some((r) => r.keyHash.includes(email))).toBe(false);
    expect(rows.some((r) => r.failures === 3)).toBe(true);
  });

  it('expires a code after 10 minutes (injected clock)', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    ctx.clock.advance(10 * MINUTE + 1_000);
    expect((await submit(person.email, code)).statusCode).toBe(422);
  });

  it('still accepts a code just before 10 minutes', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    ctx.clock.advance(10 * MINUTE - 1_000);
    expect((await submit(person.email, code)).statusCode).toBe(200);
  });

  it('refuses a code that was already used', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    expect((await submit(person.email, code)).statusCode).toBe(200);
    expect((await submit(person.email, code)).statusCode).toBe(422);
  });

  it('keeps only the newest code valid', async () => {
    const person = await createTestClient(ctx);
    const first = await mailedCode(person.email);
    ctx.clock.advance(61_000);
    const second = await mailedCode(person.email);
    if (first !== second) expect((await submit(person.email, first)).statusCode).toBe(422);
    expect((await submit(person.email, second)).statusCode).toBe(200);
  });

  it('gives exactly one token for 20 parallel submits of the right code', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(person.email, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(19);
    const [row] = await ctx.db.select({ n: count() }).from(tokens).where(eq(tokens.userId, person.id));
    expect(row?.n).toBe(1);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const person = await createTestClient(ctx);
    const unknown = uniqueEmail('nobody');
    const known = await requestCode(person.email);
    const stranger = await requestCode(unknown);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(stranger.headers['content-type']).toBe(known.headers['content-type']);
    await ctx.outbox.drain();
    expect(ctx.smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
    const [found] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, unknown));
    expect(found?.n).toBe(0);
  });

  it('sends a code at most once a minute and five times an hour per address, for unknown addresses alike', async () => {
    for (const email of [(await createTestClient(ctx)).email, uniqueEmail('nobody')]) {
      expect((await requestCode(email)).statusCode).toBe(200);
      const tooSoon = await requestCode(email);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toMatch(/code aangevraagd/);
      for (let i = 0; i < 4; i++) {
        ctx.clock.advance(61_000);
        expect((await requestCode(email)).statusCode).toBe(200);
      }
      ctx.clock.advance(61_000);
      expect((await requestCode(email)).statusCode).toBe(429);
      ctx.clock.advance(60 * MINUTE);
      expect((await requestCode(email)).statusCode).toBe(200);
    }
  });

  it('takes the once-a-minute window from LOGIN_CODE_COOLDOWN_SECONDS (the browser journeys shorten it)', async () => {
    const { config } = ctx.app.deps;
    const saved = config.loginCodeCooldownMs;
    expect(saved).toBe(MINUTE);
    config.loginCodeCooldownMs = 5_000;
    try {
      const email = (await createTestClient(ctx)).email;
      expect((await requestCode(email)).statusCode).toBe(200);
      ctx.clock.advance(4_000);
      expect((await requestCode(email)).statusCode).toBe(429);
      ctx.clock.advance(1_000);
      expect((await requestCode(email)).statusCode).toBe(200);
    } finally {
      config.loginCodeCooldownMs = saved;
    }
  });

  it("answers the code request, a wrong, voided or early code in the reader's language (default Dutch)", async () => {
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    const person = await createTestClient(ctx);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/code',
      payload: { email: person.email },
      headers: english,
    });
    expect(sent.json()).toEqual({
      message: 'If we know this email address, you will receive a code within a few minutes.',
    });
    const tooSoon = await ctx.app.inject({
      method: 'POST',
      url: '/api/code',
      payload: { email: person.email },
      headers: english,
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('You have just requested a code. Wait a minute and try again.');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: person.email, code: 'ABCDEF' },
      headers: english,
    });
    expect(wrong.json().errors.code).toEqual([
      'The code is invalid or has expired. Request a new code if it does not work.',
    ]);
    const dutch = await submit(person.email, 'ABCDEF');
    expect(dutch.json().errors.code).toEqual([
      'De code is ongeldig of verlopen. Vraag een nieuwe code aan als het niet lukt.',
    ]);
    for (let i = 0; i < 3; i++) await submit(person.email, 'ABCDEF');
    const voided = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: person.email, code: 'ABCDEF' },
      headers: english,
    });
    expect(voided.json().errors.code).toEqual(['This code is no longer valid. Request a new code.']);
    expect((await submit(person.email, 'ABCDEF')).json().errors.code).toEqual([
      'Deze code is niet meer geldig. Vraag een nieuwe code aan.',
    ]);
    const other = uniqueEmail('nobody');
    expect((await requestCode(other)).json().message).toBe(
      'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een code.',
    );
    const dutchTooSoon = await requestCode(other);
    expect(dutchTooSoon.json().message).toBe(
      'Je hebt net al een code aangevraagd. Wacht een minuut en probeer het opnieuw.',
    );
  });

  it('rejects a malformed e-mail with 422 on the email field', async () => {
    for (const email of ['not-an-email', '', 'a@', 'x'.repeat(300) + '@example.com']) {
      const response = await requestCode(email);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.email).toBeDefined();
    }
  });
});

describe('tokens', () => {
  async function login(email: string): Promise<string> {
    const code = await mailedCode(email);
    return ((await submit(email, code)).json() as { token: string }).token;
  }
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

  it('answers 401 in Dutch without or with a bad token, and in English when the request asks for it', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
      bearer('x'.repeat(43)),
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Je bent niet ingelogd of je sessie is verlopen. Log opnieuw in.' });
      const english = await ctx.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { ...headers, 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(english.statusCode).toBe(401);
      expect(english.json()).toEqual({
        message: 'You are not signed in, or your session has expired. Please sign in again.',
      });
    }
  });

  it('takes the Bearer scheme in any case (RFC 9110), on the hot routes, the others and the event ticket', async () => {
    const person = await createTestClient(ctx);
    const token = await login(person.email);
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const authorization = `${scheme} ${token}`;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } })).statusCode).toBe(
        200,
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: { authorization } })).statusCode,
      ).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/events/ticket', headers: { authorization } })).statusCode,
      ).toBe(201);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer  ${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const person = await createTestClient(ctx);
    const token = await login(person.email);
    expect((await me(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logs out only the token used, not other sessions', async () => {
    const person = await createTestClient(ctx);
    const first = await login(person.email);
    ctx.clock.advance(61_000);
    const second = await login(person.email);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect((await me(second)).statusCode).toBe(200);
  });

  it('expires a token after 30 idle minutes', async () => {
    const person = await createTestClient(ctx);
    const token = await login(person.email);
    ctx.clock.advance(29 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(29 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(30 * MINUTE + 1_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("records a token's use at most once a minute; the requests in between only read it", async () => {
    const person = await createTestClient(ctx);
    const token = await login(person.email);
    const lastUse = async () =>
      (
        await ctx.db
          .select({ at: tokens.lastUsedAt })
          .from(tokens)
          .where(eq(tokens.tokenHash, sha256Hex(token)))
      )[0]?.at?.getTime();
    const loggedIn = await lastUse();
    ctx.clock.advance(30_000);
    expect((await me(token)).statusCode).toBe(200);
    // Also a route that checks the token without reading data with it (useToken).
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await lastUse()).toBe(loggedIn);
    ctx.clock.advance(31_000);
    expect((await me(token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(ctx.clock.now().getTime());
    const touched = await lastUse();
    ctx.clock.advance(59_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await lastUse()).toBe(touched);
    ctx.clock.advance(2_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await lastUse()).toBe(ctx.clock.now().getTime());
  });

  it('expires a token 12 hours after login even when used all the time', async () => {
    const person = await createTestClient(ctx);
    const token = await login(person.email);
    for (let i = 0; i < 24; i++) {
      ctx.clock.advance(29 * MINUTE);
      expect((await me(token)).statusCode).toBe(200);
    }
    ctx.clock.advance(23 * MINUTE); // 11 h 59 min after login
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(2 * MINUTE);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('never writes a code or token to the log', async () => {
    const person = await createTestClient(ctx);
    const code = await mailedCode(person.email);
    const { token } = (await submit(person.email, code)).json() as { token: string };
    await me(token);
    const text = ctx.logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(code);
    expect(text).not.toContain(token);
  });
});
