import { mkdirSync, openSync, closeSync, readFileSync, writeSync, unlinkSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as pgliteParse, PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import postgresJs from 'postgres';
import * as schema from './schema';
import { bindStatement, type Statement } from './prepared';
import { classifyFailure } from '../errors/classify';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this database had no tables before the migrations ran. */
  fresh: boolean;
  ping: () => Promise<void>;
  /**
   * Runs a statement of the hot path (db/prepared.ts) with the values of its placeholders, as
   * a named prepared statement: parsed and planned once per connection (on PostgreSQL over a
   * pool of its own whose connections make generic plans, `openPostgres`); an unnamed one is
   * planned for its values. Outside any transaction. Rows as the driver types them
   * (timestamps as Date, json parsed).
   */
  run: <T>(statement: Statement, values: Readonly<Record<string, unknown>>) => Promise<T[]>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered at commit). PostgreSQL: one
   * dedicated connection, reconnected after an error; PGlite: in-process. Resolves to a stop function.
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** The embedded database's files as a tarball (tests load a migrated one as their template); absent for PostgreSQL. */
  dump?: () => Promise<Blob>;
  /**
   * Connections of the PostgreSQL pools (for /metrics): `main` for queries and transactions,
   * `hot` for the named statements of `run`. Absent for the embedded database.
   */
  poolStats?: () => Record<'main' | 'hot', PoolStats>;
};

/**
 * A pool's connections. `total` and `idle` are null for the hot pool: postgres.js keeps no
 * counts, so its queries in flight stand for connections in use (up to `max`) and waiting.
 */
export type PoolStats = { total: number | null; idle: number | null; inUse: number; waiting: number; max: number };

export class DatabaseLockedError extends Error {}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Committed SQL migrations; found from the source tree and from the bundled dist/server. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../src/server/db/migrations')];
  for (const candidate of candidates) {
    try {
      readFileSync(path.join(candidate, 'meta', '_journal.json'));
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An exclusive lock file so a second process gets a clear error instead of a corrupted directory. */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ' (probably the running server)'}. ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server, which allows this at any time.',
        );
      }
      unlinkSync(file); // stale lock of a process that is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

async function hasTables(run: (q: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const result = await run("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'");
  return result.rows.length > 0;
}

/** Extensions the migrations create (pg_trgm: trigram index of the case search, migration 0003). */
const extensions = { pg_trgm };

/**
 * Embedded PGlite under `dataDir/db` (or in memory when dataDir is null), migrated. An in-memory
 * database may start from `loadDataDir`, a tarball made by `dump()`, which skips initdb.
 */
export async function openPglite(dataDir: string | null, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    release = acquireDirectoryLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'db'), { extensions });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  const existed = await hasTables((q) => client.query(q));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    fresh: !existed,
    ping: async () => {
      await client.query('SELECT 1');
    },
    run: pgliteRunner(client),
    listen: async (channel, onNotify) => client.listen(channel, () => onNotify()),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** The plan cache mode of the named statements of `Database.run`, on both databases. */
const GENERIC_PLANS = 'force_generic_plan';

/** A value as PGlite's bind message takes it: text (the backend parses it by the parameter's type). */
function pgliteValue(value: unknown): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * `Database.run` on PGlite: ONE call into the embedded backend per statement (Parse only the
 * first time, then Bind, Describe, Execute, Sync), where `PGlite.query` makes six and parses
 * and plans every time. Waits for a running transaction like `query` does.
 *
 * A named statement is planned generically, as on PostgreSQL's hot pool (decision 023): PGlite
 * has one session, shared with drizzle's queries and the searches, which must keep PostgreSQL's
 * own choice, so the same call first runs `set_config('plan_cache_mode', 'force_generic_plan',
 * true)`: local to the implicit transaction that the Sync ends, so nothing after it sees the
 * setting, also when the statement fails. Without it PostgreSQL planned the case list afresh
 * for every request: half of its CPU on PGlite (decision 023, PGlite addendum).
 */
function pgliteRunner(client: PGlite) {
  const parsed = new Set<string>();
  const { serialize } = protocol;
  const sync = serialize.sync();
  // SET LOCAL as a function: it lasts until the Sync ends the implicit transaction (also when the
  // statement fails), and as a prepared statement of its own it is parsed once.
  const setter = 'portal_generic_plans';
  const setterText = `SELECT set_config('plan_cache_mode', '${GENERIC_PLANS}', true)`;
  const setGeneric = [serialize.bind({ statement: setter, values: [] }), serialize.describe({ type: 'P' }), serialize.execute({})];
  return async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
    const { name } = statement;
    const bound = bindStatement(statement, values).map(pgliteValue);
    // What to parse is decided once the backend is ours: two requests that meet a new statement
    // at the same moment must not both send its Parse (the second failed with "prepared
    // statement already exists", a 500).
    const { messages } = await client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const parts: Uint8Array[] = [];
        const parsingSetter = Boolean(name) && !parsed.has(setter);
        if (parsingSetter) parts.push(serialize.parse({ name: setter, text: setterText }));
        if (name) parts.push(...setGeneric);
        const parsing = !name || !parsed.has(name);
        if (parsing) parts.push(serialize.parse({ name: name ?? '', text: statement.text }));
        parts.push(serialize.bind({ statement: name ?? '', values: bound }), serialize.describe({ type: 'P' }), serialize.execute({}), sync);
        const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
        let offset = 0;
        for (const part of parts) {
          message.set(part, offset);
          offset += part.length;
        }
        const result = await client.execProtocol(message, { throwOnError: false });
        // A statement parsed before a later message failed still exists in the backend: remember it.
        // The backend answers in order, so the first ParseComplete is the setter's when it was sent.
        const parses = result.messages.filter((m) => m.name === 'parseComplete').length;
        if (parsingSetter && parses >= 1) parsed.add(setter);
        if (name && parsing && parses >= (parsingSetter ? 2 : 1)) parsed.add(name);
        return result;
      }),
    );
    const error = messages.find((m) => m.name === 'error');
    if (error) throw error;
    // After the setter's result comes the statement's.
    return (pgliteParse.parseResults(messages, client.parsers)[name ? 1 : 0]?.rows ?? []) as T[];
  };
}

/** Connections of the main pool unless `openPostgres` is told otherwise. */
export const POOL_MAX = 10;

/** A node-postgres pool that survives backends going away: each error fails only the query it hits (503), and the pool replaces the connection. */
function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5_000, ...config });
  pool.on('error', () => {
    // idle client errors are surfaced by the next query and /readyz
  });
  // A checked-out client between two queries (inside a transaction) has no listener of the
  // pool's: a backend terminated then (failover, `pg_ctl stop`) would be an uncaught 'error'
  // event that ends the process. The next query on it fails instead (503), and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

const statsOf = (pool: pg.Pool): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 0 });

/**
 * The pools on DATABASE_URL, migrated (migrations take an advisory lock): node-postgres with
 * `max` connections (POOL_MAX) for queries and transactions, and `hotMax` (half of `max`,
 * rounded up) for the named statements of `Database.run` (`hotRunner`).
 */
export async function openPostgres(url: string, options: { max?: number; hotMax?: number } = {}): Promise<Database> {
  const max = options.max ?? POOL_MAX;
  const pool = resilientPool({ connectionString: url, max });
  const hot = hotRunner(url, options.hotMax ?? Math.ceil(max / 2));
  const client = await pool.connect();
  let existed: boolean;
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    existed = await hasTables((q) => client.query(q));
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    fresh: !existed,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    run: async <T>(statement: Statement, values: Readonly<Record<string, unknown>>) => {
      if (statement.name) return hot.run<T>(statement, values);
      // Unnamed: planned for its values, so not on the generic-plan connections.
      const result = await pool.query({ text: statement.text, values: bindStatement(statement, values) });
      return result.rows as T[];
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: async () => {
      await Promise.all([pool.end(), hot.end()]);
    },
    poolStats: () => ({ main: statsOf(pool), hot: hot.stats() }),
  };
}

/**
 * Where postgres.js connects, read from DATABASE_URL as node-postgres (and libpq) read it: the
 * `host` and `port` query parameters, above all `?host=/var/run/postgresql` for a server on the
 * same machine reached through its Unix socket, become postgres.js's options. postgres.js reads
 * neither from the query: it would send them to the server as settings, which refuses them
 * ("unrecognized configuration parameter host"), and every hot statement would fail while the
 * main pool worked. Any other URL is passed on as it is.
 */
export function postgresJsAddress(url: string): { url: string; host?: string; port?: number } {
  const query = url.indexOf('?');
  if (query === -1) return { url };
  const params = new URLSearchParams(url.slice(query + 1));
  const host = params.get('host');
  const port = params.get('port');
  if (host === null && port === null) return { url };
  params.delete('host');
  params.delete('port');
  const rest = params.toString();
  return { url: url.slice(0, query) + (rest ? `?${rest}` : ''), ...(host ? { host } : {}), ...(port ? { port: Number(port) } : {}) };
}

/**
 * How many hot statements one connection of the hot path carries in flight (pipelined) before
 * the next connection is used. One backend answers a hot statement in well under 0.1 ms of CPU,
 * faster than the server's one thread makes the requests that send them, so sixteen queue for
 * at most about a millisecond (decision 031).
 */
export const HOT_LANE_FILL = 16;

/**
 * The named statements of `Database.run` on PostgreSQL: postgres.js (decision 027) on up to
 * `lanes` connections that start with `plan_cache_mode = force_generic_plan`, so each statement
 * is parsed and planned once per connection and its plan is a generic one (decision 023,
 * addendum); only these connections force generic plans. Unlike node-postgres, postgres.js
 * sends a prepared statement's Bind, Execute and Sync without asking for its row description
 * again, and gathers the messages of one turn of the event loop into one write per connection.
 *
 * Each lane is a postgres.js instance of ONE connection, and a statement goes to the first lane
 * with fewer than HOT_LANE_FILL statements in flight (else to the least busy): the requests of
 * one turn of the event loop share one write to PostgreSQL, one backend's wake-up and its
 * answers in one read, where postgres.js's own pool would hand each to another idle connection
 * (decision 031). The other lanes open only when the first is that busy, so a slow statement
 * or a busy backend does not hold up the rest. A connection that fails fails only the queries
 * on it (503, errors/classify.ts) and is opened again by the next query.
 */
function hotRunner(url: string, lanes: number) {
  const { url: hotUrl, ...where } = postgresJsAddress(url);
  const open = () =>
    postgresJs(hotUrl, {
      ...where,
      max: 1,
      connect_timeout: 5,
      idle_timeout: 30,
      // As `options` (like node-postgres did), the startup parameter a pooler in between must pass (README).
      connection: { options: `-c plan_cache_mode=${GENERIC_PLANS}`, application_name: 'portal-hot' },
      onnotice: () => undefined,
    });
  const pool = Array.from({ length: Math.max(1, lanes) }, () => ({ sql: open(), inFlight: 0 }));
  const pick = () => {
    let least = pool[0]!;
    for (const lane of pool) {
      if (lane.inFlight < HOT_LANE_FILL) return lane;
      if (lane.inFlight < least.inFlight) least = lane;
    }
    return least;
  };
  return {
    run: async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
      const lane = pick();
      const { sql } = lane;
      lane.inFlight++;
      try {
        return (await sql.unsafe(statement.text, bindStatement(statement, values) as postgresJs.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[];
      } catch (error) {
        // A lane whose connection failed gets a new postgres.js instance. postgres.js (3.4.9)
        // keeps an error the server sent as the connection closed (57P01 at a shutdown) and
        // fails the first statement after it connects again with it; a new instance also
        // connects at once instead of after the instance's growing back-off.
        if (lane.sql === sql && classifyFailure(error) === 'unavailable') {
          lane.sql = open();
          void sql.end({ timeout: 0 }).catch(() => undefined);
        }
        throw error;
      } finally {
        lane.inFlight--;
      }
    },
    /**
     * postgres.js keeps no pool counts: a lane with statements in flight is a connection in use,
     * and the statements beyond one per such lane wait in its pipeline.
     */
    stats: (): PoolStats => {
      const busy = pool.filter((lane) => lane.inFlight > 0);
      const inFlight = busy.reduce((n, lane) => n + lane.inFlight, 0);
      return { total: null, idle: null, inUse: busy.length, waiting: inFlight - busy.length, max: pool.length };
    },
    end: async () => {
      await Promise.all(pool.map((lane) => lane.sql.end({ timeout: 5 })));
    },
  };
}

/** LISTEN on a connection of its own, reconnecting after a second when it drops (polling covers the gap). */
async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    client.on('error', () => {
      if (current === client) current = null;
      void client.end().catch(() => undefined);
      schedule();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    onNotify(); // anything written while we were not listening
  };
  function schedule() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => schedule());
    }, 1_000);
    retry.unref();
  }
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
