/**
 * Core request-path bench: GET /healthz, GET /api/user and GET /api/cases at 10
 * connections, in rounds, each endpoint's req/s given as a share of /healthz in the same
 * round (the machine is shared, so only ratios within one run are comparable). Goals on
 * PostgreSQL: /api/cases ≥ 20 %, /api/user ≥ 35 %, p99 ≤ 15 ms; on PGlite /api/cases p99 ≤ 40 ms.
 * Each row also gives the CPU time per request of the server process and (PostgreSQL) of its
 * database backends, read from /proc before and after the run: unlike req/s, these hardly move
 * with the machine's load. BENCH_PROFILE=1 runs the server under V8's CPU profiler and prints
 * the top frames by self time; BENCH_PATHS=/api/cases measures (and profiles) only the endpoints
 * given (no share of /healthz then); BENCH_NODE_ARGS adds flags to the server's node (space-separated),
 * and BENCH_SERVER_STDOUT=1 shows the server's standard output (for `--trace-gc`, docs/performance.md). Run alone:
 * `node --import tsx bench/core.ts`; in `npm run bench` unless BENCH_CORE=0.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import pg from 'pg';
import {
  BENCH_METRICS_TOKEN,
  createBenchDatabase,
  outboxSettled,
  processCpuMs,
  processSyscalls,
  startServer,
  stopServer,
} from './support';

export type CoreRow = {
  target: string;
  p50: number;
  p99: number;
  rps: number;
  share: string;
  errors: number;
  /** CPU ms per request of the server process (user + system). */
  cpuMs: number | null;
  /** CPU ms per request of the PostgreSQL backends serving the bench database (PGlite: inside cpuMs). */
  dbCpuMs: number | null;
  /** Read and write system calls per request of the server process (socket reads and writes, mostly). */
  syscalls: { reads: number; writes: number } | null;
};

/** CPU ms so far of each backend of the database at `url` (but the one asking). */
async function backendCpu(client: pg.Client | null): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!client) return cpu;
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ' +
      "backend_type = 'client backend'",
  );
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/** CPU used between two samples: the growth of every backend alive at the end (all of a new one's). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const ENDPOINTS = [
  { name: 'GET /healthz', path: '/healthz', auth: false },
  { name: 'GET /api/user', path: '/api/user', auth: true },
  { name: 'GET /api/cases', path: '/api/cases', auth: true },
] as const;

async function seed(database: Database, cases: number): Promise<string> {
  await ensureCatalogue(database.db);
  const { lawyerIds } = await seedLoad(database.db, { cases, lawyers: 20, now: new Date(), seed: 5, batchSize: 1000 });
  // As autovacuum leaves tables in a running database (and as bench/cases.ts does): the visibility
  // map set, so the list's index-only scans read no table pages.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const token = generateToken();
  await createToken(database.db, {
    userId: lawyerIds[0] as string,
    tokenHash: sha256Hex(token),
    now: new Date(),
    ttlMs: 24 * 3_600_000,
  });
  return token;
}

type Frame = { callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; id: number };

/** Top frames of a .cpuprofile by self time (samples), with their share. */
function topFrames(file: string, count = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Frame[] };
  const total = profile.nodes.reduce((n, node) => n + node.hitCount, 0) || 1;
  const bySite = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${lineNumber + 1}`
      : '';
    const site = `${functionName || '(anonymous)'} ${where}`.trim();
    bySite.set(site, (bySite.get(site) ?? 0) + node.hitCount);
  }
  return [...bySite.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([site, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${site}`);
}

const formatMs = (ms: number | null) => (ms === null ? '–' : ms.toFixed(3));
const formatCalls = (calls: CoreRow['syscalls']) =>
  calls ? `${calls.reads.toFixed(2)} / ${calls.writes.toFixed(2)}` : '–';

/**
 * The rows as a markdown table (CPU: ms per request, server process and database backends; the server's system calls
 * per request).
 */
export function printCoreTable(rows: CoreRow[]): void {
  console.log(
    '\n| endpoint | p50 ms | p99 ms | req/s | share of /healthz | errors | server CPU ms/req | database ' +
      'CPU ms/req | server reads / writes per req |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows)
    console.log(
      `| ${row.target} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.share} | ${row.errors} ` +
        `| ${formatMs(row.cpuMs)} | ${formatMs(row.dbCpuMs)} | ${formatCalls(row.syscalls)} |`,
    );
}

export async function benchCore(options: {
  kind: 'PGlite' | 'PostgreSQL';
  seconds?: number;
  rounds?: number;
  cases?: number;
  profile?: boolean;
  paths?: string[];
}): Promise<CoreRow[]> {
  const endpoints = options.paths ? ENDPOINTS.filter((endpoint) => options.paths?.includes(endpoint.path)) : ENDPOINTS;
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 3;
  console.log(`\nCore request path on ${options.kind} (${rounds} rounds × ${seconds} s per endpoint, 10 connections)`);
  const {
    prepared: token,
    env,
    cleanup,
  } = await createBenchDatabase(options.kind, (database) => seed(database, options.cases ?? 10_000));
  const profileDir = options.profile ? mkdtempSync(path.join(tmpdir(), 'portal-profile-')) : null;
  const nodeArgs = [
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const { child, baseUrl } = await startServer({ ...env, METRICS_TOKEN: BENCH_METRICS_TOKEN }, nodeArgs);
  const rows: CoreRow[] = [];
  const backends = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  await backends?.connect();
  try {
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // the scheduler's first run passes
    await outboxSettled(baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    for (const endpoint of endpoints)
      await autocannon({
        url: `${baseUrl}${endpoint.path}`,
        connections: 10,
        duration: 2,
        headers: endpoint.auth ? headers : {},
      }); // warm-up
    for (let round = 1; round <= rounds; round++) {
      let healthRps = 0;
      for (const endpoint of endpoints) {
        const serverBefore = processCpuMs(child.pid ?? 0);
        const callsBefore = processSyscalls(child.pid ?? 0);
        const dbBefore = await backendCpu(backends);
        const result = await autocannon({
          url: `${baseUrl}${endpoint.path}`,
          connections: 10,
          duration: seconds,
          headers: endpoint.auth ? headers : {},
        });
        const serverAfter = processCpuMs(child.pid ?? 0);
        const callsAfter = processSyscalls(child.pid ?? 0);
        const dbAfter = await backendCpu(backends);
        const requests = result.requests.total || 1;
        const rps = Math.round(result.requests.average);
        if (endpoint.path === '/healthz') healthRps = rps;
        const row: CoreRow = {
          target: `${options.kind} ${endpoint.name} (round ${round})`,
          p50: result.latency.p50,
          p99: result.latency.p99,
          rps,
          share: healthRps ? `${((rps / healthRps) * 100).toFixed(0)} %` : '–',
          errors: result.errors + result.non2xx,
          cpuMs: serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / requests : null,
          dbCpuMs: backends ? cpuBetween(dbBefore, dbAfter) / requests : null,
          syscalls:
            callsBefore && callsAfter
              ? {
                  reads: (callsAfter.reads - callsBefore.reads) / requests,
                  writes: (callsAfter.writes - callsBefore.writes) / requests,
                }
              : null,
        };
        console.log(
          `  ${row.target}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s (${row.share} of ` +
            `/healthz), ${row.errors} errors, CPU ${formatMs(row.cpuMs)} ms/request ` +
            `server, ${formatMs(row.dbCpuMs)} database, ${formatCalls(row.syscalls)} reads/writes per request`,
        );
        rows.push(row);
      }
    }
  } finally {
    await backends?.end();
    await stopServer(child);
    await cleanup();
  }
  if (profileDir) {
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) {
      console.log(`  top frames by self time (${path.join(profileDir, file)}):`);
      for (const line of topFrames(path.join(profileDir, file))) console.log(`    ${line}`);
    }
    if (process.env.BENCH_KEEP_PROFILE !== '1') rmSync(profileDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kinds: ('PGlite' | 'PostgreSQL')[] = process.env.BENCH_KINDS
    ? (process.env.BENCH_KINDS.split(',') as ('PGlite' | 'PostgreSQL')[])
    : ['PGlite', ...(process.env.DATABASE_URL ? (['PostgreSQL'] as const) : [])];
  const all: CoreRow[] = [];
  for (const kind of kinds)
    all.push(
      ...(await benchCore({
        kind,
        seconds: Number(process.env.BENCH_SECONDS ?? 5),
        rounds: Number(process.env.BENCH_ROUNDS ?? 3),
        profile: process.env.BENCH_PROFILE === '1',
        ...(process.env.BENCH_PATHS ? { paths: process.env.BENCH_PATHS.split(',') } : {}),
      })),
    );
  printCoreTable(all);
}
