import type { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '../db/client';

/**
 * Embedded test databases, kept for the next test file of the same process.
 *
 * Starting PGlite from the migrated template costs most of a server test file's set-up (about
 * 0.9 s of CPU: the WebAssembly module, the backend's start, the tarball). The files of a Vitest
 * fork run one after the other and share this module, so a database a file has closed is emptied
 * and handed to the next file instead: every table truncated (sequences restarted), then
 * `DISCARD ALL` (prepared statements, LISTENs, session settings, advisory locks, temporary
 * tables). Before it is handed out again, a fingerprint of its schema, roles, extensions,
 * sequences and migration history must equal the template's; otherwise (a file changed the
 * schema, left a transaction open, or the reset failed) it is closed and the next file gets a
 * new one. A file that never closes its database never gives it back; at most `KEEP` are kept.
 *
 * Each file gets its own `Database` on the kept backend: its own drizzle instance and its own
 * hot-path runner (which parses its named statements again: `DISCARD ALL` dropped them). After
 * `close()` that `Database` refuses every call, as a closed PGlite does, so an app a file leaves
 * running cannot reach the next file's data.
 */
type Kept = { base: Database; client: PGlite; fingerprint: string };

const kept: Kept[] = [];
/** Files open one database at a time, a few several: more kept backends would only hold memory. */
const KEEP = 2;

/** Everything a test file could change that a data reset does not put back; rows are emptied. */
const FINGERPRINT = `
WITH own AS (
  SELECT oid, nspname FROM pg_namespace
  WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%'
    AND nspname NOT LIKE 'pg\\_temp%'
), facts(line) AS (
  SELECT concat_ws(' ', 'schema', nspname) FROM own
  UNION ALL SELECT concat_ws(' ', 'relation', c.oid::regclass, c.relkind, c.relrowsecurity, c.relpersistence)
    FROM pg_class c JOIN own ON own.oid = c.relnamespace
  UNION ALL SELECT concat_ws(' ', 'column', a.attrelid::regclass, a.attnum, a.attname,
      format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN own ON own.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0
  UNION ALL SELECT concat_ws(' ', 'constraint', k.conrelid::regclass, k.conname, pg_get_constraintdef(k.oid))
    FROM pg_constraint k JOIN own ON own.oid = k.connamespace
  UNION ALL SELECT concat_ws(' ', 'index', indexdef) FROM pg_indexes WHERE schemaname IN (SELECT nspname FROM own)
  UNION ALL SELECT concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid), t.tgenabled) FROM pg_trigger t
    WHERE NOT t.tgisinternal
  UNION ALL SELECT concat_ws(' ', 'function', p.oid::regprocedure, md5(p.prosrc))
    FROM pg_proc p JOIN own ON own.oid = p.pronamespace
  UNION ALL SELECT concat_ws(' ', 'view', c.oid::regclass, md5(pg_get_viewdef(c.oid)))
    FROM pg_class c JOIN own ON own.oid = c.relnamespace WHERE c.relkind IN ('v', 'm')
  UNION ALL SELECT concat_ws(' ', 'type', t.oid::regtype, t.typtype) FROM pg_type t JOIN own ON own.oid = t.typnamespace
  UNION ALL SELECT concat_ws(' ', 'enum', e.enumtypid::regtype, e.enumsortorder, e.enumlabel) FROM pg_enum e
  UNION ALL SELECT concat_ws(' ', 'policy', polrelid::regclass, polname) FROM pg_policy
  UNION ALL SELECT concat_ws(' ', 'rule', schemaname, tablename, rulename) FROM pg_rules
  UNION ALL SELECT concat_ws(' ', 'extension', extname, extversion) FROM pg_extension
  UNION ALL SELECT concat_ws(' ', 'role', rolname, rolsuper, rolcanlogin) FROM pg_roles
  UNION ALL SELECT concat_ws(' ', 'database', datname, datallowconn) FROM pg_database
  UNION ALL SELECT concat_ws(' ', 'setting', setdatabase, setrole, array_to_string(setconfig, ','))
    FROM pg_db_role_setting
  UNION ALL SELECT concat_ws(' ', 'sequence', schemaname, sequencename, last_value) FROM pg_sequences
  UNION ALL SELECT concat_ws(' ', 'large objects', count(*)) FROM pg_largeobject_metadata
  UNION ALL SELECT concat_ws(' ', 'migration', hash, created_at) FROM drizzle.__drizzle_migrations
)
SELECT md5(string_agg(line, E'\\n' ORDER BY line)) AS fingerprint FROM facts`;

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** Empties every table but the migration history and resets the session; throws when it cannot. */
async function reset(client: PGlite): Promise<void> {
  if (client.closed || client.isInTransaction()) throw new Error('The test database is closed or in a transaction');
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
       AND (schemaname, tablename) <> ('drizzle', '__drizzle_migrations')`,
  );
  if (rows.length > 0) await client.exec(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`);
  // Not in a transaction block (DISCARD ALL refuses one): a statement of its own.
  await client.exec('DISCARD ALL');
}

/**
 * A test file's own `Database` on a kept backend: the calls go through a guard that refuses them
 * once the file has closed it, and `close()` hands the backend back instead of ending it.
 */
function lease(entry: Kept): Database {
  let open = true;
  const client = new Proxy(entry.client, {
    get(target, key) {
      if (!open) throw new Error('PGlite is closed (this test database was closed)');
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' && key !== 'constructor'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  const stops = new Set<() => Promise<void>>();
  const close = async () => {
    if (!open) return;
    open = false;
    try {
      for (const stop of [...stops]) await stop();
      await reset(entry.client);
      if (kept.length >= KEEP) throw new Error('Enough test databases are kept');
      if ((await fingerprintOf(entry.client)) !== entry.fingerprint) throw new Error('The schema changed');
      kept.push(entry);
    } catch {
      await entry.client.close().catch(() => undefined);
    }
  };
  return {
    ...pgliteDatabase(client, { fresh: entry.base.fresh, close }),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => {
        if (open) onNotify();
      });
      const stop = async () => {
        stops.delete(stop);
        if (!entry.client.closed) await unlisten();
      };
      stops.add(stop);
      return stop;
    },
  };
}

/**
 * An empty, migrated embedded database for a test file: one a file before it closed (emptied),
 * or a new one from `open` (PGlite from the template, through `openPglite`).
 */
export async function keptPglite(open: () => Promise<Database>): Promise<Database> {
  let entry = kept.pop();
  if (!entry) {
    const base = await open();
    const client = (base.db as unknown as { $client: PGlite }).$client;
    entry = { base, client, fingerprint: await fingerprintOf(client) };
  }
  return lease(entry);
}
