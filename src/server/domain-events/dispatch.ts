import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { auditEvents } from '../infra/db/schema';
import type { PublishInput } from '../infra/events/bus';
import { EVENT_RULES } from './rules';
import { caseOf, type DomainEvent } from './types';

/** Where live events go once their transaction committed (the app's event bus). */
export type LiveSink = (events: PublishInput[]) => Promise<void>;

/**
 * The installation's settings the rules read (from the app's config): how long the firm keeps a
 * closed file (the completion mail), how long a moved appointment's mail waits for further moves,
 * and the video link of the first conversation (its invites).
 */
export type EventSettings = {
  fileRetentionYears: number;
  mailDigestMs: number;
  videoUrlTemplate: string | undefined;
};

/** The event settings of an app's config. */
export const eventSettingsOf = (
  config: Pick<Config, 'fileRetentionYears' | 'mailDigestMs' | 'appointments'>,
): EventSettings => ({
  fileRetentionYears: config.fileRetentionYears,
  mailDigestMs: config.mailDigestMs,
  videoUrlTemplate: config.appointments.videoUrlTemplate,
});

const PENDING = Symbol('live events waiting for this transaction to commit');
const ROOT = Symbol('the database a transaction of withEvents was opened on');
const SINKS = Symbol('live sinks of this database');
const SETTINGS = Symbol('event settings of this database');

type Collecting = { [PENDING]?: PublishInput[]; [ROOT]?: Bound };
type Bound = { [SINKS]?: LiveSink[]; [SETTINGS]?: EventSettings[] };

/** A drizzle transaction (or savepoint) has `rollback`; the database itself has not. */
const isTransaction = (db: Db) => typeof (db as unknown as { rollback?: unknown }).rollback === 'function';

/**
 * Records a change, once, in the transaction of its cause, and does what its kind's rules
 * (rules.ts) say: the audit line and the mails (outbox rows) in this transaction, the live events
 * after it commits (none when it rolls back). The transaction must be one of `withEvents`; called
 * with the database itself instead, the write commits at once and the live events go out right
 * after it.
 */
export async function emit(tx: Db, event: DomainEvent): Promise<void> {
  const rule = EVENT_RULES[event.action];
  if (rule.audit === 'line') {
    await tx.insert(auditEvents).values({
      actorId: event.actorId,
      action: event.action,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      caseId: event.caseId ?? (event.subjectType === 'case' ? event.subjectId : null),
      data: event.data ?? {},
      createdAt: event.at,
    });
  }
  const caseId = caseOf(event);
  if (rule.mail !== 'none') await rule.mail(tx, event, caseId, () => settingsOf(tx));
  if (rule.push) await rule.push(tx, event, caseId);
  if (!caseId || rule.live === 'none') return;
  const live = await rule.live(tx, event, caseId);
  const pending = (tx as Collecting)[PENDING];
  if (pending) pending.push(...live);
  else if (isTransaction(tx)) throw new Error(`${event.action}: emitted in a transaction not opened with withEvents`);
  else await deliver(tx as unknown as Bound, live);
}

/**
 * Runs `run` in a transaction of `db` and publishes the live events its `emit` calls decided once
 * it committed (none when it rolls back). Every transaction that may emit is opened here, so the
 * work after commit is visible at the call site. Given a transaction of `withEvents` (a query
 * function called inside another's), it opens a savepoint whose events join the outer
 * transaction's when the savepoint succeeds; the outer one publishes them after its commit.
 */
export async function withEvents<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  const outer = (db as Collecting)[PENDING];
  if (!outer && isTransaction(db)) throw new Error('withEvents inside a transaction not opened with withEvents');
  const pending: PublishInput[] = [];
  const root = (db as Collecting)[ROOT] ?? (db as unknown as Bound);
  const result = await db.transaction(async (tx) => {
    (tx as Collecting)[PENDING] = pending;
    (tx as Collecting)[ROOT] = root;
    return run(tx);
  });
  if (outer) outer.push(...pending);
  else await deliver(db as unknown as Bound, pending);
  return result;
}

/**
 * Where the live events of `db` go once their transaction committed: `sink` (the app's event bus).
 * Called once per app (live-stream/routes.ts); jobs and routes share the database, so both publish. With
 * several apps on one database (tests of two instances) the last one bound publishes; its bus
 * reaches the streams of the others through Redis. Returns the unbinding.
 */
export function publishLiveEventsAfterCommit(db: Db, sink: LiveSink): () => void {
  const bound = db as unknown as Bound;
  const sinks = (bound[SINKS] ??= []);
  sinks.push(sink);
  return () => {
    const index = sinks.lastIndexOf(sink);
    if (index >= 0) sinks.splice(index, 1);
  };
}

/**
 * The settings the rules of `db`'s events read (the app's config), bound once per app like the live
 * sink (the last one bound counts). Returns the unbinding.
 */
export function provideEventSettings(db: Db, settings: EventSettings): () => void {
  const bound = db as unknown as Bound;
  const all = (bound[SETTINGS] ??= []);
  all.push(settings);
  return () => {
    const index = all.lastIndexOf(settings);
    if (index >= 0) all.splice(index, 1);
  };
}

/** The settings bound to the database `tx` belongs to; a rule that reads them without any bound is a fault. */
function settingsOf(tx: Db): EventSettings {
  const root = (tx as Collecting)[ROOT] ?? (tx as unknown as Bound);
  const settings = root[SETTINGS]?.at(-1);
  if (!settings) throw new Error('No event settings bound to this database (provideEventSettings)');
  return settings;
}

/** One `case_changed` per case and commit (to everyone any of its events named), the rest in order. */
export function merge(events: PublishInput[]): PublishInput[] {
  const out: PublishInput[] = [];
  const changed = new Map<string, PublishInput<'case_changed'>>();
  for (const event of events) {
    if (event.userIds.length === 0) continue;
    if (event.type !== 'case_changed') {
      out.push(event);
      continue;
    }
    const caseId = (event as PublishInput<'case_changed'>).data.case_id;
    const seen = changed.get(caseId);
    if (seen) {
      seen.userIds = [...new Set([...seen.userIds, ...event.userIds])];
      continue;
    }
    const first = { type: 'case_changed' as const, userIds: [...event.userIds], data: { case_id: caseId } };
    changed.set(caseId, first);
    out.push(first);
  }
  return out;
}

async function deliver(db: Bound, events: PublishInput[]): Promise<void> {
  const sink = db[SINKS]?.at(-1);
  if (!sink || events.length === 0) return;
  await sink(merge(events));
}
