import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { testConfig } from '../infra/config/config';
import { ensureCatalogue } from '../infra/db/catalogue';
import { openPglite, openPostgres, type Database, type Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import { seedDemo } from '../demo/seed-demo';
import { diskStorage } from '../infra/storage/storage';
import { createScratchDatabase } from '../infra/testing/scratch-database';
import { createBackup, listTables } from './backup';
import { restoreBackup, RestoreRefusedError } from './restore';

/**
 * A firm moves from the embedded database to PostgreSQL and back: a backup of one restores into
 * the other with every row and file. Needs a PostgreSQL server (DATABASE_URL, only used to make a
 * scratch database of this file's own); without it the file is skipped.
 */
const adminUrl = process.env.DATABASE_URL;
const KEY = 'move-test-key-0123456789';

const normalise = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)
      ? new Date(value).toISOString()
      : value,
  );
async function everyRow(db: Db): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  for (const table of await listTables(db)) {
    const rows = await queryRows<{ j: Record<string, unknown> | string }>(
      db,
      sql`SELECT row_to_json(t) AS j FROM ${sql.identifier(table)} AS t`,
    );
    all.set(
      table,
      rows.map((r) => normalise(typeof r.j === 'string' ? (JSON.parse(r.j) as Record<string, unknown>) : r.j)).sort(),
    );
  }
  return all;
}

describe.skipIf(!adminUrl)('backup and restore: from the embedded database into PostgreSQL and back', () => {
  let work: string;
  let scratch: { url: string; drop: () => Promise<void> };
  let source: Database;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'portal-move-'));
    scratch = await createScratchDatabase(adminUrl as string, 'portal_restore');
    source = await openPglite(path.join(work, 'embedded'));
  });
  afterAll(async () => {
    await source?.close().catch(() => undefined);
    await scratch?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('moves every row and every file', { timeout: 240_000 }, async () => {
    const storage = diskStorage(path.join(work, 'embedded', 'files'));
    await ensureCatalogue(source.db);
    await seedDemo(source.db, storage, new Date(), testConfig().site);
    const before = await everyRow(source.db);
    const file = path.join(work, 'embedded.backup');
    const made = await createBackup({ database: source, storage, to: file, key: KEY, now: new Date() });
    await source.close();

    // Into an empty PostgreSQL database.
    const pgConfig = testConfig({ databaseUrl: scratch.url, dataDir: path.join(work, 'pg-side') });
    const intoPg = await restoreBackup({
      config: pgConfig,
      from: file,
      key: KEY,
      force: false,
      appSecretFromEnv: true,
    });
    expect(intoPg).toMatchObject({ database: 'postgres', tables: made.tables, files: made.files });
    const pg = await openPostgres(scratch.url, { max: 2 });
    try {
      expect(await everyRow(pg.db)).toEqual(before);
      const pgStorage = diskStorage(path.join(work, 'pg-side', 'files'));
      const [doc] = await queryRows<{ key: string }>(
        pg.db,
        sql`SELECT storage_key AS key FROM documents WHERE storage_key IS NOT NULL LIMIT 1`,
      );
      expect((await pgStorage.read(doc!.key)).size).toBe((await storage.read(doc!.key)).size);
      // A damaged archive with --force is refused and changes nothing: its rows were loaded in a
      // transaction that is rolled back.
      const cut = path.join(work, 'cut.backup');
      const bytes = readFileSync(file);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
      await expect(
        restoreBackup({ config: pgConfig, from: cut, key: KEY, force: true, appSecretFromEnv: true }),
      ).rejects.toBeInstanceOf(RestoreRefusedError);
      expect(await everyRow(pg.db)).toEqual(before);
      expect((await pgStorage.read(doc!.key)).size).toBe((await storage.read(doc!.key)).size);
      // And back: a backup of PostgreSQL into a new embedded installation.
      const back = path.join(work, 'postgres.backup');
      await createBackup({ database: pg, storage: pgStorage, to: back, key: KEY, now: new Date() });
      const embeddedConfig = testConfig({ dataDir: path.join(work, 'embedded-again'), databaseUrl: undefined });
      const intoEmbedded = await restoreBackup({
        config: embeddedConfig,
        from: back,
        key: KEY,
        force: false,
        appSecretFromEnv: true,
      });
      expect(intoEmbedded).toMatchObject({ database: 'pglite', tables: made.tables, files: made.files });
    } finally {
      await pg.close();
    }
    const again = await openPglite(path.join(work, 'embedded-again'));
    try {
      expect(await everyRow(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
