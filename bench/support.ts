import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { openPglite, openPostgres, type Database } from '../src/server/infra/db/client';
import { createScratchDatabase } from '../src/server/infra/testing/scratch-database';
import { openEventStream, type EventStream, type SseEvent } from '../src/server/infra/testing/sse-client';

export const BENCH_APP_SECRET = 'bench-secret-bench-secret-bench-secret-1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server as its own process (NODE_ENV=production unless `env` says otherwise) and waits for its first
 * answer.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; baseUrl: string; coldStartMs: number }> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS adds Node options to every server a bench starts (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, ...nodeArgs, 'dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      DEMO_DATA: 'false',
      MAX_UPLOAD_MB: '2048',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, baseUrl, coldStartMs: performance.now() - started };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A fresh database of the given kind, prepared by `prepare` and closed again, with the
 * environment a server needs to open it and a cleanup that removes it.
 */
export async function createBenchDatabase<T>(
  kind: 'PGlite' | 'PostgreSQL',
  prepare: (database: Database) => Promise<T>,
  /** The name prefix of the scratch database on PostgreSQL. */
  prefix = 'portal_bench',
): Promise<{ prepared: T; env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  if (kind === 'PGlite') {
    const database = await openPglite(dataDir);
    const prepared = await prepare(database);
    await database.close();
    return {
      prepared,
      env: { DATA_DIR: dataDir, APP_SECRET: BENCH_APP_SECRET },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is needed for the PostgreSQL bench');
  const scratch = await createScratchDatabase(adminUrl, prefix);
  const database = await openPostgres(scratch.url);
  const prepared = await prepare(database);
  await database.close();
  return {
    prepared,
    env: { DATABASE_URL: scratch.url, DATA_DIR: dataDir, APP_SECRET: BENCH_APP_SECRET },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

/** A live stream (GET /api/events) of the session `token`, through a single-use ticket as the app opens it. */
export async function openLiveStream(
  baseUrl: string,
  token: string,
  onEvent: (event: SseEvent) => void,
): Promise<EventStream> {
  const ticket = await fetch(`${baseUrl}/api/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (ticket.status !== 201) throw new Error(`ticket answered ${ticket.status}`);
  const { ticket: value } = (await ticket.json()) as { ticket: string };
  const stream = await openEventStream(`${baseUrl}/api/events?ticket=${value}`, {}, onEvent);
  if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
  return stream;
}

/** The metrics token the benches give the server, to read its /metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

/**
 * Waits (at most a minute) until the outbox stops shrinking: the seeded cases are idle, so the
 * scheduler's first run queues to-do reminders, and rendering and sending them while an
 * endpoint is measured would weigh on that endpoint alone. Read from `portal_outbox_pending`.
 */
export async function outboxSettled(baseUrl: string): Promise<void> {
  const pending = () => outboxPending(baseUrl);
  let last = await pending();
  for (const deadline = Date.now() + 60_000; last > 0 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await pending();
    if (now >= last) break;
    last = now;
  }
}

/**
 * Waits until the scheduler's first runs are over (every job started 5 s after the server, some take longer: the
 * unread-message mails of a seeded firm) and the mails they queued are sent, so that a measurement starts quiet.
 */
export async function schedulerSettled(baseUrl: string): Promise<void> {
  const jobsRun = async () => {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    return [...(await response.text()).matchAll(/^portal_job_runs_total\{[^}]*\} (\d+)$/gm)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  };
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  let last = await jobsRun();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = await jobsRun();
    if (now === last) break;
    last = now;
  }
  await outboxSettled(baseUrl);
}

/** The mails the server's outbox has still to send (`portal_outbox_pending` of /metrics). */
export async function outboxPending(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const match = /^portal_outbox_pending (\d+)$/m.exec(await response.text());
  return match ? Number(match[1]) : 0;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); null when unreadable. */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Read and write system calls so far of a process (`/proc/<pid>/io`), or null where Linux does not give them. */
export function processSyscalls(pid: number): { reads: number; writes: number } | null {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
    const reads = field('syscr');
    const writes = field('syscw');
    return Number.isFinite(reads) && Number.isFinite(writes) ? { reads, writes } : null;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every common platform. */
const CLOCK_TICKS = 100;
