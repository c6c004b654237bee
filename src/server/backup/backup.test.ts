import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGzip } from 'node:zlib';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { buildApp } from '../app';
import { testConfig, type Config } from '../infra/config/config';
import { openPglite, type Database, type Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import { seedDemo } from '../demo/seed-demo';
import { createFakeClock } from '../infra/lib/clock';
import { diskStorage, type Storage } from '../infra/storage/storage';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { createBackup, listTables } from './backup';
import { entriesOf, restoreBackup, RestoreRefusedError } from './restore';

const KEY = 'backup-test-key-0123456789';
const PDF = (n: number) => Buffer.from(`%PDF-1.4\n%upload ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

let ctx: TestContext;
let work: string;
beforeAll(async () => {
  ctx = await createTestContext();
  work = mkdtempSync(path.join(tmpdir(), 'portal-backup-test-'));
  await seedDemo(ctx.db, ctx.storage, ctx.clock.now(), ctx.config.site);
});
afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

/** An empty embedded installation's configuration (DATA_DIR of its own). */
function emptyInstallation(name: string): Config {
  return testConfig({ dataDir: path.join(work, name), databaseUrl: undefined });
}

/** Timestamps as instants: two servers may print the same moment with another offset. */
const normalise = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)
      ? new Date(value).toISOString()
      : value,
  );

async function tableRows(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ j: Record<string, unknown> }>(
    db,
    sql`SELECT row_to_json(t) AS j FROM ${sql.identifier(table)} AS t`,
  );
  return rows
    .map((r) => normalise(typeof r.j === 'string' ? (JSON.parse(r.j) as Record<string, unknown>) : r.j))
    .sort();
}

/** The rows the archive holds per table, as its snapshot wrote them. */
async function archiveRows(file: string, key: string | undefined): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  for await (const entry of entriesOf(file, key)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.stream) chunks.push(chunk);
    if (!entry.name.startsWith('db/')) continue;
    const table = entry.name.split('/')[1] as string;
    const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
    tables.set(table, [
      ...(tables.get(table) ?? []),
      ...lines.map((line) => normalise(JSON.parse(line) as Record<string, unknown>)),
    ]);
  }
  for (const [table, rows] of tables) tables.set(table, rows.sort());
  return tables;
}

/** Every stored key the database names, as the backup finds them. */
async function storedKeys(db: Db): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT storage_key AS key FROM documents WHERE storage_key IS NOT NULL
        UNION SELECT storage_key FROM settlement_versions WHERE storage_key IS NOT NULL
        UNION SELECT storage_key FROM settlement_signed WHERE storage_key IS NOT NULL
        UNION SELECT storage_key FROM complaint_files
        UNION SELECT 'avatars/' || avatar_key FROM users WHERE avatar_key IS NOT NULL`,
  );
  return rows.map((r) => r.key).sort();
}

const bytesOf = async (storage: Storage, key: string) => {
  const file = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** The restored installation as the server runs it: its database, files and app. */
async function openRestored(config: Config) {
  const database = await openPglite(config.dataDir);
  const storage = diskStorage(path.join(config.dataDir, 'files'));
  const clock = createFakeClock(ctx.clock.now());
  const app = await buildApp({ config, database, clock, storage, webRoot: null });
  return {
    database,
    storage,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in client of the restored installation opens their documents and downloads one. */
async function clientDownloads(
  restored: { database: Database; app: Awaited<ReturnType<typeof openRestored>>['app'] },
  client: { id: string; caseId: string },
  expected: Buffer,
) {
  const fake = { db: restored.database.db, clock: ctx.clock, config: ctx.config } as unknown as TestContext;
  const token = await tokenFor(fake, client.id);
  const list = await restored.app.inject({
    method: 'GET',
    url: `/api/cases/${client.caseId}/documents`,
    headers: bearer(token),
  });
  expect(list.statusCode).toBe(200);
  const doc = (list.json().data as { title: string; temporary_url: string | null }[]).find(
    (d) => d.title === 'Eerste upload',
  );
  expect(doc?.temporary_url).toBeTruthy();
  const file = await restored.app.inject({ method: 'GET', url: doc!.temporary_url!, headers: bearer(token) });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(expected)).toBe(true);
}

describe('backup and restore: the drill', () => {
  it(
    'backs up while a client uploads and a lawyer writes; restores every row and every byte',
    { timeout: 240_000 },
    async () => {
      const lawyer = await createTestLawyer(ctx);
      const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
      const clientToken = await tokenFor(ctx, client.id);
      const lawyerToken = await tokenFor(ctx, lawyer.id);
      const upload = (n: number, title = `Upload ${n}`) => {
        const body = multipart({ title }, [
          { filename: `upload-${n}.pdf`, contentType: 'application/pdf', data: PDF(n) },
        ]);
        return ctx.app.inject({
          method: 'POST',
          url: `/api/cases/${client.caseId}/documents`,
          headers: { ...bearer(clientToken), ...body.headers },
          payload: body.payload,
        });
      };
      expect((await upload(0, 'Eerste upload')).statusCode).toBe(201);

      // The client uploads and the lawyer writes all through the backup.
      let writing = true;
      let uploads = 0;
      let messages = 0;
      const uploader = (async () => {
        for (let n = 1; writing; n++) if ((await upload(n)).statusCode === 201) uploads += 1;
      })();
      const writer = (async () => {
        for (let n = 1; writing; n++) {
          const sent = await ctx.app.inject({
            method: 'POST',
            url: `/api/cases/${client.caseId}/messages`,
            headers: bearer(lawyerToken),
            payload: { text: `Bericht ${n}` },
          });
          if (sent.statusCode === 201) messages += 1;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const file = path.join(work, 'drill.backup');
      const result = await createBackup({
        database: ctx.database,
        storage: ctx.storage,
        to: file,
        key: KEY,
        appSecret: ctx.config.appSecret,
        now: ctx.clock.now(),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      writing = false;
      await Promise.all([uploader, writer]);
      expect(uploads).toBeGreaterThan(0);
      expect(messages).toBeGreaterThan(0);
      expect(result).toMatchObject({ file, bytes: statSync(file).size });
      expect(result.tables).toBe((await listTables(ctx.db)).length);
      expect(result.files).toBeGreaterThan(5);
      // Encrypted: no client's name or address in the bytes.
      const raw = readFileSync(file);
      for (const word of ['Eerste upload', client.email, 'Bericht 1', '%PDF']) expect(raw.includes(word)).toBe(false);

      // The installation is gone; an empty one gets the archive.
      const config = emptyInstallation('drill');
      const restored = await restoreBackup({ config, from: file, key: KEY, force: false, appSecretFromEnv: true });
      expect(restored).toMatchObject({ database: 'pglite', tables: result.tables, files: result.files });

      const snapshot = await archiveRows(file, KEY);
      const target = await openRestored(config);
      try {
        // Every table's rows equal the snapshot's.
        for (const table of await listTables(target.database.db))
          expect(await tableRows(target.database.db, table), table).toEqual(snapshot.get(table) ?? []);
        // One snapshot: every file it names is there with the bytes the installation had.
        const keys = await storedKeys(target.database.db);
        expect(keys.length).toBe(result.files);
        for (const key of keys)
          expect((await bytesOf(target.storage, key)).equals(await bytesOf(ctx.storage, key))).toBe(true);
        // The writes during the backup: those before the snapshot are in it, the later ones not.
        const [restoredMessages] = await queryRows<{ n: number | string }>(
          target.database.db,
          sql`SELECT count(*) AS n FROM messages WHERE case_id = ${client.caseId}::uuid`,
        );
        expect(Number(restoredMessages?.n)).toBeLessThan(messages);
        await clientDownloads(target, client, PDF(0));
      } finally {
        await target.close();
      }

      // A used installation is refused without --force, and stays as it was.
      await expect(
        restoreBackup({ config, from: file, key: KEY, force: false, appSecretFromEnv: true }),
      ).rejects.toThrow(/not empty/);
      const again = await restoreBackup({ config, from: file, key: KEY, force: true, appSecretFromEnv: false });
      expect(again.app_secret).toBe('restored');
      expect(readFileSync(path.join(config.dataDir, 'app-secret'), 'utf8').trim()).toBe(ctx.config.appSecret);
    },
  );
});

describe('backup and restore: refusals leave the target untouched', () => {
  let plain: string;
  let sealed: string;
  beforeAll(async () => {
    plain = path.join(work, 'plain.backup');
    sealed = path.join(work, 'sealed.backup');
    await createBackup({ database: ctx.database, storage: ctx.storage, to: plain, now: ctx.clock.now() });
    await createBackup({ database: ctx.database, storage: ctx.storage, to: sealed, key: KEY, now: ctx.clock.now() });
  });

  const refused = async (name: string, from: string, key: string | undefined, message: RegExp) => {
    const config = emptyInstallation(name);
    const error = await restoreBackup({ config, from, key, force: false, appSecretFromEnv: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toMatch(message);
    // Nothing was written: no database, no files, no secret.
    expect(existsSync(config.dataDir) ? readdirSync(config.dataDir) : []).toEqual([]);
  };

  const copyWith = (from: string, name: string, change: (bytes: Buffer) => Buffer) => {
    const to = path.join(work, `${name}.archive`);
    writeFileSync(to, change(Buffer.from(readFileSync(from))));
    return to;
  };
  const flip = (at: number) => (bytes: Buffer) => {
    bytes[at] = (bytes[at] as number) ^ 0x01;
    return bytes;
  };

  it('refuses a flipped byte, plain or encrypted', async () => {
    const plainSize = statSync(plain).size;
    await refused('flip-plain', copyWith(plain, 'flip-plain', flip(Math.floor(plainSize / 2))), undefined, /damaged/);
    const sealedSize = statSync(sealed).size;
    await refused('flip-sealed', copyWith(sealed, 'flip-sealed', flip(Math.floor(sealedSize / 2))), KEY, /damaged/);
    await refused('flip-sealed-end', copyWith(sealed, 'flip-sealed-end', flip(sealedSize - 3)), KEY, /damaged/);
  });

  it('refuses a cut-off archive', async () => {
    const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.9));
    await refused('cut-plain', copyWith(plain, 'cut-plain', cut), undefined, /damaged|incomplete/);
    await refused('cut-sealed', copyWith(sealed, 'cut-sealed', cut), KEY, /incomplete|damaged/);
    // Cut exactly at a record's end: the final record is missing.
    const records = (bytes: Buffer) => bytes.subarray(0, 32 + 5 + 1024 * 1024 + 16);
    if (statSync(sealed).size > 32 + 2 * (1024 * 1024 + 21))
      await refused('cut-record', copyWith(sealed, 'cut-record', records), KEY, /incomplete/);
  });

  it('refuses a damaged archive with --force and leaves the used installation as it was', async () => {
    const config = emptyInstallation('used');
    await restoreBackup({ config, from: plain, key: undefined, force: false, appSecretFromEnv: true });
    const before = await openRestored(config);
    const users = await tableRows(before.database.db, 'users');
    const keys = await storedKeys(before.database.db);
    await before.close();
    const cut = copyWith(plain, 'cut-forced', (bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    await expect(
      restoreBackup({ config, from: cut, key: undefined, force: true, appSecretFromEnv: true }),
    ).rejects.toBeInstanceOf(RestoreRefusedError);
    expect(readdirSync(config.dataDir).sort()).toEqual(['db', 'files']);
    const after = await openRestored(config);
    try {
      expect(await tableRows(after.database.db, 'users')).toEqual(users);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await after.storage.exists(key)).toBe(true);
    } finally {
      await after.close();
    }
  });

  it('restores an archive of the first format, which has no header', { timeout: 120_000 }, async () => {
    const old = path.join(work, 'format-1.backup');
    const pack = tar.pack();
    const done = pipeline(pack, createGzip(), createWriteStream(old));
    for await (const entry of entriesOf(plain, undefined)) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.stream) chunks.push(chunk);
      if (entry.name === 'archive.json') continue;
      let data = Buffer.concat(chunks);
      if (entry.name === 'manifest.json')
        data = Buffer.from(JSON.stringify({ ...(JSON.parse(data.toString('utf8')) as object), format: 1 }));
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.name }, data, (error) => (error ? reject(error) : resolve())),
      );
    }
    pack.finalize();
    await done;

    const config = emptyInstallation('format-1');
    const restored = await restoreBackup({ config, from: old, key: undefined, force: false, appSecretFromEnv: true });
    expect(restored.files).toBeGreaterThan(0);
    const snapshot = await archiveRows(plain, undefined);
    const target = await openRestored(config);
    try {
      for (const table of await listTables(target.database.db))
        expect(await tableRows(target.database.db, table), table).toEqual(snapshot.get(table) ?? []);
    } finally {
      await target.close();
    }
  });

  it('refuses a wrong or missing BACKUP_KEY', async () => {
    await refused('wrong-key', sealed, 'another-key-0123456789', /BACKUP_KEY is wrong/);
    await refused('no-key', sealed, undefined, /set BACKUP_KEY/);
  });

  it('refuses an archive of a newer schema than this code knows', async () => {
    const newer = path.join(work, 'newer.backup');
    const pack = tar.pack();
    const done = pipeline(pack, createGzip(), createWriteStream(newer));
    const manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      schema: { tag: '9999_future', when: 9_999_999_999_999 },
      database: 'pglite',
      storage: 'disk',
      tables: {},
      entries: {},
      files: [],
      missing: [],
      bucket: null,
    };
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.finalize();
    await done;
    await refused('newer', newer, undefined, /newer version/);
  });
});
