import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  createTestContext,
  createTestClient,
  createTestLawyer,
  bearer,
  type TestContext,
} from '../infra/testing/harness';
import { extractLoginCode } from '../infra/testing/smtp-peer';
import { recoveryCodes, staffTwoFactor, twoFactorChallenges } from '../infra/db/schema';
import { sha256Hex } from '../infra/lib/crypto';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'trace' });
});
afterAll(async () => {
  await ctx.close();
});

const STEP = 30_000;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** The TOTP code of a secret at the fake clock's time (plus an offset). */
function totp(secret: string, offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: ctx.clock.now().getTime() + offsetMs,
  });
}

/** A code that is none of the codes in the drift window. */
function wrongTotp(secret: string): string {
  const valid = new Set([-STEP, 0, STEP].map((offset) => totp(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** Runs the e-mail step; staff get a challenge back. Moves the clock past the resend cooldown. */
async function emailStep(email: string) {
  ctx.clock.advance(61_000);
  const since = ctx.smtp.messages.length;
  expect((await post('/api/code', { email })).statusCode).toBe(200);
  const code = extractLoginCode(await ctx.smtp.waitForMail(email, { since }));
  return post('/api/token', { email, code });
}

async function challengeFor(email: string): Promise<string> {
  const response = await emailStep(email);
  expect(response.statusCode).toBe(200);
  return response.json().challenge as string;
}

/** A lawyer who went through enrolment: their secret, recovery codes and first token. */
async function enrolledLawyer() {
  const lawyer = await createTestLawyer(ctx);
  const challenge = await challengeFor(lawyer.email);
  const setup = await post('/api/token/two-factor/setup', { challenge });
  const secret = setup.json().secret as string;
  const enabled = await post('/api/token/two-factor/enable', { challenge, code: totp(secret) });
  expect(enabled.statusCode).toBe(200);
  // The next sign-in happens a step later, so its code is new.
  ctx.clock.advance(STEP);
  return {
    ...lawyer,
    secret,
    recoveryCodes: enabled.json().recovery_codes as string[],
    token: enabled.json().token as string,
  };
}

describe('second factor at sign-in', () => {
  it('gives staff no token for the e-mail code alone, and requires enrolment first', async () => {
    const lawyer = await createTestLawyer(ctx);
    const response = await emailStep(lawyer.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor_required: true, challenge: expect.any(String), setup_required: true });
    expect(response.json().token).toBeUndefined();
    // A challenge is no token.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(response.json().challenge) }))
        .statusCode,
    ).toBe(401);
    // Without enrolment the second step cannot be answered.
    const verify = await post('/api/token/two-factor', { challenge: response.json().challenge, code: '123456' });
    expect(verify.statusCode).toBe(422);
  });

  it('keeps the e-mail code alone for clients', async () => {
    const client = await createTestClient(ctx);
    const response = await emailStep(client.email);
    expect(Object.keys(response.json())).toEqual(['token']);
  });

  it('enrols with a QR code and one confirmed code, then shows 10 recovery codes once, stored hashed', async () => {
    const lawyer = await createTestLawyer(ctx, { name: 'Mira' });
    const challenge = await challengeFor(lawyer.email);
    const setup = await post('/api/token/two-factor/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    expect((await post('/api/token/two-factor/enable', { challenge, code: wrongTotp(secret) })).statusCode).toBe(422);
    const enabled = await post('/api/token/two-factor/enable', { challenge, code: totp(secret) });
    expect(enabled.statusCode).toBe(200);
    const { token, recovery_codes } = enabled.json();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ id: lawyer.id, roles: ['lawyer'] });
    expect(me.json().data.permissions).toEqual([
      'access:spa',
      'menu-item:account',
      'menu-item:dossier',
      'menu-item:feedback',
      'menu-item:tools',
    ]);

    const [stored] = await ctx.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, lawyer.id));
    expect(stored?.secret).not.toContain(secret);
    const hashes = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, lawyer.id));
    expect(hashes).toHaveLength(10);
    for (const code of recovery_codes)
      expect(hashes.map((h) => h.codeHash).join()).not.toContain(code.replace('-', ''));
    // The challenge is used up; enrolled staff cannot set up again through sign-in.
    expect((await post('/api/token/two-factor/enable', { challenge, code: totp(secret, STEP) })).statusCode).toBe(422);
    const next = await challengeFor(lawyer.email);
    expect((await post('/api/token/two-factor/setup', { challenge: next })).statusCode).toBe(409);
    expect(ctx.logs.join('\n')).not.toContain(secret);
  });

  it("answers a wrong code on the setup step in the reader's language (audit: Dutch in the English UI)", async () => {
    const lawyer = await createTestLawyer(ctx);
    const challenge = await challengeFor(lawyer.email);
    const { secret } = (await post('/api/token/two-factor/setup', { challenge })).json();
    const english = await post(
      '/api/token/two-factor/enable',
      { challenge, code: wrongTotp(secret) },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.code).toEqual([
      'The code is incorrect or has already been used. Wait for the next code in your app and try again.',
    ]);
    expect(english.json().message).toBe(
      'The code is incorrect or has already been used. Wait for the next code in your app and try again.',
    );
    const dutch = await post('/api/token/two-factor/enable', { challenge, code: wrongTotp(secret) });
    expect(dutch.json().errors.code).toEqual([
      'De code is onjuist of al gebruikt. Wacht op de volgende code in je app en probeer het opnieuw.',
    ]);
    const expired = await post(
      '/api/token/two-factor/setup',
      { challenge: 'x'.repeat(40) },
      { 'accept-language': 'en' },
    );
    expect(expired.json().errors.challenge).toEqual(['Your sign-in attempt has expired. Please sign in again.']);
    const lawyerWithTwoFactor = await enrolledLawyer();
    const conflict = await post(
      '/api/account/two-factor/enable',
      { code: totp(lawyerWithTwoFactor.secret) },
      { ...bearer(lawyerWithTwoFactor.token), 'accept-language': 'en-US' },
    );
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('Start setting up the authenticator app again.');
  });

  it('accepts a code in its window (one step of drift) and refuses it after', async () => {
    const lawyer = await enrolledLawyer();
    const challenge = await challengeFor(lawyer.email);
    const previous = totp(lawyer.secret, -STEP);
    const ok = await post('/api/token/two-factor', { challenge, code: previous });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ token: expect.any(String) });

    ctx.clock.advance(3 * STEP);
    const later = await challengeFor(lawyer.email);
    const old = totp(lawyer.secret, -3 * STEP);
    expect((await post('/api/token/two-factor', { challenge: later, code: old })).statusCode).toBe(422);
    expect((await post('/api/token/two-factor', { challenge: later, code: totp(lawyer.secret) })).statusCode).toBe(200);
  });

  it('refuses a replayed code within its window, also in parallel', async () => {
    const lawyer = await enrolledLawyer();
    const [a, b] = [await challengeFor(lawyer.email), await challengeFor(lawyer.email)];
    const code = totp(lawyer.secret);
    const answers = await Promise.all([
      post('/api/token/two-factor', { challenge: a, code }),
      post('/api/token/two-factor', { challenge: b, code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    // A new challenge a moment later, while the code is still within its window.
    const c = await challengeFor(lawyer.email);
    ctx.clock.advance(-61_000);
    expect((await post('/api/token/two-factor', { challenge: c, code })).statusCode).toBe(422);
    ctx.clock.advance(61_000);
  });

  it('voids a challenge after five wrong codes', async () => {
    const lawyer = await enrolledLawyer();
    const challenge = await challengeFor(lawyer.email);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/token/two-factor', { challenge, code: wrongTotp(lawyer.secret) })).statusCode).toBe(422);
    const after = await post('/api/token/two-factor', { challenge, code: totp(lawyer.secret) });
    expect(after.statusCode).toBe(422);
    expect(after.json().errors).toHaveProperty('challenge');
  });

  it('judges at most five answers of a challenge, even of thirty in parallel, counting those as failed', async () => {
    const lawyer = await enrolledLawyer();
    const challenge = await challengeFor(lawyer.email);
    const wrong = wrongTotp(lawyer.secret);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/token/two-factor', { challenge, code: wrong })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(422));
    const judged = answers.filter((r) => 'code' in r.json().errors);
    const refused = answers.filter((r) => 'challenge' in r.json().errors);
    expect([judged.length, refused.length]).toEqual([5, 25]);
    const [row] = await ctx.db
      .select({ attempts: twoFactorChallenges.attempts })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.challengeHash, sha256Hex(challenge)));
    expect(row?.attempts).toBe(5);
    const [account] = await ctx.db
      .select({ failures: staffTwoFactor.failures })
      .from(staffTwoFactor)
      .where(eq(staffTwoFactor.userId, lawyer.id));
    expect(account?.failures).toBe(5);
    // Out of tries: even the right code is no longer judged on this challenge.
    const after = await post('/api/token/two-factor', { challenge, code: totp(lawyer.secret) });
    expect(after.json().errors).toHaveProperty('challenge');
  });

  it('lets exactly one of parallel uses of one recovery code win, and counts the others as no failure', async () => {
    const lawyer = await enrolledLawyer();
    const recovery = lawyer.recoveryCodes[1]!;
    const challenges = [];
    for (let i = 0; i < 3; i++) challenges.push(await challengeFor(lawyer.email));
    const answers = await Promise.all(
      challenges.map((challenge) => post('/api/token/two-factor', { challenge, recovery_code: recovery })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const lost of answers.filter((r) => r.statusCode === 422))
      expect(lost.json().errors).toHaveProperty('recovery_code');
    const [account] = await ctx.db
      .select({ failures: staffTwoFactor.failures })
      .from(staffTwoFactor)
      .where(eq(staffTwoFactor.userId, lawyer.id));
    expect(account?.failures ?? 0).toBe(0);
    // The losers' challenges keep all five tries.
    const rows = await ctx.db
      .select({ attempts: twoFactorChallenges.attempts, consumedAt: twoFactorChallenges.consumedAt })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, lawyer.id));
    expect(rows.filter((r) => !r.consumedAt && r.attempts > 0)).toEqual([]);
  });

  it('lets a challenge live 5 minutes', async () => {
    const lawyer = await enrolledLawyer();
    const challenge = await challengeFor(lawyer.email);
    ctx.clock.advance(5 * 60_000);
    const expired = await post('/api/token/two-factor', { challenge, code: totp(lawyer.secret) });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toHaveProperty('challenge');
  });

  it('locks the second step for an hour after 10 failures in an hour, with one mail', async () => {
    const lawyer = await enrolledLawyer();
    const since = ctx.smtp.messages.length;
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeFor(lawyer.email);
      for (let i = 0; i < 5; i++) await post('/api/token/two-factor', { challenge, code: wrongTotp(lawyer.secret) });
    }
    const mail = await ctx.smtp.waitForMail(lawyer.email, { since: since + 2 });
    expect(mail.subject).toContain('geblokkeerd');
    const challenge = await challengeFor(lawyer.email);
    const locked = await post('/api/token/two-factor', { challenge, code: totp(lawyer.secret) });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.code[0]).toContain('over een uur');
    ctx.clock.advance(61 * 60_000);
    const again = await challengeFor(lawyer.email);
    expect((await post('/api/token/two-factor', { challenge: again, code: totp(lawyer.secret) })).statusCode).toBe(200);
    const lockMails = ctx.smtp.messages.slice(since).filter((m) => m.subject.includes('geblokkeerd'));
    expect(lockMails).toHaveLength(1);
  });

  it('signs in with a recovery code once', async () => {
    const lawyer = await enrolledLawyer();
    const recovery = lawyer.recoveryCodes[0]!;
    const first = await post('/api/token/two-factor', {
      challenge: await challengeFor(lawyer.email),
      recovery_code: recovery.toLowerCase(),
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/token/two-factor', {
      challenge: await challengeFor(lawyer.email),
      recovery_code: recovery,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('recovery_code');
  });

  it('refuses malformed answers with 422 and changes nothing', async () => {
    const lawyer = await enrolledLawyer();
    const challenge = await challengeFor(lawyer.email);
    for (const body of [
      { challenge },
      { challenge, code: '12345' },
      { challenge, code: 'abcdef' },
      { challenge, code: '123456', recovery_code: 'AAAAA-BBBBB' },
      { challenge: 'x', code: '123456' },
      { challenge: `${challenge}\u0000`, code: '123456' },
    ]) {
      expect((await post('/api/token/two-factor', body)).statusCode).toBe(422);
    }
    expect((await post('/api/token/two-factor', { challenge, code: totp(lawyer.secret) })).statusCode).toBe(200);
  });
});

describe("second factor in 'Mijn account'", () => {
  it('shows the status, and regenerates recovery codes after a fresh code', async () => {
    const lawyer = await enrolledLawyer();
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(lawyer.token),
    });
    expect(status.json().data).toEqual({ enabled: true, enabled_at: expect.any(String), recovery_codes_remaining: 10 });
    expect((await post('/api/account/two-factor/recovery-codes', {}, bearer(lawyer.token))).statusCode).toBe(422);
    expect(
      (await post('/api/account/two-factor/recovery-codes', { code: wrongTotp(lawyer.secret) }, bearer(lawyer.token)))
        .statusCode,
    ).toBe(422);
    const fresh = await post(
      '/api/account/two-factor/recovery-codes',
      { code: totp(lawyer.secret) },
      bearer(lawyer.token),
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recovery_codes).toHaveLength(10);
    // The old codes no longer work.
    const old = await post('/api/token/two-factor', {
      challenge: await challengeFor(lawyer.email),
      recovery_code: lawyer.recoveryCodes[1],
    });
    expect(old.statusCode).toBe(422);
  });

  it('re-enrols with a fresh code of the old secret and a code of the new one', async () => {
    const lawyer = await enrolledLawyer();
    const setup = await post('/api/account/two-factor/setup', { code: totp(lawyer.secret) }, bearer(lawyer.token));
    expect(setup.statusCode).toBe(200);
    const next = setup.json().secret as string;
    ctx.clock.advance(STEP);
    const enabled = await post('/api/account/two-factor/enable', { code: totp(next) }, bearer(lawyer.token));
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recovery_codes).toHaveLength(10);
    ctx.clock.advance(STEP);
    expect(
      (await post('/api/token/two-factor', { challenge: await challengeFor(lawyer.email), code: totp(lawyer.secret) }))
        .statusCode,
    ).toBe(422);
    ctx.clock.advance(STEP);
    expect(
      (await post('/api/token/two-factor', { challenge: await challengeFor(lawyer.email), code: totp(next) }))
        .statusCode,
    ).toBe(200);
  });

  it('is for staff only', async () => {
    const client = await createTestClient(ctx);
    const token = (await emailStep(client.email)).json().token as string;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/two-factor' })).statusCode).toBe(401);
  });
});
