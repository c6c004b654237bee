import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { bearer, createTestClient, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { createScratchDatabase } from '../infra/testing/scratch-database';
import { buildApp } from '../app';
import { testConfig } from '../infra/config/config';
import { openPostgres } from '../infra/db/client';
import { ensureCatalogue } from '../infra/db/catalogue';
import { createFakeClock } from '../infra/lib/clock';
import { diskStorage, type Storage } from '../infra/storage/storage';
import { createUser } from '../users/create';
import { createToken } from '../auth/queries';
import { generateToken, sha256Hex } from '../infra/lib/crypto';
import { DISK_FULL_MESSAGE as DISK_FULL_KEY, UNAVAILABLE_MESSAGE as UNAVAILABLE_KEY } from '../infra/errors/handler';
import { serverTranslate } from '../infra/errors/language';

const UNAVAILABLE_MESSAGE = serverTranslate('nl-NL')(UNAVAILABLE_KEY);
const DISK_FULL_MESSAGE = serverTranslate('nl-NL')(DISK_FULL_KEY);

/**
 * Audit findings 7, 8 and 10: outages answer 503 with Retry-After and a generic Dutch text, a
 * full disk 507, an unexpected error 500 with an error id; the logs written meanwhile hold the
 * error id, route and code, and no e-mail address, SQL parameter or token hash.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'info' });
});
afterAll(async () => {
  await ctx.close();
});

const errnoError = (code: string) =>
  Object.assign(new Error(`${code}: connect 10.0.0.1:443 for client@example.com`), { code });

/** Makes the running app's storage fail like an unreachable object store (a third party) until `restore`. */
function breakStorage(storage: Storage, failure: () => Error): () => void {
  const original = { ...storage };
  storage.put = async (_key, body) => {
    if (!Buffer.isBuffer(body)) body.resume();
    throw failure();
  };
  storage.read = async () => {
    throw failure();
  };
  return () => Object.assign(storage, original);
}

function assertCleanLogs(lines: string[], secrets: string[]) {
  const text = lines.join('');
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/params:|Failed query/i);
}

async function uploadTitle(token: string, caseId: string) {
  const body = multipart({ title: 'Loonstrook' }, [
    { filename: 'loonstrook.pdf', contentType: 'application/pdf', data: '%PDF-1.4 test' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('outages and failures', () => {
  it('answers 503 with Retry-After while storage is unreachable and recovers without a restart', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const before = ctx.logs.length;
    const restore = breakStorage(ctx.storage, () => errnoError('ECONNREFUSED'));
    const down = await uploadTitle(token, client.caseId);
    restore();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('30');
    expect(down.json().message).toBe(UNAVAILABLE_MESSAGE);
    const errorId = down.json().error_id as string;
    expect(errorId).toMatch(/^[0-9a-f]{12}$/);
    const lines = ctx.logs.slice(before);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.error_id === errorId);
    expect(line).toMatchObject({ route: '/api/cases/:id/documents', code: 'ECONNREFUSED', kind: 'unavailable' });
    assertCleanLogs(lines, [client.email, token, sha256Hex(token)]);
    expect((await uploadTitle(token, client.caseId)).statusCode).toBe(201);
  });

  it('answers 507 with a Dutch message on a full disk, closes the connection and keeps no document', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const restore = breakStorage(ctx.storage, () => errnoError('ENOSPC'));
    const full = await uploadTitle(token, client.caseId);
    restore();
    expect(full.statusCode).toBe(507);
    expect(full.json().message).toBe(DISK_FULL_MESSAGE);
    expect(full.headers.connection).toBe('close');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${client.caseId}/documents`,
      headers: bearer(token),
    });
    expect(list.json().data.some((d: { title: string }) => d.title === 'Loonstrook')).toBe(false);
  });

  it('puts an error id in every 500 body, the same id as its log line, without the error text', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    // A new file for a document that exists: its route stores the file part itself, so the
    // storage failure reaches the error handler as it is.
    const created = await uploadTitle(token, client.caseId);
    expect(created.statusCode).toBe(201);
    const documentId = created.json().data.id as string;
    const before = ctx.logs.length;
    const restore = breakStorage(ctx.storage, () => new Error(`unexpected failure for ${client.email}`));
    const body = multipart({}, [{ filename: 'loonstrook.pdf', contentType: 'application/pdf', data: '%PDF-1.4 test' }]);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/upload`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    restore();
    expect(failed.statusCode).toBe(500);
    const errorId = failed.json().error_id as string;
    expect(errorId).toMatch(/^[0-9a-f]{12}$/);
    const lines = ctx.logs.slice(before);
    expect(lines.some((l) => l.includes(errorId) && l.includes('"level":50'))).toBe(true);
    assertCleanLogs(lines, [client.email, token]);
  });

  it('answers a storage failure in a whole-body upload with a 500 and an error id, not as a missing file', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const before = ctx.logs.length;
    const restore = breakStorage(ctx.storage, () => new Error(`unexpected failure for ${client.email}`));
    const failed = await uploadTitle(token, client.caseId);
    restore();
    expect(failed.statusCode).toBe(500);
    expect(failed.json().errors).toBeUndefined();
    const errorId = failed.json().error_id as string;
    expect(errorId).toMatch(/^[0-9a-f]{12}$/);
    assertCleanLogs(ctx.logs.slice(before), [client.email, token]);
    // A body without a file is still the sender's: 422 'Kies een bestand om te uploaden.'
    const empty = multipart({ title: 'Loonstrook' }, []);
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${client.caseId}/documents`,
      headers: { ...bearer(token), ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual(['Kies een bestand om te uploaden.']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${client.caseId}/documents`,
      headers: bearer(token),
    });
    expect(list.json().data.some((d: { title: string }) => d.title === 'Loonstrook')).toBe(false);
  });
});

/** A TCP proxy in front of PostgreSQL that can refuse connections and come back on the same port. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', close).on('close', close);
        upstream.on('error', close).on('close', close);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    down: async () => {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    up: listen,
  };
}

describe.skipIf(!process.env.DATABASE_URL)('database refusing connections (PostgreSQL)', () => {
  it('answers 503 with Retry-After on every request, logs no personal data, recovers without a restart', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'portal_outage');
    const proxy = await startProxy(target);
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = await openPostgres(url.toString(), { max: 4 });
    await ensureCatalogue(database.db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-outage-'));
    const logs: string[] = [];
    const logStream = new Writable({ write: (chunk: Buffer, _e, cb) => void (logs.push(chunk.toString()), cb()) });
    const config = testConfig({ dataDir, rateLimitPerMinute: 0, logLevel: 'info' });
    const clock = createFakeClock(new Date());
    const app = await buildApp({
      config,
      database,
      clock,
      storage: diskStorage(path.join(dataDir, 'files')),
      webRoot: null,
      logStream,
    });
    try {
      const email = 'outage-person@example.com';
      const userId = await createUser(database.db, { role: 'client', name: 'Olga', lastName: 'Uitval', email });
      const token = generateToken();
      await createToken(database.db, {
        userId,
        tokenHash: sha256Hex(token),
        now: clock.now(),
        ttlMs: config.tokenTtlMs,
      });

      await proxy.down();
      const requests = [
        app.inject({ method: 'POST', url: '/api/code', payload: { email } }),
        app.inject({ method: 'POST', url: '/api/token', payload: { email, code: 'ABCDEF' } }),
        app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
        app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload: { city: 'Zwolle' } }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('30');
        expect(response.json().message).toBe(UNAVAILABLE_MESSAGE);
      }
      const lines = logs.filter((l) => l.includes('"level":50'));
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const line of lines)
        expect(JSON.parse(line)).toMatchObject({ error_id: expect.any(String), route: expect.any(String) });
      assertCleanLogs(logs, [email, token, sha256Hex(token)]);

      await proxy.up();
      const back = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(back.statusCode).toBe(200);
    } finally {
      await proxy.up().catch(() => undefined);
      await app.close();
      await database.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 with Retry-After while the database refuses connections (55000, 57P01), both drivers', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'portal_closed');
    const name = new URL(scratch.url).pathname.slice(1);
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const database = await openPostgres(scratch.url, { max: 4 });
    await ensureCatalogue(database.db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-closed-'));
    const config = testConfig({ dataDir, rateLimitPerMinute: 0 });
    const clock = createFakeClock(new Date());
    const app = await buildApp({
      config,
      database,
      clock,
      storage: diskStorage(path.join(dataDir, 'files')),
      webRoot: null,
      logStream: new Writable({ write: (_c, _e, cb) => cb() }),
    });
    try {
      const email = 'closed-database@example.com';
      const userId = await createUser(database.db, { role: 'client', name: 'Cor', lastName: 'Dicht', email });
      const token = generateToken();
      await createToken(database.db, {
        userId,
        tokenHash: sha256Hex(token),
        now: clock.now(),
        ttlMs: config.tokenTtlMs,
      });
      expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);

      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      // Twice: the first round meets the ended sessions (57P01), the second the refused new ones (55000).
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all([
          // the token check and the user in one prepared statement
          app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
          // a drizzle transaction
          app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload: { city: 'Zwolle' } }),
          app.inject({ method: 'POST', url: '/api/code', payload: { email } }),
          app.inject({ method: 'GET', url: '/readyz' }),
        ]);
        for (const response of answers) {
          expect(response.statusCode, response.body).toBe(503);
          if (response.json().message) {
            expect(response.headers['retry-after']).toBe('30');
            expect(response.json().message).toBe(UNAVAILABLE_MESSAGE);
          }
        }
      }

      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await app.close();
      await database.close().catch(() => undefined);
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
