/**
 * What one instance holds of live streams (GET /api/events): `BENCH_STREAM_COUNT` streams
 * (default 5,000) of the client and the lawyer of ONE case, opened over loopback, then
 * `BENCH_STREAM_MESSAGES` messages (default 20) posted to that case one after another. Reports
 * the streams open, the server's memory per stream (growth of its resident set and of its V8
 * heap, over the streams) and, per message, the time from posting it to its event having
 * arrived on every stream (p50 / p99 / max over the messages; goals: 5,000 streams, p99 ≤ 1 s).
 * With DATABASE_URL and a Redis on REDIS_URL (default redis://127.0.0.1:6379) the same again
 * through two instances sharing the database and the Redis channel, half the streams on each,
 * the messages posted to the first. Every loop is bounded (count and time); loopback only.
 * Run alone: `node --import tsx bench/streams.ts`; in `npm run bench` unless BENCH_LIVE_STREAMS=0.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { createToken } from '../src/server/auth/queries';
import { createCase } from '../src/server/cases/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { createUser } from '../src/server/users/create';
import type { EventStream } from '../src/server/infra/testing/sse-client';
import { createBenchDatabase, openLiveStream, startServer, stopServer } from './support';

const STREAMS = Number(process.env.BENCH_STREAM_COUNT ?? 5_000);
const MESSAGES = Number(process.env.BENCH_STREAM_MESSAGES ?? 20);
/** Streams opened at once while connecting. */
const OPENING = 25;
/** A message not on every stream within this long counts as lost (and the bench goes on). */
const DELIVERY_TIMEOUT_MS = 15_000;
/** The whole connect phase gives up after this long. */
const CONNECT_TIMEOUT_MS = 180_000;

export type StreamsResult = {
  setup: string;
  streams: number;
  connectSeconds: number;
  rssPerStreamKiB: number;
  heapPerStreamKiB: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
};

type Prepared = { caseId: string; clientToken: string; lawyerToken: string };

async function prepare(database: Database): Promise<Prepared> {
  await ensureCatalogue(database.db);
  const now = new Date();
  const token = async (userId: string) => {
    const value = generateToken();
    await createToken(database.db, { userId, tokenHash: sha256Hex(value), now, ttlMs: 24 * 3_600_000 });
    return value;
  };
  const lawyerId = await createUser(database.db, {
    role: 'lawyer',
    email: `bench-streams-lawyer-${randomUUID()}@example.com`,
    name: 'Bench',
    lastName: 'Jurist',
  });
  const clientId = await createUser(database.db, {
    role: 'client',
    email: `bench-streams-client-${randomUUID()}@example.com`,
    name: 'Bench',
    lastName: 'Client',
  });
  const caseId = await createCase(database.db, { clientId, status: 'reviewing-documents', lawyerIds: [lawyerId], now });
  return { caseId, clientToken: await token(clientId), lawyerToken: await token(lawyerId) };
}

/**
 * Resident set and V8 heap of a process in KiB: VmRSS from /proc, the heap from /metrics (prom-client's
 * nodejs_heap_size_used_bytes).
 */
function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN);
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

async function heapKiB(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(await response.text());
  return match ? Number(match[1]) / 1024 : NaN;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Opens `count` streams on `baseUrls` in turn (client and lawyer alternately), `OPENING` at a time; calls `onMessage`
 * with the text of every message event.
 */
async function openStreams(
  baseUrls: string[],
  prepared: Prepared,
  count: number,
  onMessage: (text: string) => void,
): Promise<EventStream[]> {
  const streams: EventStream[] = [];
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  let next = 0;
  const opener = async () => {
    for (let i = next++; i < count && Date.now() < deadline; i = next++) {
      const baseUrl = baseUrls[i % baseUrls.length] as string;
      const token = i % 2 === 0 ? prepared.clientToken : prepared.lawyerToken;
      const stream = await openLiveStream(baseUrl, token, (event) => {
        if (event.event === 'message') onMessage((JSON.parse(event.data) as { text: string }).text);
      });
      streams.push(stream);
    }
  };
  await Promise.all(Array.from({ length: OPENING }, opener));
  return streams;
}

/** One setup: `instances` servers on one database (two: Redis between them), the streams spread over them. */
async function run(kind: 'PGlite' | 'PostgreSQL', instances: 1 | 2): Promise<StreamsResult> {
  const setup = instances === 1 ? `${kind}, one instance` : `${kind}, two instances with Redis`;
  console.log(`\nLive streams (${setup}): ${STREAMS} streams of one case, ${MESSAGES} messages`);
  const { prepared, env, cleanup } = await createBenchDatabase(kind, prepare);
  const redis: Record<string, string> =
    instances === 2 ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {};
  const servers: { child: ChildProcess; baseUrl: string }[] = [];
  let streams: EventStream[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer({ ...env, ...redis, METRICS_TOKEN }));
    const baseUrls = servers.map((server) => server.baseUrl);
    const first = servers[0] as { child: ChildProcess; baseUrl: string };
    // Warm both the posting and the stream paths before the memory is read.
    await fetch(`${first.baseUrl}/api/cases/${prepared.caseId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${prepared.lawyerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'warm-up' }),
    });
    const rssBefore = servers.reduce((n, s) => n + rssKiB(s.child.pid ?? 0), 0);
    const heapBefore = (await Promise.all(baseUrls.map(heapKiB))).reduce((n, h) => n + h, 0);

    // Per message: when it was posted, and how many streams have it.
    const arrivals = new Map<string, { postedAt: number; count: number; all: () => void }>();
    const connectStarted = performance.now();
    streams = await openStreams(baseUrls, prepared, STREAMS, (text) => {
      const entry = arrivals.get(text);
      if (entry && ++entry.count === streams.length) entry.all();
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the last streams' first writes settle
    const rssAfter = servers.reduce((n, s) => n + rssKiB(s.child.pid ?? 0), 0);
    const heapAfter = (await Promise.all(baseUrls.map(heapKiB))).reduce((n, h) => n + h, 0);
    console.log(
      `  ${streams.length} streams open in ${connectSeconds.toFixed(1)} s; server ` +
        `memory ${((rssAfter - rssBefore) / 1024).toFixed(0)} MiB more ` +
        `resident, ${((heapAfter - heapBefore) / 1024).toFixed(0)} MiB more heap`,
    );

    const latencies: number[] = [];
    let lost = 0;
    for (let i = 0; i < MESSAGES; i++) {
      const text = `streams bench ${i} ${randomUUID()}`;
      let all: () => void = () => undefined;
      const arrived = new Promise<'all'>((resolve) => (all = () => resolve('all')));
      const postedAt = performance.now();
      arrivals.set(text, { postedAt, count: 0, all });
      const response = await fetch(`${first.baseUrl}/api/cases/${prepared.caseId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${prepared.lawyerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`message answered ${response.status}`);
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), DELIVERY_TIMEOUT_MS).unref(),
      );
      if ((await Promise.race([arrived, timeout])) === 'all') latencies.push(performance.now() - postedAt);
      else lost++;
      arrivals.delete(text);
    }
    latencies.sort((a, b) => a - b);
    const result: StreamsResult = {
      setup,
      streams: streams.length,
      connectSeconds,
      rssPerStreamKiB: (rssAfter - rssBefore) / Math.max(1, streams.length),
      heapPerStreamKiB: (heapAfter - heapBefore) / Math.max(1, streams.length),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      lost,
    };
    console.log(
      `  posted to on every stream: p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ` +
        `max ${result.max.toFixed(0)} ms, ${lost} not on every stream within ${DELIVERY_TIMEOUT_MS / 1000} s`,
    );
    return result;
  } finally {
    for (const stream of streams) stream.close();
    for (const server of servers) await stopServer(server.child);
    await cleanup();
  }
}

export async function benchStreams(): Promise<StreamsResult[]> {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const results = [await run(kind, 1)];
  if (kind === 'PostgreSQL' && process.env.BENCH_STREAMS_REDIS !== '0') results.push(await run(kind, 2));
  else console.log('\n(two instances with Redis skipped: they need DATABASE_URL)');
  return results;
}

export function printStreamsTable(rows: StreamsResult[]): void {
  console.log(
    '\n| live streams | streams open | connect s | RSS KiB/stream | heap KiB/stream | posted → on every ' +
      'stream p50 ms | p99 ms | max ms | lost |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.setup} | ${r.streams} | ${r.connectSeconds.toFixed(1)} | ${r.rssPerStreamKiB.toFixed(1)} ` +
        `| ${r.heapPerStreamKiB.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} ` +
        `| ${r.max.toFixed(0)} | ${r.lost} |`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchStreams()
    .then(printStreamsTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
