import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlib } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database, Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import type { Storage } from '../infra/storage/storage';
import { encryptStream } from './crypto';
import {
  FORMAT,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  fileEntry,
  journal,
  tableEntry,
  type Header,
  type Manifest,
} from './format';

/** A database entry of the archive holds at most about this many bytes of rows. */
const ENTRY_BYTES = 8 * 1024 * 1024;
/** Rows read per FETCH of a table's cursor. */
const FETCH_ROWS = 2_000;
/** Stored files read ahead of the one being packed. */
const READ_AHEAD = 8;
/** Files up to this size are read whole (the read-ahead holds at most READ_AHEAD of them). */
const BUFFERED_FILE_BYTES = 4 * 1024 * 1024;

export type BackupResult = { file: string; bytes: number; tables: number; files: number };

/** The base tables of the portal (schema public), by name. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}

/** The newest migration applied (drizzle's table): its time, 0 for a database without any. */
export async function appliedSchema(db: Db): Promise<number> {
  const rows = await queryRows<{ when: string | number | null }>(
    db,
    sql`SELECT max(created_at) AS when FROM drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.when ?? 0);
}

/**
 * The storage keys the database names: every column called `storage_key` (documents, settlement
 * versions and signed copy, complaint files, data exports) and the avatars (`avatars/<avatar_key>`).
 * A new table that keeps files names its column `storage_key` and is backed up without a change here.
 */
async function referencedKeys(db: Db): Promise<string[]> {
  const columns = await queryRows<{ table: string }>(
    db,
    sql`SELECT table_name AS table FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'storage_key' ORDER BY table_name`,
  );
  const keys = new Set<string>();
  for (const { table } of columns) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`SELECT DISTINCT storage_key AS key FROM ${sql.identifier(table)} WHERE storage_key IS NOT NULL`,
    );
    for (const row of rows) keys.add(row.key);
  }
  const avatars = await queryRows<{ key: string }>(
    db,
    sql`SELECT DISTINCT 'avatars/' || avatar_key AS key FROM users WHERE avatar_key IS NOT NULL`,
  );
  for (const row of avatars) keys.add(row.key);
  return [...keys].sort();
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A stored file as the backup reads it: small ones whole, large ones as a stream; null when gone. */
type StoredFile = Buffer | { stream: Readable; size: number } | null;

async function readStored(storage: Storage, key: string): Promise<StoredFile> {
  const file = await storage.read(key).catch(() => null);
  if (!file || file.size > BUFFERED_FILE_BYTES) return file;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Writes one archive of the whole installation to `to`: every table of one snapshot of the
 * database, then every stored file that snapshot names, then the manifest (schema version, rows
 * per table, SHA-256 of every entry and file). The snapshot is one transaction: REPEATABLE READ,
 * read-only on PostgreSQL (requests go on beside it), and on the embedded database the
 * transaction that holds its only connection, so requests wait the seconds the rows take, not
 * the files. Written to a temporary name and renamed when complete, so a half-written archive
 * never looks like a backup. With `key` the archive is encrypted (crypto.ts).
 */
export async function createBackup(input: {
  database: Pick<Database, 'db' | 'kind'>;
  storage: Storage;
  to: string;
  key?: string | undefined;
  /** S3: copy the files into the archive too (disk: always). */
  includeFiles?: boolean;
  /** The generated APP_SECRET (DATA_DIR/app-secret): staff's second factors are sealed with it. */
  appSecret?: string | undefined;
  now: Date;
}): Promise<BackupResult> {
  const target = path.resolve(input.to);
  await mkdir(path.dirname(target), { recursive: true });
  const part = `${target}.${randomUUID()}.part`;
  const pack = tar.pack();
  const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: zlib.Z_BEST_SPEED })];
  if (input.key) stages.push(await encryptStream(input.key));
  const written = pipeline(pack, ...(stages as [NodeJS.ReadWriteStream]), createWriteStream(part, { mode: 0o600 }));
  // An error of the writer (disk full) surfaces at the end; until then entries go on failing fast.
  let writeError: unknown = null;
  written.catch((error: unknown) => {
    writeError = error;
  });

  const addBuffer = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (writeError) return reject(writeError as Error);
      pack.entry({ name, size: data.length, mtime: input.now, mode: 0o600 }, data, (error) =>
        error ? reject(error) : resolve(),
      );
    });

  const manifest: Manifest = {
    format: FORMAT,
    created_at: input.now.toISOString(),
    schema: { tag: null, when: 0 },
    database: input.database.kind,
    storage: input.storage.kind,
    tables: {},
    entries: {},
    files: [],
    missing: [],
    bucket: null,
  };
  try {
    const keys = await snapshot(input.database, async (tx) => {
      manifest.schema.when = await appliedSchema(tx);
      manifest.schema.tag = journal().find((entry) => entry.when === manifest.schema.when)?.tag ?? null;
      const header: Header = {
        format: manifest.format,
        created_at: manifest.created_at,
        schema: manifest.schema,
        database: manifest.database,
        storage: manifest.storage,
        files_included: input.storage.kind === 'disk' || input.includeFiles === true,
      };
      await addBuffer(HEADER_ENTRY, Buffer.from(JSON.stringify(header)));
      for (const table of await listTables(tx)) {
        let rows = 0;
        let part = 0;
        let lines: string[] = [];
        let bytes = 0;
        const flush = async () => {
          const name = tableEntry(table, part++);
          const data = Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : '');
          manifest.entries[name] = sha256(data);
          await addBuffer(name, data);
          lines = [];
          bytes = 0;
        };
        const cursor = `backup_${table}`;
        await tx.execute(
          sql`DECLARE ${sql.identifier(cursor)} NO SCROLL CURSOR FOR
              SELECT row_to_json(t)::text AS j FROM ${sql.identifier(table)} AS t`,
        );
        for (;;) {
          const batch = await queryRows<{ j: string }>(
            tx,
            sql`FETCH ${sql.raw(String(FETCH_ROWS))} FROM ${sql.identifier(cursor)}`,
          );
          for (const row of batch) {
            lines.push(row.j);
            bytes += row.j.length;
            rows += 1;
            if (bytes >= ENTRY_BYTES) await flush();
          }
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`CLOSE ${sql.identifier(cursor)}`);
        if (lines.length > 0 || part === 0) await flush();
        manifest.tables[table] = rows;
      }
      return referencedKeys(tx);
    });

    if (input.storage.kind === 'disk' || input.includeFiles) {
      // The next files are read while one is packed: most are small, and a store (disk or S3)
      // answers a few at a time faster than one after another.
      const reads: Promise<StoredFile>[] = [];
      const readAhead = (index: number) => {
        for (let i = reads.length; i < Math.min(keys.length, index + READ_AHEAD); i++) {
          const read = readStored(input.storage, keys[i] as string);
          read.catch(() => undefined);
          reads.push(read);
        }
      };
      for (let index = 0; index < keys.length; index++) {
        readAhead(index + 1);
        const key = keys[index] as string;
        const file = await (reads[index] as Promise<StoredFile>);
        delete reads[index];
        if (!file) {
          manifest.missing.push(key);
          continue;
        }
        if (Buffer.isBuffer(file)) {
          await addBuffer(fileEntry(key), file);
          manifest.files.push({ key, size: file.length, sha256: sha256(file) });
          continue;
        }
        const hash = createHash('sha256');
        let size = 0;
        await new Promise<void>((resolve, reject) => {
          if (writeError) return reject(writeError as Error);
          const entry = pack.entry({ name: fileEntry(key), size: file.size, mtime: input.now, mode: 0o600 }, (error) =>
            error ? reject(error) : resolve(),
          );
          (async () => {
            for await (const chunk of file.stream as AsyncIterable<Buffer>) {
              hash.update(chunk);
              size += chunk.length;
              if (!entry.write(chunk)) await once(entry as unknown as NodeJS.EventEmitter, 'drain');
            }
            entry.end(undefined as never);
          })().catch((error: unknown) => {
            entry.destroy(error as Error);
            reject(error as Error);
          });
        });
        manifest.files.push({ key, size, sha256: hash.digest('hex') });
      }
    } else {
      const bucket: { key: string; size: number }[] = [];
      for await (const item of input.storage.list()) bucket.push(item);
      manifest.bucket = bucket.sort((a, b) => a.key.localeCompare(b.key));
    }
    if (input.appSecret) await addBuffer(SECRET_ENTRY, Buffer.from(`${input.appSecret}\n`));
    await addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    pack.finalize();
    await written;
    await rename(part, target);
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(part, { force: true });
    throw error;
  }
  const { size } = await stat(target);
  return {
    file: target,
    bytes: size,
    tables: Object.keys(manifest.tables).length,
    files: manifest.files.length + (manifest.bucket?.length ?? 0),
  };
}

/**
 * Runs `read` in one consistent view of the database: on PostgreSQL a REPEATABLE READ, read-only
 * transaction (one snapshot for every table); on the embedded database a transaction, which holds
 * its only connection, so nothing else writes in between.
 */
function snapshot<T>(database: Pick<Database, 'db' | 'kind'>, read: (tx: Db) => Promise<T>): Promise<T> {
  // A read-only snapshot: no domain events, so no withEvents.
  if (database.kind === 'postgres')
    // eslint-disable-next-line no-restricted-syntax
    return database.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  // eslint-disable-next-line no-restricted-syntax
  return database.db.transaction(read);
}
