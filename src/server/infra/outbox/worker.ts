import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailTopic } from '../../../contract/notifications';
import type { Database, Db } from '../db/client';
import { documents, outbox } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Config } from '../config/config';
import { isMailKind, MAIL_KINDS } from './kinds';
import type { MailItem, MailSite } from './templates';
import type { MailAttachment, MailMessage, Transport } from './transport';
import { ONE_CLICK_PATH, unsubscribeToken } from './unsubscribe';
import { rowTransaction } from '../db/transaction';

type OutboxRow = typeof outbox.$inferSelect;
type Logger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The firm's details for the mails' look, from the configuration. */
export function mailSite(config: Config): MailSite {
  const { site } = config;
  return {
    productName: site.productName,
    publicUrl: config.publicUrl,
    supportEmail: site.supportEmail,
    supportPhone: site.supportPhone,
    addressLines: site.addressLines,
    contactUrl: site.contactUrl,
  };
}

/**
 * What a feature adds to a mail of one of its kinds when it goes alone (not folded into a
 * digest): a calendar invitation or files. The composition root hands the worker the features'
 * makers (`MAIL_EXTRAS`, src/server/mail-extras.ts), so the outbox knows no feature.
 */
export type MailExtras = (mail: {
  db: Db;
  kind: string;
  payload: Record<string, unknown>;
  language: string;
  site: MailSite;
}) => Promise<{ icalEvent?: MailMessage['icalEvent']; attachments?: MailAttachment[] } | null>;

export type OutboxWorkerOptions = {
  db: Db;
  /** Wakes the worker on NOTIFY outbox (written by a trigger on insert); without it, polling only. */
  listen?: Database['listen'];
  clock: Clock;
  transport: Transport;
  site: MailSite;
  secret: string;
  digestMs: number;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row is held by its worker; after that another instance may take it. */
  leaseMs?: number;
  /** The features' additions to their mails (`MailExtras`); none when absent. */
  extras?: readonly MailExtras[];
};

export type OutboxWorker = {
  /** Starts listening and polling. */
  start: () => Promise<void>;
  /** Stops; waits for the run in progress. */
  stop: () => Promise<void>;
  /** Runs soon (another run follows if one is in progress). */
  wake: () => void;
  /** Sends everything that is due now; resolves when nothing due is left (tests, shutdown, CLI). */
  drain: () => Promise<void>;
};

/** Retries: 30 s, 1 min, 2 min … at most 6 h apart, for 48 h after the mail was written; then failed. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 6 * 3_600_000;
export const RETRY_FOR_MS = 48 * 3_600_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** An SMTP error without addresses (they are personal data): the reply code and the first words. */
function describeError(error: unknown): string {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const text = `${e.responseCode ?? e.code ?? 'error'} ${e.message ?? String(error)}`;
  return text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '<address>')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

/** How long after a NOTIFY the worker starts: the causing request has answered by then. */
const WAKE_DELAY_MS = 20;

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * The digest's rows for one recipient, with back-and-forth phase changes folded: per case only
 * the net change from the first `from` to the last `to` remains, nothing when they are equal.
 */
export function foldDigest(rows: OutboxRow[]): { send: OutboxRow[]; skip: OutboxRow[] } {
  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const phases = new Map<string, OutboxRow[]>();
  for (const row of sorted) {
    if (row.kind !== 'phase_changed') continue;
    const caseId = String(row.payload.case_id ?? '');
    phases.set(caseId, [...(phases.get(caseId) ?? []), row]);
  }
  const skip = new Set<OutboxRow>();
  const replaced = new Map<OutboxRow, OutboxRow>();
  for (const chain of phases.values()) {
    const first = chain[0];
    const last = chain[chain.length - 1];
    if (!first || !last) continue;
    for (const row of chain.slice(0, -1)) skip.add(row);
    if (first.payload.from === last.payload.to) skip.add(last);
    else replaced.set(last, { ...last, payload: { ...last.payload, from: first.payload.from } });
  }
  return {
    send: sorted.filter((r) => !skip.has(r)).map((r) => replaced.get(r) ?? r),
    skip: sorted.filter((r) => skip.has(r)),
  };
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, clock, transport, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  async function claim(now: Date): Promise<OutboxRow[]> {
    await db
      .update(outbox)
      .set({ status: 'skipped', payload: {}, lastError: 'expired', leaseUntil: null })
      .where(and(eq(outbox.status, 'pending'), lte(outbox.expiresAt, now)));
    const free = or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now));
    return rowTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: outbox.id, toAddress: outbox.toAddress, digest: outbox.digest })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, now),
            free,
            or(eq(outbox.digest, false), lte(outbox.createdAt, new Date(now.getTime() - options.digestMs))),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const addresses = unique(due.filter((d) => d.digest).map((d) => d.toAddress));
      const companions = addresses.length
        ? await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(
              and(eq(outbox.status, 'pending'), eq(outbox.digest, true), inArray(outbox.toAddress, addresses), free),
            )
            .for('update', { skipLocked: true })
        : [];
      const ids = unique([...due.map((d) => d.id), ...companions.map((c) => c.id)]);
      return tx
        .update(outbox)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, ids))
        .returning();
    });
  }

  async function finish(rows: OutboxRow[], status: 'sent' | 'skipped', now: Date) {
    if (rows.length === 0) return;
    await db
      .update(outbox)
      .set({ status, sentAt: status === 'sent' ? now : null, leaseUntil: null, payload: {}, lastError: null })
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
  }

  async function fail(rows: OutboxRow[], error: unknown, now: Date) {
    const reason = describeError(error);
    for (const row of rows) {
      const expired = now.getTime() - row.createdAt.getTime() >= RETRY_FOR_MS;
      if (expired || (row.expiresAt && row.expiresAt <= now)) {
        await db
          .update(outbox)
          .set({ status: 'failed', leaseUntil: null, lastError: reason })
          .where(eq(outbox.id, row.id));
        logger.error({ outbox_id: row.id, kind: row.kind, attempts: row.attempts, reason }, 'mail failed for good');
      } else {
        const next = new Date(now.getTime() + retryDelayMs(row.attempts));
        await db
          .update(outbox)
          .set({ nextAttemptAt: next, leaseUntil: null, lastError: reason })
          .where(eq(outbox.id, row.id));
        logger.warn(
          { outbox_id: row.id, kind: row.kind, attempts: row.attempts, reason, next_attempt_at: next.toISOString() },
          'mail not sent, will retry',
        );
      }
    }
  }

  async function sendGroup(rows: OutboxRow[]): Promise<void> {
    const known = rows.filter((r) => isMailKind(r.kind));
    const unknown = rows.filter((r) => !isMailKind(r.kind));
    if (unknown.length) await fail(unknown, new Error('unknown mail kind'), clock.now());
    const settled = await settledRejections(known);
    const open = known.filter((r) => !settled.has(r));
    const folded = open.length > 1 || open[0]?.digest ? foldDigest(open) : { send: open, skip: [] };
    const send = folded.send;
    const skip = [...folded.skip, ...settled];
    if (send.length === 0) {
      await finish(skip, 'skipped', clock.now());
      return;
    }
    const last = send[send.length - 1] as OutboxRow;
    const items: MailItem[] = send.map((r) => ({ kind: r.kind as MailItem['kind'], payload: r.payload }));
    const topics = unique(
      send.map((r) => MAIL_KINDS[r.kind as MailItem['kind']].topic).filter((t): t is MailTopic => t !== null),
    );
    const unsubscribe = last.recipientId
      ? topics.map((topic) => {
          const token = encodeURIComponent(unsubscribeToken(options.secret, last.recipientId as string, topic));
          return {
            topic,
            url: `${options.site.publicUrl}/afmelden?token=${token}`,
            oneClickUrl: `${options.site.publicUrl}${ONE_CLICK_PATH}?token=${token}`,
          };
        })
      : [];
    try {
      // Loaded on first use: the CLI and start-up do not pay for React Email.
      const { renderMail } = await import('./templates');
      const mail = await renderMail({ language: last.language, site: options.site, items, unsubscribe });
      let icalEvent: MailMessage['icalEvent'];
      const attachments: MailAttachment[] = [];
      if (send.length === 1) {
        const mail = { db, kind: last.kind, payload: last.payload, language: last.language, site: options.site };
        for (const extra of options.extras ?? []) {
          const added = await extra(mail);
          icalEvent ??= added?.icalEvent;
          attachments.push(...(added?.attachments ?? []));
        }
      }
      await transport.send({
        to: last.toAddress,
        ...mail,
        // RFC 8058: the mail program's own button unsubscribes with one POST to the header's address.
        ...(unsubscribe.length
          ? {
              headers: {
                'List-Unsubscribe': unsubscribe.map((u) => `<${u.oneClickUrl}>`).join(', '),
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
        ...(icalEvent ? { icalEvent } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (error) {
      await fail(known, error, clock.now());
      return;
    }
    const now = clock.now();
    await finish(send, 'sent', now);
    await finish(skip, 'skipped', now);
  }

  /**
   * Rejection notices the client no longer needs to act on: the document was replaced since
   * (a newer version, under review or approved) or is gone. Like a phase changed back, they are skipped.
   */
  async function settledRejections(rows: OutboxRow[]): Promise<Set<OutboxRow>> {
    const rejections = rows.filter((r) => r.kind === 'document_rejected' && typeof r.payload.document_id === 'string');
    if (rejections.length === 0) return new Set();
    const ids = unique(rejections.map((r) => r.payload.document_id as string));
    const current = new Map(
      (
        await db
          .select({ id: documents.id, status: documents.status, version: documents.version })
          .from(documents)
          .where(inArray(documents.id, ids))
      ).map((d) => [d.id, d]),
    );
    return new Set(
      rejections.filter((r) => {
        const document = current.get(r.payload.document_id as string);
        if (!document) return true;
        if (typeof r.payload.version === 'number' && document.version !== r.payload.version) return true;
        return document.status !== 'Rejected';
      }),
    );
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(clock.now());
    if (rows.length === 0) return 0;
    const groups = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const key = row.digest ? `digest:${row.toAddress}` : `row:${row.id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const queue = [...groups.values()];
    const lanes = Array.from({ length: Math.min(5, queue.length) }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) await sendGroup(group);
    });
    await Promise.all(lanes);
    return rows.length;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopped && (await runOnce()) > 0) {
          // keep going while there is due work
        }
      } catch (error) {
        logger.error({ err: { message: (error as Error).message } }, 'outbox run failed');
      }
    } while (again && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  return {
    async start() {
      stopped = false;
      if (options.listen) {
        try {
          // A notification arrives as the causing transaction commits: start a moment later, so that
          // rendering and sending never run inside the request that caused the mail (its answer,
          // and its timing, must not depend on whether a mail was queued).
          unlisten = await options.listen('outbox', () => setTimeout(wake, WAKE_DELAY_MS).unref());
        } catch (error) {
          logger.warn({ err: { message: (error as Error).message } }, 'outbox LISTEN unavailable, polling only');
        }
      }
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (unlisten) await unlisten();
      unlisten = null;
      if (running) await running;
      transport.close?.();
    },
    wake,
    async drain() {
      // A run the timer or a notification starts meanwhile may hold rows this one skips: wait for
      // it too, so that everything due has been sent (or given up) when drain resolves.
      do {
        if (running) await running;
        while ((await runOnce()) > 0) {
          // until nothing due is left
        }
      } while (running);
    },
  };
}
