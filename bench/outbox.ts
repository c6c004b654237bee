/**
 * Outbox lag: 1,000 events, each a lawyer's status change that mails the client
 * (`phase_changed`), sent through the built server as its own process with
 * MAIL_DIGEST_MINUTES=0 and SMTP_URL pointing at a real SMTP peer (src/server/infra/testing/smtp-peer.ts).
 * The lag of a mail runs from its outbox row's `created_at` (the event's transaction) to the
 * moment the peer accepted it; reported at p50, p99 and max, with the wall time for all.
 * BENCH_OUTBOX=0 skips it; BENCH_OUTBOX_EVENTS sizes it; `node --import tsx bench/outbox.ts` runs it alone.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../src/server/infra/db/client';
import { openPglite, openPostgres } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { createToken } from '../src/server/auth/queries';
import { createCase } from '../src/server/cases/queries';
import { outbox } from '../src/server/infra/db/schema';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { createUser } from '../src/server/users/create';
import { startSmtpPeer } from '../src/server/infra/testing/smtp-peer';
import { createBenchDatabase, startServer, stopServer } from './support';

const EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? 1000);
const SENDERS = 10;
const LAWYERS = 10;

type Prepared = { cases: { caseId: string; email: string; lawyerToken: string }[] };

async function prepare(database: Database): Promise<Prepared> {
  await ensureCatalogue(database.db);
  const now = new Date();
  const lawyers: { id: string; token: string }[] = [];
  for (let i = 0; i < LAWYERS; i++) {
    const id = await createUser(database.db, {
      role: 'lawyer',
      email: `bench-outbox-lawyer-${i}@example.com`,
      name: 'Bench',
      lastName: `Jurist ${i}`,
    });
    const token = generateToken();
    await createToken(database.db, { userId: id, tokenHash: sha256Hex(token), now, ttlMs: 24 * 3_600_000 });
    lawyers.push({ id, token });
  }
  const cases: Prepared['cases'] = [];
  for (let i = 0; i < EVENTS; i++) {
    const lawyer = lawyers[i % LAWYERS] as { id: string; token: string };
    const email = `bench-outbox-client-${i}@example.com`;
    const clientId = await createUser(database.db, { role: 'client', email, name: 'Client', lastName: String(i) });
    const caseId = await createCase(database.db, {
      clientId,
      status: 'reviewing-documents',
      lawyerIds: [lawyer.id],
      now,
    });
    cases.push({ caseId, email, lawyerToken: lawyer.token });
  }
  return { cases };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export type OutboxLagResult = {
  kind: string;
  events: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
};

export async function benchOutbox(kind: 'PGlite' | 'PostgreSQL'): Promise<OutboxLagResult> {
  console.log(
    `\nOutbox lag (${kind}, one instance, ${EVENTS} status changes by ${SENDERS} parallel senders, each ` +
      `mailing one client)`,
  );
  const { prepared, env, cleanup } = await createBenchDatabase(kind, prepare);
  const peer = await startSmtpPeer();
  const { child, baseUrl } = await startServer({ ...env, SMTP_URL: peer.url, MAIL_DIGEST_MINUTES: '0' });
  const addresses = new Set(prepared.cases.map((c) => c.email));
  const ours = () => peer.messages.filter((m) => m.to.some((to) => addresses.has(to)));
  let failures = 0;
  const started = performance.now();
  try {
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < prepared.cases.length; i = next++) {
        const item = prepared.cases[i] as Prepared['cases'][number];
        const response = await fetch(`${baseUrl}/api/cases/${item.caseId}/status`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${item.lawyerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'negotiation-phase' }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    console.log(
      `  ${prepared.cases.length} requests answered ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; ${ours().length} mails accepted by then`,
    );
    // Wait (on the peer, not on a sleep) until every mail arrived or 10 minutes passed.
    const deadline = performance.now() + 600_000;
    while (ours().length < EVENTS - failures && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await stopServer(child);
    await peer.close();
  }
  const seconds = (performance.now() - started) / 1000;
  // The rows' created_at, read once the server has let go of the database.
  const database =
    kind === 'PGlite' ? await openPglite(env.DATA_DIR as string) : await openPostgres(env.DATABASE_URL as string);
  const created = new Map<string, number>();
  try {
    const rows = await database.db
      .select({ to: outbox.toAddress, createdAt: outbox.createdAt })
      .from(outbox)
      .where(inArray(outbox.toAddress, [...addresses]));
    for (const row of rows) created.set(row.to, row.createdAt.getTime());
  } finally {
    await database.close();
    await cleanup();
  }
  const lags: number[] = [];
  for (const mail of ours()) {
    const at = mail.to.map((to) => created.get(to)).find((t) => t !== undefined);
    if (at !== undefined) lags.push(mail.receivedAt - at);
  }
  lags.sort((a, b) => a - b);
  const result = {
    kind,
    events: EVENTS,
    delivered: ours().length,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags.at(-1) ?? 0,
    seconds,
  };
  console.log(
    `  ${failures} requests failed; ${result.delivered}/${EVENTS} mails accepted by the SMTP peer ` +
      `in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  event-to-accepted lag: p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ` +
      `max ${result.max.toFixed(0)} ms`,
  );
  return result;
}

// Run on its own: node --import tsx bench/outbox.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  benchOutbox('PGlite')
    .then(() => (process.env.DATABASE_URL ? benchOutbox('PostgreSQL') : undefined))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
