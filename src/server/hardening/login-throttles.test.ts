import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestClient,
  createTestContext,
  createTestLawyer,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { extractLoginCode } from '../infra/testing/smtp-peer';
import { loginThrottles, tokens } from '../infra/db/schema';
import { hmac } from '../infra/lib/crypto';
import {
  INVALID_CODE_MESSAGE as INVALID_CODE_KEY,
  LOCKED_OUT_MESSAGE as LOCKED_OUT_KEY,
  VOIDED_CODE_MESSAGE as VOIDED_CODE_KEY,
} from '../auth/routes';
import { serverTranslate } from '../infra/errors/language';

// The answers are in the request's language (Dutch without Accept-Language).
const nl = serverTranslate('nl-NL');
const INVALID_CODE_MESSAGE = nl(INVALID_CODE_KEY);
const LOCKED_OUT_MESSAGE = nl(LOCKED_OUT_KEY);
const VOIDED_CODE_MESSAGE = nl(VOIDED_CODE_KEY);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function mailedCode(email: string): Promise<string> {
  const since = ctx.smtp.messages.length;
  expect((await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email } })).statusCode).toBe(200);
  return extractLoginCode(await ctx.smtp.waitForMail(email, { since }));
}
const submit = (email: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/token', payload: { email, code } });
const wrongCodes = (code: string, n: number) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const candidate = `${alphabet[i % 32]}${alphabet[Math.floor(i / 32) % 32]}WXYZ`;
    if (candidate !== code && !out.includes(candidate)) out.push(candidate);
  }
  return out;
};
async function failuresOf(email: string): Promise<number> {
  const key = hmac(ctx.config.appSecret, 'login-throttle', email).toString('hex');
  const [row] = await ctx.db
    .select({ failures: loginThrottles.failures })
    .from(loginThrottles)
    .where(eq(loginThrottles.keyHash, key));
  return row?.failures ?? 0;
}
const messageOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string[] } }).errors.code[0];

describe('login throttles under 50 parallel requests (audit finding 4)', () => {
  it('answers 5 wrong codes at most, the rest voided or locked, counts to 10, then refuses a right code', async () => {
    const lawyer = await createTestLawyer(ctx);
    const code = await mailedCode(lawyer.email);
    const responses = await Promise.all(wrongCodes(code, 50).map((guess) => submit(lawyer.email, guess)));
    expect(responses.every((r) => r.statusCode === 422)).toBe(true);
    const messages = responses.map(messageOf);
    expect(messages.filter((m) => m === INVALID_CODE_MESSAGE).length).toBeLessThanOrEqual(5);
    expect(
      messages
        .filter((m) => m !== INVALID_CODE_MESSAGE)
        .every((m) => m === VOIDED_CODE_MESSAGE || m === LOCKED_OUT_MESSAGE),
    ).toBe(true);
    expect(await failuresOf(lawyer.email)).toBeLessThanOrEqual(10);
    expect(messageOf(await submit(lawyer.email, code))).not.toBe(undefined);
    expect((await submit(lawyer.email, code)).statusCode).toBe(422);
    expect(await failuresOf(lawyer.email)).toBeLessThanOrEqual(10);
  });

  it('refuses the right code once 5 wrong answers have come back, even when they were sent in parallel', async () => {
    const lawyer = await createTestLawyer(ctx);
    const code = await mailedCode(lawyer.email);
    const wrong = await Promise.all(wrongCodes(code, 5).map((guess) => submit(lawyer.email, guess)));
    expect(wrong.map(messageOf)).toEqual(Array(5).fill(INVALID_CODE_MESSAGE));
    const right = await submit(lawyer.email, code);
    expect(right.statusCode).toBe(422);
    expect(messageOf(right)).toBe(VOIDED_CODE_MESSAGE);
  });

  it('accepts the right code at most once of 50 parallel guesses, only while under 5 wrong are counted', async () => {
    // A client: for staff a right code answers a second-factor challenge, not a token.
    const client = await createTestClient(ctx);
    const code = await mailedCode(client.email);
    const guesses = wrongCodes(code, 49);
    guesses.splice(25, 0, code);
    const responses = await Promise.all(guesses.map((guess) => submit(client.email, guess)));
    const successes = responses.filter((r) => r.statusCode === 200);
    expect(successes.length).toBeLessThanOrEqual(1);
    const wrongAnswers = responses.filter((r) => r.statusCode === 422 && messageOf(r) === INVALID_CODE_MESSAGE).length;
    expect(wrongAnswers).toBeLessThanOrEqual(5);
    const [tokenCount] = await ctx.db.select({ id: tokens.id }).from(tokens).where(eq(tokens.userId, client.id));
    expect(Boolean(tokenCount)).toBe(successes.length === 1);
    expect(await failuresOf(client.email)).toBeLessThanOrEqual(10);
  });

  it('does not count the losing parallel submits of a correct code as failures', async () => {
    const lawyer = await createTestLawyer(ctx);
    const code = await mailedCode(lawyer.email);
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit(lawyer.email, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422).map(messageOf)).toEqual(Array(49).fill(INVALID_CODE_MESSAGE));
    expect(await failuresOf(lawyer.email)).toBe(0);
    ctx.clock.advance(61_000);
    const next = await mailedCode(lawyer.email);
    expect((await submit(lawyer.email, next)).statusCode).toBe(200);
  });

  it('holds the per-address cap of 10 for an unknown address too', async () => {
    const email = uniqueEmail('nobody');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email } })).statusCode).toBe(200);
    const responses = await Promise.all(wrongCodes('', 50).map((guess) => submit(email, guess)));
    expect(responses.every((r) => r.statusCode === 422)).toBe(true);
    expect(responses.map(messageOf).filter((m) => m === INVALID_CODE_MESSAGE).length).toBeLessThanOrEqual(5);
    expect(await failuresOf(email)).toBe(10);
  });
});
