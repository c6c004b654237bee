import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import type { PublishInput } from '../events/bus';
import { EVENT_RULES } from './rules';
import { caseOf, type DomainEvent } from './types';

/** Where live events go once their transaction committed (the app's event bus). */
export type LiveSink = (events: PublishInput[]) => Promise<void>;

const PENDING = Symbol('live events waiting for this transaction to commit');
const SINKS = Symbol('live sinks of this database');

type Collecting = { [PENDING]?: PublishInput[] };
type Bound = { [SINKS]?: LiveSink[]; transaction: Db['transaction'] };

/**
 * Records a change, once, in the transaction of its cause, and does what its kind's rules
 * (rules.ts) say: the audit line and the mails (outbox rows) in this transaction, the live events
 * after it commits (none when it rolls back). Called with the database itself instead of a
 * transaction, the write commits at once and the live events go out right after it.
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
  if (!caseId) return;
  if (rule.mail !== 'none') await rule.mail(tx, event, caseId);
  if (rule.live === 'none') return;
  const live = await rule.live(tx, event, caseId);
  const pending = (tx as Collecting)[PENDING];
  if (pending) pending.push(...live);
  else await deliver(tx as unknown as Bound, live);
}

/**
 * Makes every transaction of `db` (and every transaction nested in one) collect the live events
 * its `emit` calls decide, and hand them to `sink` after the outermost one committed. Called once
 * per app (events/routes.ts) with its event bus; jobs and routes share the database, so both publish. With
 * several apps on one database (tests of two instances) the last one bound publishes; its bus
 * reaches the streams of the others through Redis. Returns the unbinding.
 */
export function publishLiveEventsAfterCommit(db: Db, sink: LiveSink): () => void {
  const bound = db as unknown as Bound;
  if (!bound[SINKS]) {
    bound[SINKS] = [];
    const original = bound.transaction.bind(db);
    bound.transaction = (async (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
      const pending: PublishInput[] = [];
      const result = await original((tx) => run(collecting(tx, pending)), config as never);
      await deliver(bound, pending);
      return result;
    }) as Db['transaction'];
  }
  const sinks = bound[SINKS];
  sinks.push(sink);
  return () => {
    const index = sinks.lastIndexOf(sink);
    if (index >= 0) sinks.splice(index, 1);
  };
}

/** A transaction (or savepoint) whose events join `pending` when it succeeds. */
function collecting(tx: Db, pending: PublishInput[]): Db {
  const target = tx as unknown as Collecting & Bound;
  target[PENDING] = pending;
  const nested = target.transaction.bind(tx);
  target.transaction = (async (run: (inner: Db) => Promise<unknown>, config?: unknown) => {
    const mine: PublishInput[] = [];
    const result = await nested((inner) => run(collecting(inner, mine)), config as never);
    pending.push(...mine);
    return result;
  }) as Db['transaction'];
  return tx;
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
