import { mkdirSync, openSync, closeSync, readFileSync, writeSync, unlinkSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { statementRunner, type StatementRunner } from './prepared';

/**
 * The database, and one of its transactions too: a drizzle transaction is a database of its own,
 * so every query function takes a `Db` and runs inside or outside a transaction without a cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this database had no tables before the migrations ran. */
  fresh: boolean;
  ping: () => Promise<void>;
  /**
   * Runs a prepared statement (db/prepared.ts, docs/performance.md) with the values of its
   * placeholders: a named one is parsed once per connection; an unnamed one is planned for its
   * values. Outside any transaction. Rows with json parsed and timestamps as text.
   */
  run: StatementRunner;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered at commit). PostgreSQL: one
   * dedicated connection, reconnected after an error; PGlite: in-process. Resolves to a stop function.
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * The embedded database's files as a tarball (tests load a migrated one as their template); absent for PostgreSQL.
   */
  dump?: () => Promise<Blob>;
  /** Connections of the PostgreSQL pool (for /metrics). Absent for the embedded database. */
  poolStats?: () => PoolStats;
};

/** A pool's connections (node-postgres's counts; `waiting`: queries waiting for a connection). */
export type PoolStats = { total: number | null; idle: number | null; inUse: number; waiting: number; max: number };

export class DatabaseLockedError extends Error {}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Committed SQL migrations; found from the source tree and from the bundled dist/server. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../src/server/infra/db/migrations')];
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
          `The embedded database in ${dir} is in use by ` +
            `process ${pid}${pid === process.pid ? ' (this process)' : ' (probably the running server)'}. ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server, which allows this at any time.',
        );
      }
      unlinkSync(file); // stale lock of a process that is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dir}`);
}

async function hasTables(run: (q: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const result = await run(
    "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
  );
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
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  return pgliteDatabase(client, {
    fresh: !existed,
    close: async () => {
      await client.close();
      release();
    },
  });
}

/**
 * The `Database` on a PGlite client that is already migrated; `close` ends it (the tests' kept
 * databases hand the backend on instead, src/server/infra/testing/pglite-pool.ts).
 */
export function pgliteDatabase(client: PGlite, options: { fresh: boolean; close: () => Promise<void> }): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    fresh: options.fresh,
    ping: async () => {
      await client.query('SELECT 1');
    },
    run: statementRunner(db),
    listen: async (channel, onNotify) => client.listen(channel, () => onNotify()),
    dump: () => client.dumpDataDir('none'),
    close: options.close,
  };
}

/** Connections of the main pool unless `openPostgres` is told otherwise. */
export const POOL_MAX = 10;

/**
 * A node-postgres pool that survives backends going away: each error fails only the query it hits (503), and the pool
 * replaces the connection.
 */
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

const statsOf = (pool: pg.Pool): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  inUse: pool.totalCount - pool.idleCount,
  waiting: pool.waitingCount,
  max: pool.options.max ?? 0,
});

/**
 * The connections on DATABASE_URL, migrated (migrations take an advisory lock): one node-postgres
 * pool of `max` (POOL_MAX) for queries, transactions and the prepared statements of `run`.
 */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const max = options.max ?? POOL_MAX;
  const pool = resilientPool({ connectionString: url, max });
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
    run: statementRunner(db),
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: async () => {
      await pool.end();
    },
    poolStats: () => statsOf(pool),
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
