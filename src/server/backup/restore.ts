import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import tar from 'tar-stream';
import type { Config } from '../config/config';
import { acquireDirectoryLock, migrationsFolder, openDatabase, type Db } from '../db/client';
import * as schema from '../db/schema';
import { queryRows } from '../db/sql';
import { assertKey, type Storage } from '../storage/storage';
import { openStorage } from '../storage/open';
import { BackupKeyError, DamagedArchiveError, decryptStream, isEncrypted } from './crypto';
import { MANIFEST_ENTRY, SECRET_ENTRY, journal, type Manifest } from './format';
import { appliedSchema, listTables } from './backup';

/** A restore that must not go ahead; nothing was changed. The CLI prints the message and exits with 1. */
export class RestoreRefusedError extends Error {}

export type RestoreResult = {
  restored: string;
  database: 'pglite' | 'postgres';
  schema_from: string | null;
  schema_to: string | null;
  tables: number;
  rows: number;
  files: number;
  /** S3 archives without the files: keys of the bucket's manifest that the bucket does not hold. */
  bucket_missing: number | null;
  app_secret: 'restored' | 'kept' | 'none';
};

type Entry = { name: string; size: number; stream: AsyncIterable<Buffer> };

/** The archive's entries in order, decrypted (with `key`) and unpacked; any damage throws. */
export async function* entriesOf(file: string, key: string | undefined): AsyncGenerator<Entry> {
  const extract = tar.extract();
  const stages: Transform[] = [];
  if (await encrypted(file)) {
    if (!key) throw new RestoreRefusedError('The archive is encrypted: set BACKUP_KEY to the key it was made with.');
    stages.push(decryptStream(key));
  }
  const done = pipeline(createReadStream(file), ...(stages as []), createGunzip(), extract as unknown as Transform);
  let failure: unknown = null;
  done.catch((error: unknown) => {
    failure = error;
    extract.destroy(error as Error);
  });
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream: entry as AsyncIterable<Buffer> };
      entry.resume();
    }
    await done;
  } catch (error) {
    throw failure ?? error;
  }
}

async function encrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    return isEncrypted(head);
  } finally {
    await handle.close();
  }
}

const refusal = (error: unknown): Error => {
  if (error instanceof RestoreRefusedError) return error;
  if (error instanceof BackupKeyError) return new RestoreRefusedError(error.message);
  if (error instanceof DamagedArchiveError) return new RestoreRefusedError(error.message);
  const e = error as { code?: string; message?: string };
  if (e?.code === 'ENOENT') return new RestoreRefusedError('The archive does not exist.');
  return new RestoreRefusedError(
    `The archive is damaged or incomplete (${e?.code ?? e?.message ?? 'unreadable'}); nothing was restored.`,
  );
};

/**
 * Reads the whole archive once and checks it against its manifest: every database entry's
 * SHA-256 and row count, every file's size and SHA-256, nothing missing, nothing extra.
 * Returns the manifest and the saved APP_SECRET, or throws RestoreRefusedError.
 */
export async function verifyArchive(
  file: string,
  key: string | undefined,
): Promise<{ manifest: Manifest; secret: string | null }> {
  const seen = new Map<string, { sha256: string; size: number; lines: number }>();
  let manifest: Manifest | null = null;
  let secret: string | null = null;
  try {
    for await (const entry of entriesOf(file, key)) {
      if (manifest) throw new DamagedArchiveError('The archive is damaged: entries after its manifest.');
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      const keep = entry.name === MANIFEST_ENTRY || entry.name === SECRET_ENTRY;
      let size = 0;
      let lines = 0;
      for await (const chunk of entry.stream) {
        hash.update(chunk);
        size += chunk.length;
        if (entry.name.startsWith('db/')) for (const byte of chunk) if (byte === 10) lines += 1;
        if (keep) chunks.push(chunk);
      }
      if (entry.name === MANIFEST_ENTRY) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
      else if (entry.name === SECRET_ENTRY) secret = Buffer.concat(chunks).toString('utf8').trim();
      else seen.set(entry.name, { sha256: hash.digest('hex'), size, lines });
    }
  } catch (error) {
    throw refusal(error);
  }
  if (!manifest || typeof manifest.tables !== 'object' || !Array.isArray(manifest.files))
    throw new RestoreRefusedError(
      'The archive has no manifest: it is not a backup of the portal, or it is incomplete.',
    );
  const damaged = (what: string) =>
    new RestoreRefusedError(`The archive is damaged: ${what} does not match its manifest; nothing was restored.`);
  const rows = new Map<string, number>();
  for (const [name, sha] of Object.entries(manifest.entries)) {
    const got = seen.get(name);
    if (!got || got.sha256 !== sha) throw damaged(name);
    const table = name.split('/')[1] as string;
    rows.set(table, (rows.get(table) ?? 0) + got.lines);
    seen.delete(name);
  }
  for (const [table, count] of Object.entries(manifest.tables))
    if ((rows.get(table) ?? 0) !== count) throw damaged(`the row count of ${table}`);
  for (const f of manifest.files) {
    const got = seen.get(`files/${f.key}`);
    if (!got || got.sha256 !== f.sha256 || got.size !== f.size) throw damaged(`the file ${f.key}`);
    seen.delete(`files/${f.key}`);
  }
  if (seen.size > 0) throw damaged(`${[...seen.keys()][0]}`);
  return { manifest, secret };
}

/** A migrations folder with the journal cut at `when`: the schema as the archive's database had it. */
async function migrationsUpTo(when: number): Promise<string> {
  const from = migrationsFolder();
  const dir = path.join(tmpdir(), `portal-restore-migrations-${randomUUID()}`);
  await mkdir(path.join(dir, 'meta'), { recursive: true });
  const entries = journal(from).filter((entry) => entry.when <= when);
  for (const entry of entries) await copyFile(path.join(from, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  await writeFile(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: entries.map((e) => ({ ...e, version: '7', breakpoints: true })),
    }),
  );
  return dir;
}

type Target = {
  kind: 'pglite' | 'postgres';
  /** Users in the target: more than 0 is a used installation. */
  users: () => Promise<number>;
  /** Drops everything and builds the schema of the archive's migrations folder. */
  prepare: (folder: string) => Promise<Db>;
  close: () => Promise<void>;
};

async function embeddedTarget(dataDir: string): Promise<Target> {
  const dbDir = path.join(dataDir, 'db');
  let client: PGlite | null = null;
  let release: (() => void) | null = null;
  const lock = () => {
    release ??= acquireDirectoryLock(dataDir);
  };
  return {
    kind: 'pglite',
    users: async () => {
      if (!existsSync(path.join(dbDir, 'PG_VERSION'))) return 0;
      lock();
      const probe = await PGlite.create(dbDir, { extensions: { pg_trgm } });
      try {
        const has = await probe.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM information_schema.tables ' +
            "WHERE table_schema = 'public' AND table_name = 'users'",
        );
        if (!has.rows[0]?.n) return 0;
        return (await probe.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n ?? 0;
      } finally {
        await probe.close();
      }
    },
    prepare: async (folder) => {
      lock();
      await rm(dbDir, { recursive: true, force: true });
      client = await PGlite.create(dbDir, { extensions: { pg_trgm } });
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder: folder });
      return db as unknown as Db;
    },
    close: async () => {
      const open = client;
      client = null;
      if (open && !open.closed) await open.close();
      release?.();
      release = null;
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  let ended = false;
  return {
    kind: 'postgres',
    users: async () => {
      const has = await client.query<{ t: string | null }>("SELECT to_regclass('public.users')::text AS t");
      if (!has.rows[0]?.t) return 0;
      return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM public.users')).rows[0]?.n ?? 0;
    },
    prepare: async (folder) => {
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
      const db = drizzlePg(client, { schema });
      await migratePg(db, { migrationsFolder: folder });
      return db as unknown as Db;
    },
    close: async () => {
      if (ended) return;
      ended = true;
      await client.end();
    },
  };
}

/** True when the store holds any file (the disk store's temporary parts aside). */
async function storageUsed(storage: Storage): Promise<boolean> {
  for await (const item of storage.list()) if (item) return true;
  return false;
}

/**
 * Restores an archive into an empty installation: the database (DATABASE_URL, else DATA_DIR's
 * embedded one) and the file store. Checks the whole archive first and refuses, changing
 * nothing, when it is damaged, cut off, encrypted with another key (or BACKUP_KEY is missing),
 * from a newer schema than this code knows, or when the target holds users or files (unless
 * `force`). Builds the schema the archive's database had, loads every row in one transaction
 * with triggers off (the archive holds what they wrote), checks every row count and file
 * checksum again, and then migrates the database to this code's schema.
 */
export async function restoreBackup(input: {
  config: Config;
  from: string;
  key: string | undefined;
  force: boolean;
  /** APP_SECRET came from the environment: the saved one is not written to DATA_DIR. */
  appSecretFromEnv: boolean;
}): Promise<RestoreResult> {
  const from = path.resolve(input.from);
  const { manifest, secret } = await verifyArchive(from, input.key);
  const known = journal();
  const newest = known[known.length - 1]?.when ?? 0;
  if (
    manifest.schema.when > newest ||
    (manifest.schema.when > 0 && !known.some((e) => e.when === manifest.schema.when))
  )
    throw new RestoreRefusedError(
      `The archive comes from a newer version of the portal (schema ${manifest.schema.tag ?? manifest.schema.when}) ` +
        'than this one knows; update the portal first, then restore.',
    );

  const target = input.config.databaseUrl
    ? await postgresTarget(input.config.databaseUrl).catch((error: Error) => {
        throw new RestoreRefusedError(`The PostgreSQL database cannot be reached: ${error.message}`);
      })
    : await embeddedTarget(input.config.dataDir);
  let storage: Storage | null = null;
  const written: string[] = [];
  try {
    storage = await openStorage(input.config);
    if (!input.force) {
      if ((await target.users()) > 0)
        throw new RestoreRefusedError(
          'The target installation is not empty (it has users); restore into an empty one, ' +
            'or add --force to replace it.',
        );
      if (manifest.files.length > 0 && (await storageUsed(storage)))
        throw new RestoreRefusedError(
          'The target file store is not empty; restore into an empty one, or add --force to replace it.',
        );
    }
    if (input.force && storage.kind === 'disk')
      await rm(path.join(input.config.dataDir, 'files'), { recursive: true, force: true });

    const folder = await migrationsUpTo(manifest.schema.when);
    let rows = 0;
    try {
      const db = await target.prepare(folder);
      // Loading rows into a new installation: no domain events, so no withEvents.
      // eslint-disable-next-line no-restricted-syntax
      rows = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        const tables = await listTables(tx);
        for (const table of Object.keys(manifest.tables))
          if (!tables.includes(table)) throw new RestoreRefusedError(`The archive's table ${table} is unknown.`);
        if (tables.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`));
        const columns = new Map<string, string[]>();
        const expectedFiles = new Map(manifest.files.map((f) => [f.key, f]));
        let loaded = 0;
        for await (const entry of entriesOf(from, input.key)) {
          if (entry.name.startsWith('db/')) {
            const table = entry.name.split('/')[1] as string;
            const chunks: Buffer[] = [];
            for await (const chunk of entry.stream) chunks.push(chunk);
            const lines = Buffer.concat(chunks)
              .toString('utf8')
              .split('\n')
              .filter((line) => line.length > 0);
            if (lines.length === 0) continue;
            if (!columns.has(table)) columns.set(table, await insertableColumns(tx, table));
            const list = sql.raw((columns.get(table) as string[]).map((c) => `"${c}"`).join(', '));
            const json = `[${lines.join(',')}]`;
            await tx.execute(
              sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
                  SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${json}::json)`,
            );
            loaded += lines.length;
          } else if (entry.name.startsWith('files/')) {
            const key = entry.name.slice('files/'.length);
            assertKey(key);
            const expected = expectedFiles.get(key);
            const hash = createHash('sha256');
            await (storage as Storage).put(key, Readable.from(entry.stream), {
              onChunk: (chunk) => hash.update(chunk),
            });
            written.push(key);
            if (!expected || hash.digest('hex') !== expected.sha256)
              throw new RestoreRefusedError(`The file ${key} changed while it was restored.`);
          }
        }
        for (const [table, count] of Object.entries(manifest.tables)) {
          const [row] = await queryRows<{ n: number | string }>(
            tx,
            sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`,
          );
          if (Number(row?.n ?? -1) !== count)
            throw new RestoreRefusedError(`The table ${table} holds ${row?.n} rows after the restore, not ${count}.`);
        }
        await resetSequences(tx);
        return loaded;
      });
      if ((await appliedSchema(db)) !== manifest.schema.when && manifest.schema.when > 0)
        throw new RestoreRefusedError('The schema could not be built as the archive had it.');
    } finally {
      await rm(folder, { recursive: true, force: true });
      await target.close();
    }

    // The schema as this code wants it: newer migrations run on the restored rows.
    const database = await openDatabase(input.config);
    await database.close();

    let appSecret: RestoreResult['app_secret'] = 'none';
    if (secret) {
      if (input.appSecretFromEnv) appSecret = 'kept';
      else {
        await mkdir(input.config.dataDir, { recursive: true });
        await writeFile(path.join(input.config.dataDir, 'app-secret'), `${secret}\n`, { mode: 0o600 });
        appSecret = 'restored';
      }
    }
    let bucketMissing: number | null = null;
    if (manifest.bucket) {
      bucketMissing = 0;
      for (const item of manifest.bucket) if (!(await storage.exists(item.key))) bucketMissing += 1;
    }
    return {
      restored: from,
      database: target.kind,
      schema_from: manifest.schema.tag,
      schema_to: known[known.length - 1]?.tag ?? null,
      tables: Object.keys(manifest.tables).length,
      rows,
      files: manifest.files.length,
      bucket_missing: bucketMissing,
      app_secret: appSecret,
    };
  } catch (error) {
    // Files written before a failure are removed again (the store was empty, or --force).
    for (const key of written) await storage?.remove(key).catch(() => undefined);
    throw error;
  } finally {
    await target.close();
    await storage?.close();
  }
}

/** The columns an INSERT may write (not generated ones). */
async function insertableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${`public."${table}"`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
  );
  return rows.map((r) => r.name);
}

/** Every sequence owned by a column continues after the highest value restored. */
async function resetSequences(db: Db): Promise<void> {
  const rows = await queryRows<{ seq: string; tbl: string; col: string }>(
    db,
    sql`SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col
        FROM pg_class s
        JOIN pg_namespace n ON n.oid = s.relnamespace AND n.nspname = 'public'
        JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE s.relkind = 'S'`,
  );
  for (const row of rows)
    await db.execute(
      sql`SELECT setval(${`public."${row.seq}"`}::regclass,
          coalesce((SELECT max(${sql.identifier(row.col)}) FROM ${sql.identifier(row.tbl)}), 0) + 1, false)`,
    );
}
