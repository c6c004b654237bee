import type { Agent } from 'node:https';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import {
  appointments,
  documents,
  invoices,
  messages,
  pushOutbox,
  pushSubscriptions,
  settlementResponses,
  settlementSigned,
  users,
} from '../infra/db/schema';
import { withEvents } from '../domain-events';
import { isPushKind, type PushKind } from '../infra/outbox/push';
import { retryDelayMs } from '../infra/outbox/worker';
import { getVapidKeys } from './keys';
import { pushPayload, type PushNotice } from './payload';
import { removeSubscriptions } from './queries';

type Row = typeof pushOutbox.$inferSelect;
type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** How long a push service keeps a notice for a device that is off (RFC 8030 TTL), and how long it is retried. */
export const PUSH_TTL_SECONDS = 24 * 3_600;
/** Deadlines and the conversation wake a phone that saves power; the rest may wait for its next wake. */
const URGENCY: Record<PushKind, webpush.Urgency> = {
  message: 'normal',
  settlement_version: 'normal',
  document_rejected: 'normal',
  settlement_reply: 'high',
  cooling_off_ending: 'high',
  appointment_soon: 'high',
  invoice_due: 'normal',
};

export type PushSenderOptions = {
  db: Db;
  config: Pick<Config, 'push'>;
  now: () => Date;
  logger: Logger;
  /**
   * Only for tests in this process: the TLS agent that trusts the stand-in push service. The product
   * trusts a stand-in through NODE_EXTRA_CA_CERTS, read at process start.
   */
  agent?: Agent;
  batchSize?: number;
  leaseMs?: number;
};

/** A push service's answer, without the endpoint (it identifies a device). */
function reasonOf(error: unknown): { status: number | null; reason: string; retryAfterMs: number } {
  if (error instanceof WebPushError) {
    const retryAfter = Number(error.headers?.['retry-after']);
    return {
      status: error.statusCode,
      reason: `${error.statusCode}`,
      retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : 0,
    };
  }
  const e = error as { code?: string };
  return { status: null, reason: (e.code ?? 'error').slice(0, 60), retryAfterMs: 0 };
}

/** RFC 8030 Topic: at most 32 base64url characters; one per tag, so the service replaces a notice not yet delivered. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends the push outbox: claims due rows under a lease (several instances never send one twice),
 * drops those read in the portal meanwhile, folds several for one device into one notice, and
 * sends it with web-push (aes128gcm, VAPID, TTL, Urgency, Topic). 2xx: sent; 404 or 410: the
 * subscription is gone and removed; 429 and 5xx (and network faults): retried with the mail
 * outbox's back-off (at least Retry-After) within the TTL; any other answer: failed.
 */
export function createPushSender(options: PushSenderOptions) {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 60_000;

  async function claim(now: Date): Promise<Row[]> {
    return withEvents(db, async (tx) => {
      const due = await tx
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(
          and(
            eq(pushOutbox.status, 'pending'),
            lte(pushOutbox.nextAttemptAt, now),
            or(isNull(pushOutbox.leaseUntil), lte(pushOutbox.leaseUntil, now)),
          ),
        )
        .orderBy(asc(pushOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(pushOutbox)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${pushOutbox.attempts} + 1` })
        .where(
          inArray(
            pushOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function settle(rows: Row[], status: 'sent' | 'skipped' | 'failed', now: Date, lastError: string | null) {
    if (rows.length === 0) return;
    await db
      .update(pushOutbox)
      .set({ status, sentAt: status === 'sent' ? now : null, leaseUntil: null, lastError })
      .where(
        inArray(
          pushOutbox.id,
          rows.map((r) => r.id),
        ),
      );
  }

  /**
   * True while the notice still matters: what it is about was not read, answered, paid, moved or
   * replaced meanwhile.
   */
  async function stillOpen(row: Row): Promise<boolean> {
    const ref = row.ref;
    switch (row.kind as PushKind) {
      case 'message': {
        if (!ref.case_id) return false;
        const [unread] = await db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.caseId, ref.case_id),
              eq(messages.authorRole, ref.reader === 'lawyer' ? 'client' : 'lawyer'),
              isNull(messages.readAt),
            ),
          )
          .limit(1);
        return Boolean(unread);
      }
      case 'settlement_version':
      case 'settlement_reply': {
        if (!ref.version_id) return true;
        const [answered] = await db
          .select({ id: settlementResponses.id })
          .from(settlementResponses)
          .where(eq(settlementResponses.versionId, ref.version_id))
          .limit(1);
        return !answered;
      }
      case 'document_rejected': {
        if (!ref.document_id) return false;
        const [document] = await db
          .select({ status: documents.status, version: documents.version })
          .from(documents)
          .where(eq(documents.id, ref.document_id));
        return document?.status === 'Rejected' && (!ref.version || String(document.version) === ref.version);
      }
      case 'appointment_soon': {
        if (!ref.appointment_id) return false;
        const [appointment] = await db
          .select({ startAt: appointments.startAt })
          .from(appointments)
          .where(and(eq(appointments.id, ref.appointment_id), eq(appointments.status, 'booked')));
        return appointment?.startAt.toISOString() === ref.start;
      }
      case 'invoice_due': {
        if (!ref.invoice_id) return false;
        const [invoice] = await db
          .select({ status: invoices.status })
          .from(invoices)
          .where(eq(invoices.id, ref.invoice_id));
        return invoice?.status === 'open';
      }
      case 'cooling_off_ending': {
        if (!ref.case_id) return false;
        const [signed] = await db
          .select({ endsOn: settlementSigned.coolingOffEndsOn })
          .from(settlementSigned)
          .where(eq(settlementSigned.caseId, ref.case_id));
        // A correction of the signed agreement moved or ended the bedenktijd: that date's notice is void.
        return Boolean(signed) && (!ref.ends_on || signed?.endsOn === ref.ends_on);
      }
    }
  }

  async function sendDevice(subscriptionId: string, rows: Row[]): Promise<void> {
    const now = options.now();
    const unknown = rows.filter((r) => !isPushKind(r.kind));
    await settle(unknown, 'failed', now, 'unknown kind');
    const known = rows.filter((r) => isPushKind(r.kind));
    const open: Row[] = [];
    const read: Row[] = [];
    for (const row of known) ((await stillOpen(row)) ? open : read).push(row);
    await settle(read, 'skipped', now, null);
    if (open.length === 0) return;
    const [device] = await db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        language: users.language,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) return; // removed meanwhile: its rows went with it
    const notices: PushNotice[] = open.map((r) => ({ kind: r.kind as PushKind, tag: r.tag, ref: r.ref }));
    const payload = pushPayload(notices, device.language);
    const keys = await getVapidKeys(db, options.config, now);
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: keys,
          TTL: PUSH_TTL_SECONDS,
          urgency: open.some((r) => URGENCY[r.kind as PushKind] === 'high') ? 'high' : 'normal',
          topic: topicOf(payload.tag),
          contentEncoding: 'aes128gcm',
          timeout: 15_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
    } catch (error) {
      await failed(subscriptionId, open, error);
      return;
    }
    const sentAt = options.now();
    await settle(open, 'sent', sentAt, null);
    await db.update(pushSubscriptions).set({ lastUsedAt: sentAt }).where(eq(pushSubscriptions.id, subscriptionId));
  }

  async function failed(subscriptionId: string, rows: Row[], error: unknown): Promise<void> {
    const now = options.now();
    const { status, reason, retryAfterMs } = reasonOf(error);
    if (status === 404 || status === 410) {
      await removeSubscriptions(db, [subscriptionId]);
      return;
    }
    const retry = status === null || status === 429 || status >= 500;
    for (const row of rows) {
      const next = new Date(now.getTime() + Math.max(retryDelayMs(row.attempts), retryAfterMs));
      if (retry && next.getTime() - row.createdAt.getTime() < PUSH_TTL_SECONDS * 1000) {
        await db
          .update(pushOutbox)
          .set({ nextAttemptAt: next, leaseUntil: null, lastError: reason })
          .where(eq(pushOutbox.id, row.id));
        logger.warn({ push_id: row.id, kind: row.kind, attempts: row.attempts, reason }, 'push not sent, will retry');
      } else {
        await settle([row], 'failed', now, reason);
        logger.error({ push_id: row.id, kind: row.kind, attempts: row.attempts, reason }, 'push failed for good');
      }
    }
  }

  /** One pass: sends what is due; returns how many rows it took. */
  async function runOnce(): Promise<number> {
    const rows = await claim(options.now());
    const byDevice = new Map<string, Row[]>();
    for (const row of rows) byDevice.set(row.subscriptionId, [...(byDevice.get(row.subscriptionId) ?? []), row]);
    for (const [subscriptionId, group] of byDevice) await sendDevice(subscriptionId, group);
    return rows.length;
  }

  return {
    runOnce,
    /** Sends everything due now (tests, the command line). */
    drain: async () => {
      while ((await runOnce()) > 0) {
        // keep going while there is due work
      }
    },
  };
}

export const PUSH_SENDER_LOCK_KEY = 7_064;

/** Every 10 seconds (main.ts); rows are claimed under a lease, so it runs outside any transaction. */
export function pushSenderJob(options: Omit<PushSenderOptions, 'db'>, intervalMs = 10_000) {
  return {
    name: 'push-sender',
    lockKey: PUSH_SENDER_LOCK_KEY,
    intervalMs,
    exclusive: false,
    run: (db: Db) => createPushSender({ ...options, db }).drain(),
  };
}
