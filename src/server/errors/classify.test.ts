import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import postgresJs from 'postgres';
import pg from 'pg';
import { sql as raw } from 'drizzle-orm';
import { openTestDatabase } from '../testing/harness';
import { classifyFailure, isClientAbort, isMultipartLimit, isRefusedConnection } from './classify';

/**
 * The hot statements run on postgres.js (db/client.ts, decision 027): its own connection
 * errors, produced here by the real driver against peers that misbehave, are outages (503).
 */
describe('postgres.js connection failures', () => {
  let silent: net.Server; // accepts and never answers
  let hangUp: net.Server; // lets the client in (trust), then closes on its first query
  const sockets = new Set<net.Socket>();
  const listen = async (onConnection: (socket: net.Socket) => void) => {
    const server = net.createServer((socket) => {
      sockets.add(socket);
      onConnection(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  };
  const url = (server: net.Server) => `postgres://portal@127.0.0.1:${(server.address() as net.AddressInfo).port}/portal`;
  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected the query to fail');
  };

  beforeAll(async () => {
    silent = await listen(() => undefined);
    // AuthenticationOk and ReadyForQuery after the startup message, then a hang-up mid-query.
    const ready = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
    hangUp = await listen((socket) => {
      let messages = 0;
      socket.on('data', () => (++messages === 1 ? socket.write(ready) : socket.destroy()));
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all([silent, hangUp].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('CONNECT_TIMEOUT: a server that never answers', async () => {
    const sql = postgresJs(url(silent), { connect_timeout: 0.2, max: 1 });
    const error = await failure(() => sql`SELECT 1`);
    expect(error).toMatchObject({ code: 'CONNECT_TIMEOUT' });
    expect(classifyFailure(error)).toBe('unavailable');
    await sql.end({ timeout: 0 });
  });

  it('CONNECTION_CLOSED: a server that hangs up during a query', async () => {
    const sql = postgresJs(url(hangUp), { connect_timeout: 2, max: 1, fetch_types: false });
    const error = await failure(() => sql`SELECT 1`);
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(classifyFailure(error)).toBe('unavailable');
    await sql.end({ timeout: 0 });
  });

  it('CONNECTION_DESTROYED and CONNECTION_ENDED: a query cut off by closing, and one after it', async () => {
    const sql = postgresJs(url(silent), { connect_timeout: 5, max: 1 });
    const connected = new Promise((resolve) => silent.once('connection', resolve));
    const pending = failure(() => sql`SELECT 1`);
    await connected; // the query waits on an open connection
    await sql.end({ timeout: 0 });
    const destroyed = await pending;
    expect(destroyed).toMatchObject({ code: 'CONNECTION_DESTROYED' });
    expect(classifyFailure(destroyed)).toBe('unavailable');
    const ended = await failure(() => sql`SELECT 1`);
    expect(ended).toMatchObject({ code: 'CONNECTION_ENDED' });
    expect(classifyFailure(ended)).toBe('unavailable');
  });
});

describe('isClientAbort', () => {
  const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  it('is a reset or premature close while the body is incomplete and the connection gone', () => {
    expect(isClientAbort(reset, { complete: false, destroyed: true })).toBe(true);
    expect(isClientAbort(new Error('Premature close'), { complete: false, socket: { destroyed: true } })).toBe(true);
    expect(isClientAbort(new Error('x', { cause: reset }), { aborted: true })).toBe(true);
  });
  it('is not one when the body had arrived or the connection is alive: a reset from the database is an outage', () => {
    expect(isClientAbort(reset, { complete: true, destroyed: true })).toBe(false);
    expect(isClientAbort(reset, { complete: false, destroyed: false, socket: { destroyed: false } })).toBe(false);
    expect(isClientAbort(new Error('boom'), { complete: false, destroyed: true })).toBe(false);
  });
});

describe('isMultipartLimit', () => {
  it('is the count limits of @fastify/multipart, not a file too large', () => {
    for (const code of ['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT']) expect(isMultipartLimit(Object.assign(new Error('limit'), { code, statusCode: 413 }))).toBe(true);
    expect(isMultipartLimit(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }))).toBe(false);
  });
});

/** SQLSTATEs of a database that refuses or drops connections: outages (503 with Retry-After), from every driver. */
const REFUSALS = ['55000', '53300', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '08P01', '3D000', '28000', '28P01'];
/** Look-alikes that are no outage: lock not available, query cancelled, undefined table, a wrong uuid. */
const NOT_REFUSALS = ['55P03', '57014', '42P01', '22P02', '53200'];
const raise = (code: string) => `DO $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '${code}'; END $$`;
const caught = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
};

describe('a database refusing connections', () => {
  it('knows the refusal codes and nothing else', () => {
    for (const code of REFUSALS) expect(isRefusedConnection(code), code).toBe(true);
    for (const code of NOT_REFUSALS) expect(isRefusedConnection(code), code).toBe(false);
  });

  it('maps the errors of the test database (PGlite, or PostgreSQL through pg) as Drizzle wraps them to unavailable, and look-alikes not', async () => {
    const database = await openTestDatabase();
    try {
      for (const code of [...REFUSALS, ...NOT_REFUSALS]) {
        const error = await caught(() => database.db.execute(raw.raw(raise(code))));
        expect((error as { cause?: unknown }).cause, code).toMatchObject({ code });
        expect(classifyFailure(error), code).toBe(REFUSALS.includes(code) ? 'unavailable' : null);
      }
    } finally {
      await database.close();
    }
  });

  it('maps error objects of pg and postgres.js with these codes to unavailable', () => {
    for (const code of REFUSALS) {
      const fromPg = Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code });
      const fromPostgresJs = new postgresJs.PostgresError({ code, message: 'refused' } as unknown as string);
      expect(classifyFailure(fromPg), code).toBe('unavailable');
      expect(classifyFailure(fromPostgresJs), code).toBe('unavailable');
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('maps what pg and postgres.js raise on a real PostgreSQL', async () => {
    const url = process.env.DATABASE_URL!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const sql = postgresJs(url, { max: 1, onnotice: () => undefined });
    try {
      for (const code of [...REFUSALS, ...NOT_REFUSALS]) {
        const expected = REFUSALS.includes(code) ? 'unavailable' : null;
        const fromPg = await caught(() => client.query(raise(code)));
        expect(fromPg).toBeInstanceOf(pg.DatabaseError);
        expect(classifyFailure(fromPg), `pg ${code}`).toBe(expected);
        const fromPostgresJs = await caught(() => sql.unsafe(raise(code)));
        expect(fromPostgresJs).toBeInstanceOf(postgresJs.PostgresError);
        expect(classifyFailure(fromPostgresJs), `postgres.js ${code}`).toBe(expected);
      }
      // A database that does not exist: 3D000 from both drivers at connect time.
      const missing = new URL(url);
      missing.pathname = '/portal_no_such_database';
      const pgMissing = new pg.Client({ connectionString: missing.toString() });
      const noDb = await caught(() => pgMissing.connect());
      expect(noDb).toMatchObject({ code: '3D000' });
      expect(classifyFailure(noDb)).toBe('unavailable');
      const sqlMissing = postgresJs(missing.toString(), { max: 1 });
      const noDbJs = await caught(() => sqlMissing`SELECT 1`);
      expect(noDbJs).toMatchObject({ code: '3D000' });
      expect(classifyFailure(noDbJs)).toBe('unavailable');
      await sqlMissing.end();
    } finally {
      await client.end();
      await sql.end();
    }
  });
});
