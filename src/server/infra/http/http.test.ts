import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { buildApp } from '../../app';
import { inlineScriptHashes } from './spa';
import {
  createTestContext,
  createTestLawyer,
  bearer,
  openTestDatabase,
  tokenFor,
  type TestContext,
} from '../testing/harness';
import { loginCodes, loginThrottles, tokens } from '../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 with a reachable database and 503 without', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const database = await openTestDatabase();
    const app = await buildApp({
      ...ctx,
      database,
      webRoot: null,
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
  });
});

describe('security headers', () => {
  it('sends a strict CSP, no-referrer, nosniff and no-store on the API', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the public URL is HTTPS', async () => {
    const local = await createTestContext({ publicUrl: 'https://portaal.example.com' });
    const response = await local.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    await local.close();
  });
});

describe('malformed bodies', () => {
  const routes: { method: 'POST' | 'PATCH'; url: string; auth: boolean }[] = [
    { method: 'POST', url: '/api/code', auth: false },
    { method: 'POST', url: '/api/token', auth: false },
    { method: 'PATCH', url: '/api/user', auth: true },
  ];
  const bodies: [string, string, string][] = [
    ['broken JSON', '{"email": ', 'application/json'],
    ['an array', '[1,2,3]', 'application/json'],
    ['a string', '"hello"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['wrong types', '{"email": 12, "code": ["A"], "name": {"x": 1}}', 'application/json'],
    [
      'a huge string',
      JSON.stringify({
        email: `${'a'.repeat(40_000)}@example.com`,
        code: 'A'.repeat(40_000),
        name: 'n'.repeat(40_000),
      }),
      'application/json',
    ],
  ];
  for (const route of routes) {
    for (const [what, body, type] of bodies) {
      it(`${route.method} ${route.url} answers ${what} with 422 and changes nothing`, async () => {
        const lawyer = await createTestLawyer(ctx);
        const token = await tokenFor(ctx, lawyer.id);
        const before = await Promise.all(
          [loginCodes, tokens, loginThrottles].map((t) => ctx.db.select({ n: count() }).from(t)),
        );
        const response = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': type, ...(route.auth ? bearer(token) : {}) },
          payload: body,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
        const after = await Promise.all(
          [loginCodes, tokens, loginThrottles].map((t) => ctx.db.select({ n: count() }).from(t)),
        );
        expect(after).toEqual(before);
      });
    }
  }

  it('refuses a body over the size limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.nl', pad: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers unknown API paths with a JSON 404 and errors without details', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('per-IP rate limits', () => {
  it('allows 30 code requests per 10 minutes from one address', async () => {
    const local = await createTestContext({ rateLimitPerMinute: 600 });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/code',
        payload: { email: `ip-${i}@example.com` },
        remoteAddress: '10.0.0.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const english = await local.app.inject({
      method: 'POST',
      url: '/api/code',
      payload: { email: 'ip-31@example.com' },
      remoteAddress: '10.0.0.7',
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.statusCode).toBe(429);
    expect(english.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    const other = await local.app.inject({
      method: 'POST',
      url: '/api/code',
      payload: { email: 'ip-other@example.com' },
      remoteAddress: '10.0.0.8',
    });
    expect(other.statusCode).toBe(200);
    await local.close();
  });
});

describe('the built web app', () => {
  it('serves index.html for client routes, files as they are, and JSON 404 under /api', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>portaal</title>');
    mkdirSync(path.join(webRoot, 'i18n'));
    writeFileSync(path.join(webRoot, 'i18n', 'nl-NL.json'), '{"hello":"Hallo"}');
    const app = await buildApp({
      ...ctx,
      webRoot,
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    const page = await app.inject({ method: 'GET', url: '/dossiers/123/documenten' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('portaal');
    expect(page.headers['cache-control']).toBe('no-cache');
    const json = await app.inject({ method: 'GET', url: '/i18n/nl-NL.json' });
    expect(json.json()).toEqual({ hello: 'Hallo' });
    expect((await app.inject({ method: 'GET', url: '/i18n/xx.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).headers['content-type']).toContain(
      'application/json',
    );
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
});

describe('inline scripts of index.html', () => {
  it('are allowed by their SHA-256 in the CSP, and only those', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    try {
      const inline = "document.documentElement.lang='en-US'";
      writeFileSync(
        path.join(dir, 'index.html'),
        `<html><head><script>${inline}</script><script type="module" src="/assets/x.js"></script></head></html>`,
      );
      expect(inlineScriptHashes(dir)).toEqual([`'sha256-${createHash('sha256').update(inline).digest('base64')}'`]);
      expect(inlineScriptHashes(null)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('URLs refused before routing (audit: raw 414 echoing the path)', () => {
  it('answers a 5,000-character path parameter with 414 in the app format, translated, without the path', async () => {
    const local = await createTestContext();
    try {
      const lawyer = await createTestLawyer(local);
      const long = 'a'.repeat(5_000);
      const response = await local.app.inject({
        method: 'GET',
        url: `/api/cases/${long}`,
        headers: bearer(await tokenFor(local, lawyer.id)),
      });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ message: 'Dit adres is te lang.' });
      expect(response.body).not.toContain('aaaa');
      expect(response.headers['cache-control']).toContain('no-store');
      const english = await local.app.inject({
        method: 'GET',
        url: `/api/cases/${long}`,
        headers: { 'accept-language': 'en-US' },
      });
      expect(english.json()).toEqual({ message: 'This address is too long.' });
      const badUrl = await local.app.inject({ method: 'GET', url: '/api/cases/%ED%A0%80secret' });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({ message: 'Dit adres is ongeldig.' });
      expect(badUrl.body).not.toContain('secret');
    } finally {
      await local.close();
    }
  });
});
