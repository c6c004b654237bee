import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  type TestContext,
} from '../infra/testing/harness';
import { extractLoginCode } from '../infra/testing/smtp-peer';
import { sha256Hex } from '../infra/lib/crypto';

/** Audit finding 8: a security event per login step and per refused access, without e-mail, code or token. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'info' });
});
afterAll(async () => {
  await ctx.close();
});

type Line = Record<string, unknown>;
const parsed = (from: number): Line[] => ctx.logs.slice(from).map((l) => JSON.parse(l) as Line);
const events = (from: number, event: string) => parsed(from).filter((l) => l.security === true && l.event === event);

describe('security log', () => {
  it('logs each login step and logout with user id, IP, request id, reason, never address, code or token', async () => {
    // A client: staff accounts answer the e-mail code with a second-factor challenge, not a token.
    const client = await createTestClient(ctx);
    const start = ctx.logs.length;
    const since = ctx.smtp.messages.length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/code',
      payload: { email: client.email },
      remoteAddress: '203.0.113.7',
    });
    const code = extractLoginCode(await ctx.smtp.waitForMail(client.email, { since }));
    const wrong = code.startsWith('A') ? 'BBBBBB' : 'AAAAAA';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: client.email, code: wrong },
      remoteAddress: '203.0.113.7',
    });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { email: client.email, code },
      remoteAddress: '203.0.113.7',
    });
    const token = (ok.json() as { token: string }).token;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      remoteAddress: '203.0.113.7',
    });
    expect(out.headers['clear-site-data']).toBe('"storage"');

    const requested = events(start, 'login.code_requested');
    expect(requested[0]).toMatchObject({ user_id: client.id, ip: '203.0.113.7', request_id: expect.any(String) });
    expect(events(start, 'login.code_failed')[0]).toMatchObject({ reason: 'wrong_code', ip: '203.0.113.7' });
    expect(events(start, 'login.succeeded')[0]).toMatchObject({ user_id: client.id });
    expect(events(start, 'logout')[0]).toMatchObject({ user_id: client.id });
    const requestLines = parsed(start).filter((l) => l.msg === 'request completed');
    expect(requestLines.find((l) => l.url === '/api/logout')).toMatchObject({
      user_id: client.id,
      ip: '203.0.113.7',
      status: 204,
    });

    const text = ctx.logs.slice(start).join('');
    for (const secret of [client.email, code, token, sha256Hex(token)]) expect(text).not.toContain(secret);
  });

  it('logs a locked address', async () => {
    const lawyer = await createTestLawyer(ctx);
    const start = ctx.logs.length;
    for (let i = 0; i < 11; i++)
      await ctx.app.inject({ method: 'POST', url: '/api/token', payload: { email: lawyer.email, code: 'ZZZZZZ' } });
    expect(events(start, 'login.locked').length).toBeGreaterThanOrEqual(1);
    expect(ctx.logs.slice(start).join('')).not.toContain(lawyer.email);
  });

  it('logs refused access: 401, 403 and 404 on a foreign id, with the user id when known', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx);
    const other = await createTestClient(ctx);
    const { tokenFor } = await import('../infra/testing/harness');
    const clientToken = await tokenFor(ctx, client.id);
    const start = ctx.logs.length;
    await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer('x'.repeat(43)) });
    await ctx.app.inject({ method: 'GET', url: '/api/cases', headers: bearer(clientToken) });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${other.caseId}`,
      headers: bearer(await tokenFor(ctx, lawyer.id)),
    });
    const refused = events(start, 'access.refused');
    expect(refused.map((l) => l.status).sort()).toEqual([401, 403, 404]);
    expect(refused.find((l) => l.status === 403)).toMatchObject({
      user_id: client.id,
      reason: 'forbidden',
      ip: expect.any(String),
      request_id: expect.any(String),
    });
    expect(refused.find((l) => l.status === 404)).toMatchObject({ user_id: lawyer.id, reason: 'not_found' });
    expect(refused.find((l) => l.status === 401)).toMatchObject({ user_id: null, reason: 'unauthenticated' });
  });
});
