import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { queryRows } from '../db/sql';

export type OutboxLag = { pending: number; oldestPendingSeconds: number };

/**
 * The outbox's backlog: how many mails are pending and how old (seconds since written) the
 * oldest of them is, 0 when none is pending. A digest mail waits MAIL_DIGEST_MINUTES on
 * purpose, so the age reaches that window in normal operation; more means SMTP is down or slow.
 */
export async function readOutboxLag(db: Db, now: Date): Promise<OutboxLag> {
  const isPending = sql`${outbox.status} = 'pending'`;
  const [row] = await queryRows<{ pending: number | string; oldest: string | Date | null }>(
    db,
    sql`SELECT count(*)::int AS pending, min(${outbox.createdAt}) AS oldest FROM ${outbox} WHERE ${isPending}`,
  );
  const pending = Number(row?.pending ?? 0);
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { pending, oldestPendingSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0 };
}

/**
 * Two gauges on /metrics, read at scrape time with one query per scrape:
 * `portal_outbox_pending` (count) and `portal_outbox_oldest_pending_age_seconds`.
 */
export function registerOutboxMetrics(app: FastifyInstance): void {
  const { db, clock } = app.deps;
  // Both gauges are collected in one scrape: share the query of that scrape.
  let current: Promise<OutboxLag> | null = null;
  const read = () => {
    if (!current) {
      current = readOutboxLag(db, clock.now());
      void current.finally(() => setImmediate(() => (current = null))).catch(() => undefined);
    }
    return current;
  };
  app.metrics.addGauge(
    'portal_outbox_pending',
    'Mails in the outbox not yet sent (pending, including retries and digest waits)',
    async () => (await read()).pending,
  );
  app.metrics.addGauge(
    'portal_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending mail in the outbox (0 when none is pending); digest mails wait ' +
      'MAIL_DIGEST_MINUTES on purpose',
    async () => (await read()).oldestPendingSeconds,
  );
}
