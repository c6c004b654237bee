/**
 * Backup and restore (src/server/backup): 1,000 cases with 10,000 stored files (BENCH_BACKUP_CASES,
 * BENCH_BACKUP_FILES), the time of `backup` and of `restore` into an empty installation of the same
 * database (goal: under a minute each on 2 cores), with the CPU time this process spent on each
 * (the machine may be shared: wall time alone says little; on PostgreSQL the server's CPU is not
 * in it), and what a backup costs the requests beside it: the p99 and slowest of a lawyer's case
 * list served by the same process, without and during another backup (the server's own backups
 * run in its process). BENCH_BACKUP=0 skips it in `npm run bench`;
 * `node --import tsx bench/backup.ts` runs it alone (PostgreSQL too when DATABASE_URL is set;
 * BENCH_BACKUP_KINDS=PGlite or PostgreSQL for one). Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { createToken } from '../src/server/auth/queries';
import { testConfig } from '../src/server/infra/config/config';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { openPglite, openPostgres, type Database } from '../src/server/infra/db/client';
import { documents } from '../src/server/infra/db/schema';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { createFakeClock } from '../src/server/infra/lib/clock';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { diskStorage } from '../src/server/infra/storage/storage';
import { createScratchDatabase } from '../src/server/infra/testing/scratch-database';
import { createBackup } from '../src/server/backup/backup';
import { restoreBackup } from '../src/server/backup/restore';

const CASES = Number(process.env.BENCH_BACKUP_CASES ?? 1_000);
const FILES = Number(process.env.BENCH_BACKUP_FILES ?? 10_000);
const SECONDS = Number(process.env.BENCH_BACKUP_SECONDS ?? 5);

export type BackupBenchRow = {
  kind: 'PGlite' | 'PostgreSQL';
  backupS: number;
  backupCpuS: number;
  restoreS: number;
  restoreCpuS: number;
  bytes: number;
  p99Quiet: number;
  p99During: number;
  /** The slowest request during the backup: on the embedded database, about the time its rows take. */
  maxDuring: number;
};

async function latency(url: string, token: string, seconds: number): Promise<{ p99: number; max: number }> {
  const result = await autocannon({
    url,
    connections: 4,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return { p99: result.latency.p99, max: result.latency.max };
}

export async function benchBackup(kind: 'PGlite' | 'PostgreSQL'): Promise<BackupBenchRow> {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-backup-'));
  const scratch =
    kind === 'PostgreSQL'
      ? await createScratchDatabase(process.env.DATABASE_URL as string, 'portal_bench_backup')
      : null;
  const database: Database = scratch ? await openPostgres(scratch.url) : await openPglite(path.join(work, 'source'));
  const storage = diskStorage(path.join(work, 'source', 'files'));
  let target: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  try {
    await ensureCatalogue(database.db);
    const { lawyerIds, caseIds } = await seedLoad(database.db, {
      cases: CASES,
      lawyers: 10,
      now: new Date(),
      seed: 11,
    });
    // 10,000 files of 4 to 64 KB spread over the cases, each a document row naming it.
    for (let i = 0; i < FILES; i++) {
      const caseId = caseIds[i % caseIds.length] as string;
      const key = `documents/${caseId}/bench-${i}`;
      await storage.put(key, randomBytes(4096 + ((i * 7919) % 61_440)));
      await database.db.insert(documents).values({
        caseId,
        title: `Stuk ${i}`,
        filename: `stuk-${i}.pdf`,
        storageKey: key,
        status: 'Uploaded',
        version: 1,
        contentType: 'application/pdf',
      });
    }
    const token = generateToken();
    await createToken(database.db, {
      userId: lawyerIds[0] as string,
      tokenHash: sha256Hex(token),
      now: new Date(),
      ttlMs: 3_600_000,
    });
    const app = await buildApp({
      config: testConfig({ dataDir: path.join(work, 'source'), rateLimitPerMinute: 0 }),
      database,
      clock: createFakeClock(new Date()),
      storage,
      webRoot: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/cases`;
    const quiet = (await latency(url, token, SECONDS)).p99;

    // The requests beside a backup (the server's own backups run in its process).
    const backup = (to: string) =>
      createBackup({ database, storage, to, key: 'bench-backup-key-0123456789', now: new Date() });
    const during = latency(url, token, SECONDS);
    await backup(path.join(work, 'beside.backup'));
    const { p99: p99During, max: maxDuring } = await during;
    await app.close();
    rmSync(path.join(work, 'beside.backup'));

    // The backup alone: its wall and CPU time, nothing else running in this process.
    const file = path.join(work, 'bench.backup');
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { bytes } = await backup(file);
    const backupS = (performance.now() - started) / 1000;
    const backupCpuS = cpuSeconds(process.cpuUsage(cpu));

    // Into an empty installation of the same kind: a scratch PostgreSQL database, or a new DATA_DIR.
    target = scratch ? await createScratchDatabase(process.env.DATABASE_URL as string, 'portal_bench_restore') : null;
    const restoreStarted = performance.now();
    const restoreCpu = process.cpuUsage();
    await restoreBackup({
      config: testConfig({ dataDir: path.join(work, 'restored'), databaseUrl: target?.url }),
      from: file,
      key: 'bench-backup-key-0123456789',
      force: false,
      appSecretFromEnv: true,
    });
    const restoreS = (performance.now() - restoreStarted) / 1000;
    const restoreCpuS = cpuSeconds(process.cpuUsage(restoreCpu));
    return { kind, backupS, backupCpuS, restoreS, restoreCpuS, bytes, p99Quiet: quiet, p99During, maxDuring };
  } finally {
    await database.close();
    await scratch?.drop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

export function printBackupTable(rows: BackupBenchRow[]): void {
  console.log(
    `\nBackup and restore, ${CASES} cases, ${FILES} files (goal: under 60 s each on 2 cores)\n` +
      '| database | backup s | backup CPU s | restore s | restore CPU s | archive MB ' +
      '| case list p99 ms quiet | p99 ms during backup | max ms during backup |\n' +
      '|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.kind} | ${r.backupS.toFixed(1)} | ${r.backupCpuS.toFixed(1)} | ${r.restoreS.toFixed(1)} ` +
        `| ${r.restoreCpuS.toFixed(1)} | ${(r.bytes / 1_048_576).toFixed(1)} ` +
        `| ${r.p99Quiet} | ${r.p99During} | ${r.maxDuring} |`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all: BackupBenchRow['kind'][] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  const only = process.env.BENCH_BACKUP_KINDS?.split(',');
  const kinds = only ? all.filter((kind) => only.includes(kind)) : all;
  (async () => {
    const rows: BackupBenchRow[] = [];
    for (const kind of kinds) rows.push(await benchBackup(kind));
    printBackupTable(rows);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
