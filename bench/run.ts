/**
 * `npm run bench`: first the firm's busiest hour (bench/firm-hour.ts: the capacity reached, as a multiple of that
 * hour, against its goals); then seeds 10,000 cases over 20 lawyers, starts the built server as its own
 * process and measures cold start and request latency with autocannon, on PGlite and (when
 * DATABASE_URL is set) on PostgreSQL. Figures are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { type Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { benchCases } from './cases';
import { benchInsight, printInsightTable, type InsightBenchRow } from './insight';
import { createBenchDatabase, startServer, stopServer } from './support';
import { benchUploads } from './uploads';
import { measureLoginJs } from './login-js';
import { benchLighthouse, printLighthouseTable } from './lighthouse';
import { benchMessages } from './messages';
import { benchStreams, printStreamsTable, type StreamsResult } from './streams';
import { benchOutbox, type OutboxLagResult } from './outbox';
import { benchCore, printCoreTable, type CoreRow } from './core';
import { benchFirmHour, firmHourOptions, printFirmHourSummary, type FirmHourResult } from './firm-hour';
import { benchBackup, printBackupTable } from './backup';
import { createUser } from '../src/server/users/create';
import { createCase } from '../src/server/cases/queries';
import { documents } from '../src/server/infra/db/schema';
import { eq } from 'drizzle-orm';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type Row = { target: string; p50: number; p99: number; rps: number; errors: number };

type Prepared = { token: string; lawyerId: string; clientToken: string; documentId: string };

async function prepare(database: Database): Promise<Prepared> {
  await ensureCatalogue(database.db);
  const started = Date.now();
  const { lawyerIds } = await seedLoad(database.db, { cases: CASES, lawyers: LAWYERS, now: new Date(), seed: 7 });
  console.log(`  seeded ${CASES} cases over ${LAWYERS} lawyers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const token = generateToken();
  const lawyerId = lawyerIds[0] as string;
  await createToken(database.db, {
    userId: lawyerId,
    tokenHash: sha256Hex(token),
    now: new Date(),
    ttlMs: 24 * 3_600_000,
  });
  // A client with a case, for the upload and download of a large file.
  const clientId = await createUser(database.db, {
    role: 'client',
    email: `bench-client-${randomUUID()}@example.com`,
    name: 'Bench',
    lastName: 'Client',
  });
  const caseId = await createCase(database.db, {
    clientId,
    status: 'incomplete-case-file',
    lawyerIds: [lawyerId],
    now: new Date(),
  });
  const [document] = await database.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.caseId, caseId))
    .limit(1);
  const clientToken = generateToken();
  await createToken(database.db, {
    userId: clientId,
    tokenHash: sha256Hex(clientToken),
    now: new Date(),
    ttlMs: 24 * 3_600_000,
  });
  return { token, lawyerId, clientToken, documentId: document?.id ?? '' };
}

async function load(target: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  return {
    target,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

async function benchDatabase(kind: 'PGlite' | 'PostgreSQL'): Promise<Row[]> {
  console.log(`\n${kind}`);
  const { prepared, env, cleanup } = await createBenchDatabase(kind, prepare);
  const { child, baseUrl, coldStartMs } = await startServer(env);
  const rows: Row[] = [];
  try {
    console.log(`  cold start to first answer: ${coldStartMs.toFixed(0)} ms`);
    const auth = { authorization: `Bearer ${prepared.token}` };
    rows.push(await load(`${kind} GET /healthz`, `${baseUrl}/healthz`));
    rows.push(await load(`${kind} GET /api/user`, `${baseUrl}/api/user`, auth));
    if (process.env.BENCH_UPLOAD !== '0' && child.pid) {
      const sizeMiB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
      const upload = await benchUploads({
        baseUrl,
        clientToken: prepared.clientToken,
        documentId: prepared.documentId,
        serverPid: child.pid,
        sizeMiB,
      });
      console.log(
        `  ${sizeMiB} MiB file: upload ${upload.uploadMBps.toFixed(0)} MB/s, ` +
          `download ${upload.downloadMBps.toFixed(0)} MB/s, server peak RSS ` +
          `growth ${upload.peakRssGrowthMiB.toFixed(1)} MiB (goals ≥ 150 MB/s, ≤ 64 MiB)`,
      );
    }
    if (kind === 'PGlite') {
      const js = await measureLoginJs(baseUrl);
      console.log(
        `  JavaScript for /login: ${js.totalGzipKiB.toFixed(1)} KiB gzip in ${js.files.length} files (budget 160 KiB)`,
      );
      for (const file of [...js.files].sort((a, b) => b.gzipKiB - a.gzipKiB).slice(0, 5))
        console.log(`    ${file.gzipKiB.toFixed(1)} KiB  ${file.url.replace(baseUrl, '')}`);
    }
  } finally {
    await stopServer(child);
    await cleanup();
  }
  return rows;
}

async function main(): Promise<void> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    console.log('Building the product first (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  // The firm's busiest hour first: the goals the others serve. BENCH_FIRM_HOUR=0 skips it; `npm run bench -- --quick`
  // runs it short, and only it.
  const firmHour: FirmHourResult[] = [];
  const { kinds, ...firmHourRun } = firmHourOptions();
  if (process.env.BENCH_FIRM_HOUR !== '0') {
    for (const kind of kinds) firmHour.push(await benchFirmHour({ kind, ...firmHourRun }));
    printFirmHourSummary(firmHour);
    if (firmHourRun.quick) return;
  }
  console.log(`Bench: ${CASES} cases, ${LAWYERS} lawyers, autocannon 10 connections × ${DURATION} s per endpoint`);
  const rows = await benchDatabase('PGlite');
  if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('PostgreSQL')));
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to include it)');
  if (process.env.BENCH_CASE_LIST !== '0') {
    rows.push(...(await benchCases({ kind: 'PGlite', seconds: DURATION })));
    if (process.env.DATABASE_URL) rows.push(...(await benchCases({ kind: 'PostgreSQL', seconds: DURATION })));
  }
  // The firm's view (/beheer/inzicht) at 100,000 cases with their histories; BENCH_INSIGHT=0 skips it.
  const insight: InsightBenchRow[] = [];
  if (process.env.BENCH_INSIGHT !== '0') {
    insight.push(...(await benchInsight({ kind: 'PGlite', seconds: Math.min(DURATION, 5) })));
    if (process.env.DATABASE_URL)
      insight.push(...(await benchInsight({ kind: 'PostgreSQL', seconds: Math.min(DURATION, 5) })));
  }
  // Messages over live events with 500 streams; BENCH_MESSAGES=0 skips it.
  if (process.env.BENCH_MESSAGES !== '0') {
    await benchMessages('PGlite');
    if (process.env.DATABASE_URL) await benchMessages('PostgreSQL');
  }
  // What one instance holds of live streams, and two with Redis; BENCH_LIVE_STREAMS=0 skips it.
  const liveStreams: StreamsResult[] = process.env.BENCH_LIVE_STREAMS !== '0' ? await benchStreams() : [];
  // Outbox lag, event to mail accepted by SMTP, for 1,000 events; BENCH_OUTBOX=0 skips it.
  const lags: OutboxLagResult[] = [];
  if (process.env.BENCH_OUTBOX !== '0') {
    lags.push(await benchOutbox('PGlite'));
    if (process.env.DATABASE_URL) lags.push(await benchOutbox('PostgreSQL'));
  }
  console.log('\n| endpoint | p50 ms | p99 ms | req/s | errors |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.target} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.errors} |`);
  if (insight.length) printInsightTable(insight);
  if (lags.length) {
    console.log(
      '\n| outbox lag (event → accepted by SMTP) | events | delivered | p50 ms | p99 ms | max ms | wall s ' +
        '|\n|---|---|---|---|---|---|---|',
    );
    for (const l of lags)
      console.log(
        `| ${l.kind} | ${l.events} | ${l.delivered} | ${l.p50.toFixed(0)} | ${l.p99.toFixed(0)} ` +
          `| ${l.max.toFixed(0)} | ${l.seconds.toFixed(1)} |`,
      );
  }
  if (liveStreams.length) printStreamsTable(liveStreams);
  // The request path as shares of /healthz in the same round; BENCH_CORE=0 skips it.
  if (process.env.BENCH_CORE !== '0') {
    const core: CoreRow[] = await benchCore({ kind: 'PGlite', seconds: DURATION });
    if (process.env.DATABASE_URL) core.push(...(await benchCore({ kind: 'PostgreSQL', seconds: DURATION })));
    printCoreTable(core);
  }
  // Lighthouse, mobile and desktop; BENCH_LIGHTHOUSE=0 skips it.
  if (process.env.BENCH_LIGHTHOUSE !== '0') printLighthouseTable(await benchLighthouse());
  if (process.env.BENCH_BACKUP !== '0') {
    const backups = [await benchBackup('PGlite')];
    if (process.env.DATABASE_URL) backups.push(await benchBackup('PostgreSQL'));
    printBackupTable(backups);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
