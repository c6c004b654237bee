import { mkdirSync, openSync, closeSync, readFileSync, writeSync, unlinkSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this database had no tables before the migrations ran. */
  fresh: boolean;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

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

/** Embedded PGlite under `dataDir/db` (or in memory when dataDir is null), migrated. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    release = acquireDirectoryLock(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'db'));
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create();
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
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** A node-postgres pool on DATABASE_URL, migrated (migrations take an advisory lock). */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // idle client errors are surfaced by the next query and /readyz
  });
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
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
