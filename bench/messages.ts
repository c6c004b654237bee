/**
 * Messages over live events: 500 streams connected to one instance, then lawyers
 * send messages as fast as 10 parallel senders can; each reaches its client's stream.
 * Reports messages/s sent (POST answered), messages/s delivered (all events received) and
 * the send-to-delivery latency. BENCH_MESSAGES=0 skips it; BENCH_MESSAGE_COUNT, BENCH_STREAMS size it.
 */
import type { Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { createToken } from '../src/server/auth/queries';
import { createCase } from '../src/server/cases/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { createUser } from '../src/server/users/create';
import type { EventStream } from '../src/server/infra/testing/sse-client';
import { createBenchDatabase, openLiveStream, startServer, stopServer } from './support';

type Prepared = { conversations: { caseId: string; clientToken: string; lawyerToken: string }[] };

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGE_COUNT ?? 2000);
const SENDERS = 10;
const LAWYERS = 10;

async function prepare(database: Database): Promise<Prepared> {
  await ensureCatalogue(database.db);
  const now = new Date();
  const token = async (userId: string) => {
    const value = generateToken();
    await createToken(database.db, { userId, tokenHash: sha256Hex(value), now, ttlMs: 24 * 3_600_000 });
    return value;
  };
  const lawyers: { id: string; token: string }[] = [];
  for (let i = 0; i < LAWYERS; i++) {
    const id = await createUser(database.db, {
      role: 'lawyer',
      email: `bench-lawyer-${i}@example.com`,
      name: 'Bench',
      lastName: `Jurist ${i}`,
    });
    lawyers.push({ id, token: await token(id) });
  }
  const conversations: Prepared['conversations'] = [];
  for (let i = 0; i < STREAMS; i++) {
    const lawyer = lawyers[i % LAWYERS] as { id: string; token: string };
    const clientId = await createUser(database.db, {
      role: 'client',
      email: `bench-chat-${i}@example.com`,
      name: 'Client',
      lastName: String(i),
    });
    const caseId = await createCase(database.db, {
      clientId,
      status: 'reviewing-documents',
      lawyerIds: [lawyer.id],
      now,
    });
    conversations.push({ caseId, clientToken: await token(clientId), lawyerToken: lawyer.token });
  }
  return { conversations };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchMessages(kind: 'PGlite' | 'PostgreSQL'): Promise<void> {
  console.log(
    `\nMessages over live events (${kind}, one instance, ${STREAMS} streams, ${MESSAGES} ` +
      `messages, ${SENDERS} parallel senders)`,
  );
  const { prepared, env, cleanup } = await createBenchDatabase(kind, prepare);
  const { child, baseUrl } = await startServer(env);
  const streams: EventStream[] = [];
  try {
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let delivered = 0;
    let allDelivered: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allDelivered = resolve));
    const connectStarted = performance.now();
    for (const conversation of prepared.conversations) {
      const stream = await openLiveStream(baseUrl, conversation.clientToken, (event) => {
        if (event.event !== 'message') return;
        const text = (JSON.parse(event.data) as { text: string }).text;
        const started = sentAt.get(text);
        if (started === undefined) return;
        latencies.push(performance.now() - started);
        if (++delivered === MESSAGES) allDelivered();
      });
      streams.push(stream);
    }
    console.log(
      `  ${streams.length} streams connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
    );

    let next = 0;
    let failures = 0;
    const started = performance.now();
    const sender = async () => {
      for (let i = next++; i < MESSAGES; i = next++) {
        const conversation = prepared.conversations[
          i % prepared.conversations.length
        ] as Prepared['conversations'][number];
        const text = `bench ${i}`;
        sentAt.set(text, performance.now());
        const response = await fetch(`${baseUrl}/api/cases/${conversation.caseId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${conversation.lawyerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) failures++;
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const sentSeconds = (performance.now() - started) / 1000;
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
    const outcome = await Promise.race([done.then(() => 'done' as const), timeout]);
    const deliveredSeconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(`  sent: ${(MESSAGES / sentSeconds).toFixed(0)} messages/s (${failures} failed)`);
    const gaveUp = outcome === 'timeout' ? ' (gave up after 30 s)' : '';
    const rate = (delivered / deliveredSeconds).toFixed(0);
    console.log(`  delivered over SSE: ${delivered}/${MESSAGES}${gaveUp}, ${rate} messages/s`);
    console.log(
      `  send-to-delivery latency: p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(child);
    await cleanup();
  }
}

// Run on its own: node --import tsx bench/messages.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  benchMessages('PGlite')
    .then(() => (process.env.DATABASE_URL ? benchMessages('PostgreSQL') : undefined))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
