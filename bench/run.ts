/**
 * `npm run bench`: seeds 10,000 cases over 20 lawyers, starts the built server as its own
 * process and measures cold start and request latency with autocannon, on PGlite and (when
 * DATABASE_URL is set) on PostgreSQL. Figures are printed, never asserted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { ensureCatalogue } from '../src/server/db/catalogue';
import { seedLoad } from '../src/server/db/seed-load';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/lib/crypto';
import { benchCases } from './cases';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type Row = { target: string; p50: number; p99: number; rps: number; errors: number };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function prepare(database: Database): Promise<{ token: string; lawyerId: string }> {
  await ensureCatalogue(database.db);
  const started = Date.now();
  const { lawyerIds } = await seedLoad(database.db, { cases: CASES, lawyers: LAWYERS, now: new Date(), seed: 7 });
  console.log(`  seeded ${CASES} cases over ${LAWYERS} lawyers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const token = generateToken();
  const lawyerId = lawyerIds[0] as string;
  await createToken(database.db, { userId: lawyerId, tokenHash: sha256Hex(token), now: new Date(), ttlMs: 24 * 3_600_000 });
  return { token, lawyerId };
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string; coldStartMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, baseUrl, coldStartMs: performance.now() - started };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function load(target: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  return { target, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
}

async function benchDatabase(kind: 'PGlite' | 'PostgreSQL'): Promise<Row[]> {
  console.log(`\n${kind}`);
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let prepared: { token: string; lawyerId: string };
  if (kind === 'PGlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
    const database = await openPglite(dataDir);
    prepared = await prepare(database);
    await database.close();
    env = { DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-1' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.DATABASE_URL as string;
    const name = `portal_bench_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    prepared = await prepare(database);
    await database.close();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret-1' };
    cleanup = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
  const { child, baseUrl, coldStartMs } = await startServer(env);
  const rows: Row[] = [];
  try {
    console.log(`  cold start to first answer: ${coldStartMs.toFixed(0)} ms`);
    const auth = { authorization: `Bearer ${prepared.token}` };
    rows.push(await load(`${kind} GET /healthz`, `${baseUrl}/healthz`));
    rows.push(await load(`${kind} GET /api/user`, `${baseUrl}/api/user`, auth));
    if (kind === 'PGlite' && existsSync('bench/login-js.ts')) {
      const loginJsModule = './login-js';
      const { measureLoginJs } = (await import(loginJsModule)) as { measureLoginJs: (url: string) => Promise<{ totalGzipKiB: number; files: { url: string; gzipKiB: number }[] }> };
      const js = await measureLoginJs(baseUrl);
      console.log(`  JavaScript for /login: ${js.totalGzipKiB.toFixed(1)} KiB gzip in ${js.files.length} files (budget 160 KiB)`);
      for (const file of [...js.files].sort((a, b) => b.gzipKiB - a.gzipKiB).slice(0, 5)) console.log(`    ${file.gzipKiB.toFixed(1)} KiB  ${file.url.replace(baseUrl, '')}`);
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
  console.log(`Bench: ${CASES} cases, ${LAWYERS} lawyers, autocannon 10 connections × ${DURATION} s per endpoint`);
  const rows = await benchDatabase('PGlite');
  if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('PostgreSQL')));
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to include it)');
  if (process.env.BENCH_CASE_LIST !== '0') {
    rows.push(...(await benchCases({ kind: 'PGlite', seconds: DURATION })));
    if (process.env.DATABASE_URL) rows.push(...(await benchCases({ kind: 'PostgreSQL', seconds: DURATION })));
  }
  console.log('\n| endpoint | p50 ms | p99 ms | req/s | errors |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.target} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.errors} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
