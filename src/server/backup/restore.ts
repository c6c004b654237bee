import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import tar from 'tar-stream';
import type { Config } from '../infra/config/config';
import { acquireDirectoryLock, migrationsFolder, openDatabase, type Db } from '../infra/db/client';
import * as schema from '../infra/db/schema';
import { queryRows } from '../infra/db/sql';
import { assertKey, type Storage } from '../infra/storage/storage';
import { openStorage } from '../infra/storage/open';
import { BackupKeyError, DamagedArchiveError, decryptStream, isEncrypted } from './crypto';
import { FORMAT, HEADER_ENTRY, MANIFEST_ENTRY, SECRET_ENTRY, journal, type Header, type Manifest } from './format';
import { listTables } from './backup';

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

/** Files up to this size are read into memory and written while the archive reads on. */
const BUFFERED_FILE_BYTES = 4 * 1024 * 1024;
/** Stored files written at the same time. */
const FILE_WRITERS = 8;

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

const damaged = (what: string) =>
  new RestoreRefusedError(`The archive is damaged: ${what} does not match its manifest; nothing was restored.`);

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

const parseJson = <T>(data: Buffer, what: string): T => {
  try {
    return JSON.parse(data.toString('utf8')) as T;
  } catch {
    throw new DamagedArchiveError(`The archive is damaged: its ${what} cannot be read.`);
  }
};

/**
 * The archive opened for one pass: what a restore must know before the rows (the header), and
 * its entries from the first. A format 1 archive has no header: it is read once to its manifest
 * at the end, then opened again.
 */
async function openArchive(
  file: string,
  key: string | undefined,
): Promise<{ header: Header; entries: AsyncGenerator<Entry> }> {
  const entries = entriesOf(file, key);
  const first = await entries.next();
  if (!first.done && first.value.name === HEADER_ENTRY)
    return { header: parseJson<Header>(await readAll(first.value.stream), 'header'), entries };
  await entries.return(undefined);
  let manifest: Manifest | null = null;
  for await (const entry of entriesOf(file, key))
    if (entry.name === MANIFEST_ENTRY) manifest = parseJson<Manifest>(await readAll(entry.stream), 'manifest');
  if (!manifest?.schema)
    throw new RestoreRefusedError(
      'The archive has no manifest: it is not a backup of the portal, or it is incomplete.',
    );
  return {
    header: {
      format: manifest.format,
      created_at: manifest.created_at,
      schema: manifest.schema,
      database: manifest.database,
      storage: manifest.storage,
      files_included: Array.isArray(manifest.files) && manifest.files.length > 0,
    },
    entries: entriesOf(file, key),
  };
}

/** Counts the lines (rows) of a database entry. */
function countLines(data: Buffer): number {
  let lines = 0;
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) lines += 1;
  return lines;
}

type Loaded = { sha256: string; lines: number };

/**
 * Where the restored database goes. Everything is written so that a failure leaves the
 * installation as it was: PostgreSQL builds and loads in one transaction; the embedded database
 * is built in a directory of its own beside the old one and takes its place when complete.
 */
type Target = {
  kind: 'pglite' | 'postgres';
  /** Users in the target: more than 0 is a used installation. */
  users: () => Promise<number>;
  /** Runs `load` in one transaction of an empty database (the old one dropped inside it, on PostgreSQL). */
  load: <T>(load: (tx: Db) => Promise<T>) => Promise<T>;
  /** After a load: the new database takes the old one's place. */
  commit: () => Promise<void>;
  /** Removes what a failed load left. */
  discard: () => Promise<void>;
  close: () => Promise<void>;
};

/** Leftovers of a restore that stopped half-way (a killed process): `.restore-<id>` beside the data. */
async function removeStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith('.restore-')) await rm(path.join(dataDir, name), { recursive: true, force: true });
}

function embeddedTarget(dataDir: string, stage: string): Target {
  const dbDir = path.join(dataDir, 'db');
  const stagedDb = path.join(stage, 'db');
  let client: PGlite | null = null;
  let release: (() => void) | null = null;
  const lock = () => {
    release ??= acquireDirectoryLock(dataDir);
  };
  const closeClient = async () => {
    const open = client;
    client = null;
    if (open && !open.closed) await open.close();
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
    load: async (load) => {
      lock();
      await mkdir(stage, { recursive: true });
      client = await PGlite.create(stagedDb, { extensions: { pg_trgm } });
      const db = drizzlePglite(client, { schema }) as unknown as Db;
      // Loading rows into a new installation: no domain events, so no withEvents.
      // eslint-disable-next-line no-restricted-syntax
      return db.transaction(load);
    },
    commit: async () => {
      await closeClient();
      await rm(dbDir, { recursive: true, force: true });
      await rename(stagedDb, dbDir);
    },
    discard: async () => {
      await closeClient();
      await rm(stagedDb, { recursive: true, force: true });
    },
    close: async () => {
      await closeClient();
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
    load: (load) => {
      const db = drizzlePg(client, { schema }) as unknown as Db;
      // Loading rows into a new installation: no domain events, so no withEvents.
      // eslint-disable-next-line no-restricted-syntax
      return db.transaction(async (tx) => {
        await tx.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
        await tx.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
        await tx.execute(sql`CREATE SCHEMA public`);
        return load(tx);
      });
    },
    commit: async () => undefined,
    discard: async () => undefined,
    close: async () => {
      if (ended) return;
      ended = true;
      await client.end();
    },
  };
}

/**
 * Builds the schema the archive's database had (the migrations up to `when`) inside the
 * transaction `tx`, recording them as drizzle's migrator does, so the newer ones run after it.
 */
async function migrateUpTo(tx: Db, when: number): Promise<void> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations
        (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder: migrationsFolder() })) {
    if (migration.folderMillis > when) continue;
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
          VALUES (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** True when the store holds any file (the disk store's temporary parts aside). */
async function storageUsed(storage: Storage): Promise<boolean> {
  for await (const item of storage.list()) if (item) return true;
  return false;
}

/**
 * Writes the archive's files as it reads them, a few at a time. On disk they go to a directory
 * of their own that takes the old one's place when the restore is complete; on S3 straight into
 * the bucket (removed again when the restore fails).
 */
function fileWriter(storage: Storage, stagedFiles: string | null) {
  const written: string[] = [];
  const running = new Set<Promise<void>>();
  const made = new Set<string>();
  let failure: unknown = null;
  const toDisk = async (key: string, body: Buffer | Readable) => {
    const target = path.join(stagedFiles as string, key);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    if (Buffer.isBuffer(body)) await writeFile(target, body, { mode: 0o600 });
    else await pipeline(body, createWriteStream(target, { mode: 0o600, highWaterMark: 1024 * 1024 }));
  };
  const put = (key: string, body: Buffer | Readable) =>
    stagedFiles ? toDisk(key, body) : storage.put(key, body).then(() => undefined);
  const started = (work: Promise<void>) => {
    const tracked = work.then(
      () => {
        running.delete(tracked);
      },
      (error: unknown) => {
        running.delete(tracked);
        failure ??= error;
      },
    );
    running.add(tracked);
  };
  const check = () => {
    if (failure) throw failure as Error;
  };
  return {
    written,
    /** Reads one file entry, hashing it; returns its size and SHA-256. */
    async write(key: string, entry: Entry): Promise<{ size: number; sha256: string }> {
      check();
      while (running.size >= FILE_WRITERS) await Promise.race(running);
      check();
      const hash = createHash('sha256');
      let size = 0;
      written.push(key);
      if (entry.size <= BUFFERED_FILE_BYTES) {
        const data = await readAll(entry.stream);
        hash.update(data);
        size = data.length;
        started(put(key, data));
      } else {
        // A large file streams through on its own, not held in memory.
        async function* counted() {
          for await (const chunk of entry.stream) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        }
        await put(key, Readable.from(counted()));
      }
      return { size, sha256: hash.digest('hex') };
    },
    async finish(): Promise<void> {
      while (running.size > 0) await Promise.race(running);
      check();
    },
    async abandon(): Promise<void> {
      while (running.size > 0) await Promise.race(running);
      if (!stagedFiles) for (const key of written) await storage.remove(key).catch(() => undefined);
    },
  };
}

/**
 * Restores an archive into an empty installation: the database (DATABASE_URL, else DATA_DIR's
 * embedded one) and the file store, in one pass over the archive. Refuses before anything is
 * written when BACKUP_KEY is missing or wrong, when the archive comes from a newer schema than
 * this code knows, or when the target holds users or files (unless `force`). Then builds the
 * schema the archive's database had and loads every row in one transaction with triggers off
 * (the archive holds what they wrote), writes the files, and checks every entry, row count and
 * file against the manifest at the archive's end. Anything wrong (a damaged or cut-off archive)
 * rolls it all back: the transaction, the new embedded database and the files, which are built
 * beside the old ones and take their place only when complete. Last, the database is migrated
 * to this code's schema.
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
  const archive = await openArchive(from, input.key).catch((error: unknown) => {
    throw refusal(error);
  });
  const { header, entries } = archive;
  const known = journal();
  const newest = known[known.length - 1]?.when ?? 0;
  const when = Number(header.schema?.when ?? 0);
  if (!(header.format <= FORMAT) || when > newest || (when > 0 && !known.some((e) => e.when === when))) {
    await entries.return(undefined);
    throw new RestoreRefusedError(
      `The archive comes from a newer version of the portal (schema ${header.schema?.tag ?? when}) ` +
        'than this one knows; update the portal first, then restore.',
    );
  }

  const stage = path.join(input.config.dataDir, `.restore-${randomUUID()}`);
  let target: Target | null = null;
  let storage: Storage | null = null;
  let files: ReturnType<typeof fileWriter> | null = null;
  let committed = false;
  try {
    target = input.config.databaseUrl
      ? await postgresTarget(input.config.databaseUrl).catch((error: Error) => {
          throw new RestoreRefusedError(`The PostgreSQL database cannot be reached: ${error.message}`);
        })
      : embeddedTarget(input.config.dataDir, stage);
    storage = await openStorage(input.config);
    if (!input.force) {
      if ((await target.users()) > 0)
        throw new RestoreRefusedError(
          'The target installation is not empty (it has users); restore into an empty one, ' +
            'or add --force to replace it.',
        );
      if (header.files_included && (await storageUsed(storage)))
        throw new RestoreRefusedError(
          'The target file store is not empty; restore into an empty one, or add --force to replace it.',
        );
    }
    if (target.kind === 'pglite' || storage.kind === 'disk') await removeStaging(input.config.dataDir);
    const stagedFiles = storage.kind === 'disk' ? path.join(stage, 'files') : null;
    files = fileWriter(storage, stagedFiles);
    const writer = files;

    let secret: string | null = null;
    let manifest: Manifest | null = null;
    const rows = await target.load(async (tx) => {
      await migrateUpTo(tx, when);
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const tables = new Set(await listTables(tx));
      // Rows the migrations wrote (the catalogue) come from the archive too.
      if (tables.size > 0) await tx.execute(sql.raw(`TRUNCATE ${[...tables].map((t) => `"${t}"`).join(', ')} CASCADE`));
      const columns = new Map<string, string>();
      const loadedEntries = new Map<string, Loaded>();
      const loadedFiles = new Map<string, { size: number; sha256: string }>();
      const others: string[] = [];
      let loaded = 0;
      // One INSERT at a time runs while the next entry is read.
      let inserting: Promise<unknown> = Promise.resolve();
      try {
        for await (const entry of entries) {
          if (manifest) throw new DamagedArchiveError('The archive is damaged: entries after its manifest.');
          if (entry.name.startsWith('db/')) {
            const table = entry.name.split('/')[1] as string;
            if (!tables.has(table)) throw new RestoreRefusedError(`The archive's table ${table} is unknown.`);
            const data = await readAll(entry.stream);
            const lines = countLines(data);
            loadedEntries.set(entry.name, { sha256: createHash('sha256').update(data).digest('hex'), lines });
            if (lines === 0) continue;
            await inserting;
            if (!columns.has(table)) columns.set(table, await insertableColumns(tx, table));
            const list = sql.raw(columns.get(table) as string);
            // Every line is one JSON object (row_to_json never writes a raw line break).
            const json = `[${data.toString('utf8').trimEnd().replaceAll('\n', ',')}]`;
            inserting = tx
              .execute(
                sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
                    SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${json}::json)`,
              )
              .catch((error: unknown) => {
                // Never the statement in the message: it holds the rows.
                const code = (error as { cause?: { code?: string } }).cause?.code ?? 'unknown';
                throw new RestoreRefusedError(
                  `The archive is damaged or incomplete: the rows of ${table} cannot be loaded (${code}); ` +
                    'nothing was restored.',
                  { cause: error },
                );
              });
            inserting.catch(() => undefined);
            loaded += lines;
          } else if (entry.name.startsWith('files/')) {
            const key = entry.name.slice('files/'.length);
            try {
              assertKey(key);
            } catch {
              throw damaged(entry.name);
            }
            if (loadedFiles.has(key)) throw damaged(entry.name);
            loadedFiles.set(key, await writer.write(key, entry));
          } else if (entry.name === SECRET_ENTRY) {
            secret = (await readAll(entry.stream)).toString('utf8').trim();
          } else if (entry.name === MANIFEST_ENTRY) {
            manifest = parseJson<Manifest>(await readAll(entry.stream), 'manifest');
          } else {
            await readAll(entry.stream);
            others.push(entry.name);
          }
        }
        await inserting;
        await writer.finish();
      } catch (error) {
        await inserting.catch(() => undefined);
        throw refusal(error);
      }
      checkAgainstManifest(manifest, header, tables, loadedEntries, loadedFiles, others);
      const complete = manifest as unknown as Manifest;
      for (const [table, count] of Object.entries(complete.tables)) {
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
    const complete = manifest as unknown as Manifest;

    await target.commit();
    if (stagedFiles) {
      const filesDir = path.join(input.config.dataDir, 'files');
      await rm(filesDir, { recursive: true, force: true });
      if (existsSync(stagedFiles)) await rename(stagedFiles, filesDir);
    }
    committed = true;
    await target.close();

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
    if (complete.bucket) {
      bucketMissing = 0;
      for (const item of complete.bucket) if (!(await storage.exists(item.key))) bucketMissing += 1;
    }
    return {
      restored: from,
      database: target.kind,
      schema_from: complete.schema.tag,
      schema_to: known[known.length - 1]?.tag ?? null,
      tables: Object.keys(complete.tables).length,
      rows,
      files: complete.files.length,
      bucket_missing: bucketMissing,
      app_secret: appSecret,
    };
  } catch (error) {
    if (!committed) {
      await entries.return(undefined).catch(() => undefined);
      await files?.abandon().catch(() => undefined);
      await target?.discard().catch(() => undefined);
    }
    throw error;
  } finally {
    await target?.close();
    await storage?.close();
    await rm(stage, { recursive: true, force: true });
  }
}

/** Every entry, row count and file the manifest lists was read with its checksum, and nothing else. */
function checkAgainstManifest(
  manifest: Manifest | null,
  header: Header,
  tables: Set<string>,
  entries: Map<string, Loaded>,
  files: Map<string, { size: number; sha256: string }>,
  others: string[],
): void {
  if (!manifest || typeof manifest.tables !== 'object' || !Array.isArray(manifest.files) || !manifest.entries)
    throw new RestoreRefusedError(
      'The archive has no manifest: it is not a backup of the portal, or it is incomplete.',
    );
  if (Number(manifest.schema?.when ?? 0) !== Number(header.schema?.when ?? 0)) throw damaged('its schema');
  if (others.length > 0) throw damaged(others[0] as string);
  const rows = new Map<string, number>();
  const seen = new Map(entries);
  for (const [name, sha] of Object.entries(manifest.entries)) {
    const got = seen.get(name);
    if (!got || got.sha256 !== sha) throw damaged(name);
    const table = name.split('/')[1] as string;
    rows.set(table, (rows.get(table) ?? 0) + got.lines);
    seen.delete(name);
  }
  if (seen.size > 0) throw damaged(`${[...seen.keys()][0]}`);
  for (const [table, count] of Object.entries(manifest.tables)) {
    if (!tables.has(table)) throw new RestoreRefusedError(`The archive's table ${table} is unknown.`);
    if ((rows.get(table) ?? 0) !== count) throw damaged(`the row count of ${table}`);
  }
  const restFiles = new Map(files);
  for (const f of manifest.files) {
    const got = restFiles.get(f.key);
    if (!got || got.sha256 !== f.sha256 || got.size !== f.size) throw damaged(`the file ${f.key}`);
    restFiles.delete(f.key);
  }
  if (restFiles.size > 0) throw damaged(`files/${[...restFiles.keys()][0]}`);
}

/** The columns an INSERT may write (not generated ones), quoted and joined. */
async function insertableColumns(db: Db, table: string): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${`public."${table}"`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
  );
  return rows.map((r) => `"${r.name}"`).join(', ');
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
