import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { sql as raw } from 'drizzle-orm';
import { openTestDatabase } from '../testing/harness';
import { classifyFailure, isClientAbort, isMultipartLimit, isRefusedConnection } from './classify';

/**
 * Every query runs on node-postgres (db/client.ts): its connection errors, produced here by the
 * real driver against peers that misbehave, are outages (503).
 */
describe('node-postgres connection failures', () => {
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
  const url = (server: net.Server) =>
    `postgres://portal@127.0.0.1:${(server.address() as net.AddressInfo).port}/portal`;
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

  it('a server that never answers: the connection times out', async () => {
    const pool = new pg.Pool({ connectionString: url(silent), max: 1, connectionTimeoutMillis: 200 });
    const error = await failure(() => pool.query('SELECT 1'));
    expect(classifyFailure(error)).toBe('unavailable');
    await pool.end();
  });

  it('a server that hangs up during a query, a named one too', async () => {
    for (const query of [{ text: 'SELECT 1' }, { name: 'portal_test_hang_up', text: 'SELECT $1::int', values: [1] }]) {
      const pool = new pg.Pool({ connectionString: url(hangUp), max: 1, connectionTimeoutMillis: 2_000 });
      pool.on('error', () => undefined);
      const error = await failure(() => pool.query(query));
      expect(classifyFailure(error)).toBe('unavailable');
      await pool.end();
    }
  });

  it('a query after the pool was ended', async () => {
    const pool = new pg.Pool({ connectionString: url(silent), max: 1 });
    await pool.end();
    const error = await failure(() => pool.query('SELECT 1'));
    expect(classifyFailure(error)).toBe('unavailable');
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
    for (const code of ['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT'])
      expect(isMultipartLimit(Object.assign(new Error('limit'), { code, statusCode: 413 }))).toBe(true);
    expect(
      isMultipartLimit(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 })),
    ).toBe(false);
  });
});

/** SQLSTATEs of a database that refuses or drops connections: outages (503 with Retry-After), from every driver. */
const REFUSALS = [
  '55000',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '3D000',
  '28000',
  '28P01',
];
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

  it('maps test database errors (PGlite, PostgreSQL via pg) in Drizzle to unavailable, not look-alikes', async () => {
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

  it('maps error objects of pg with these codes to unavailable', () => {
    for (const code of REFUSALS) {
      const fromPg = Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code });
      expect(classifyFailure(fromPg), code).toBe('unavailable');
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('maps what pg raises on a real PostgreSQL', async () => {
    const url = process.env.DATABASE_URL!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const code of [...REFUSALS, ...NOT_REFUSALS]) {
        const expected = REFUSALS.includes(code) ? 'unavailable' : null;
        const fromPg = await caught(() => client.query(raise(code)));
        expect(fromPg).toBeInstanceOf(pg.DatabaseError);
        expect(classifyFailure(fromPg), `pg ${code}`).toBe(expected);
      }
      // A database that does not exist: 3D000 at connect time.
      const missing = new URL(url);
      missing.pathname = '/portal_no_such_database';
      const pgMissing = new pg.Client({ connectionString: missing.toString() });
      const noDb = await caught(() => pgMissing.connect());
      expect(noDb).toMatchObject({ code: '3D000' });
      expect(classifyFailure(noDb)).toBe('unavailable');
    } finally {
      await client.end();
    }
  });
});
