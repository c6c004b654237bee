import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { precompress } from '../../../../scripts/precompress';
import { bearer, createTestClient, createTestContext, tokenFor, type TestContext } from '../testing/harness';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let app: FastifyInstance;
let webRoot: string;
const script = `export const text = ${JSON.stringify('Welkom bij je portaal. '.repeat(400))};\n`;
const html =
  `<!doctype html><html lang="nl-NL"><head><title>Ontslagportaal</title></head><body><div ` +
  `id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`;
const translations = JSON.stringify({ login: { title: 'Log in op je portaal' }, filler: 'tekst '.repeat(300) });

beforeAll(async () => {
  ctx = await createTestContext();
  webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'i18n'));
  writeFileSync(path.join(webRoot, 'index.html'), html);
  writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(webRoot, 'i18n', 'nl-NL.json'), translations);
  writeFileSync(path.join(webRoot, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const written = precompress(webRoot);
  // Only text assets are compressed, and each one gets both encodings.
  expect(written.map((w) => path.relative(webRoot, w.file)).sort()).toEqual([
    'assets/index-abc123.js',
    'i18n/nl-NL.json',
    'index.html',
  ]);
  app = await buildApp({ ...ctx, webRoot, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
});
afterAll(async () => {
  await app?.close();
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompressed assets', () => {
  const cases = [
    { url: '/assets/index-abc123.js', body: script, type: 'javascript' },
    { url: '/i18n/nl-NL.json', body: translations, type: 'application/json' },
    { url: '/dossiers/42', body: html, type: 'text/html' },
    { url: '/', body: html, type: 'text/html' },
  ];

  it.each(cases)('sends $url as brotli when the browser accepts it, with Vary', async ({ url, body, type }) => {
    const response = await get(url, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(response.headers['content-type'])).toContain(type);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(body);
  });

  it.each(cases)('sends $url as gzip to a browser without brotli', async ({ url, body }) => {
    const response = await get(url, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(body);
  });

  it.each(cases)('sends $url uncompressed, still with Vary, when no encoding is accepted', async ({ url, body }) => {
    for (const encoding of [undefined, 'identity']) {
      const response = await get(url, encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.body).toBe(body);
    }
  });

  it('keeps the cache rules: hashed assets immutable, the page and translations revalidated', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toContain('immutable');
    expect((await get('/i18n/nl-NL.json', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/dossiers', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('sends an image as it is', async () => {
    const response = await get('/logo.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses API answers into another resource (API and unknown files stay JSON 404)', async () => {
    const response = await get('/api/nope', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('API answers', () => {
  it('sends a JSON answer of 1 KiB or more brotli- or gzip-compressed, with Vary, the same JSON inside', async () => {
    const client = await createTestClient(ctx, { status: 'check' });
    const headers = bearer(await tokenFor(ctx, client.id));
    const plain = await app.inject({ method: 'GET', url: '/api/cases/mine', headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/cases/mine',
        headers: { ...headers, 'accept-encoding': `${encoding}, identity` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(String(response.headers['content-type'])).toContain('application/json');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sends small answers as they are', async () => {
    const response = await get('/healthz', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('refuses a compressed request body with 422 and changes nothing', async () => {
    const client = await createTestClient(ctx, { name: 'Kees' });
    const headers = bearer(await tokenFor(ctx, client.id));
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Gewijzigd' })),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('De gegevens konden niet worden gelezen.');
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, client.id));
    expect(row?.name).toBe('Kees');
  });
});
