import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { STATUS_GROUPS, STATUSES } from '../../contract/statuses';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases, lawyerStatusCounts, users } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';

export type AssignedLawyer = {
  id: string;
  email: string;
  name: string | null;
  infix: string | null;
  lastName: string | null;
  title: string | null;
  phoneNumber: string | null;
};

/** The lawyer with the fewest active cases (ties: the longest-standing account first). */
export async function findLeastBusyLawyer(db: Db): Promise<AssignedLawyer | null> {
  // Read from the per-lawyer counts the triggers keep (migration 0002), never by counting cases.
  const activeOrders = STATUSES.filter((s) => (STATUS_GROUPS.active as readonly string[]).includes(s.slug)).map(
    (s) => s.order,
  );
  const active = db
    .select({
      lawyerId: lawyerStatusCounts.lawyerId,
      n: sql<number>`sum(${lawyerStatusCounts.casesCount})::int`.as('n'),
    })
    .from(lawyerStatusCounts)
    .where(inArray(lawyerStatusCounts.statusOrder, activeOrders))
    .groupBy(lawyerStatusCounts.lawyerId)
    .as('active');
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      infix: users.infix,
      lastName: users.lastName,
      title: users.title,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .leftJoin(active, eq(active.lawyerId, users.id))
    .where(and(eq(users.role, 'lawyer'), isNull(users.deactivatedAt)))
    .orderBy(sql`coalesce(${active.n}, 0)`, asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ?? null;
}

/**
 * Assigns the least busy lawyer to a case that has none.
 * Run it inside a transaction: the case row is locked first, so parallel calls (a request
 * and the periodic sweep) assign exactly one lawyer. Returns the lawyer, or null when the
 * case already had one or no lawyer exists.
 */
export async function assignLawyerIfMissing(tx: Db, caseId: string, now: Date): Promise<AssignedLawyer | null> {
  await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
  const [existing] = await tx
    .select({ lawyerId: caseLawyers.lawyerId })
    .from(caseLawyers)
    .where(eq(caseLawyers.caseId, caseId))
    .limit(1);
  if (existing) return null;
  const lawyer = await findLeastBusyLawyer(tx);
  if (!lawyer) return null;
  const inserted = await tx
    .insert(caseLawyers)
    .values({ caseId, lawyerId: lawyer.id, assignedAt: now })
    .onConflictDoNothing()
    .returning({ lawyerId: caseLawyers.lawyerId });
  if (inserted.length === 0) return null;
  await emit(tx, {
    actorId: null,
    action: 'case.lawyer_assigned',
    subjectType: 'case',
    subjectId: caseId,
    data: { lawyer_id: lawyer.id },
    at: now,
  });
  return lawyer;
}

/** Cases at offer-chosen or later (but still active) that have no lawyer: the sweep's work list. */
export async function listUnassignedCaseIds(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        inArray(cases.statusSlug, [
          'offer-chosen',
          'proposal',
          'incomplete-case-file',
          'reviewing-documents',
          'negotiation-phase',
          'check',
          'ready-for-signing',
        ]),
        sql`NOT EXISTS (SELECT 1 FROM ${caseLawyers} WHERE ${caseLawyers.caseId} = ${cases.id})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The periodic sweep: assigns a lawyer to every case still without one at offer-chosen or
 * later, one transaction per case (its `case.lawyer_assigned` event mails client and lawyer and tells their screens).
 * Returns how many were assigned.
 */
export async function runAssignmentSweep(db: Db, now: Date): Promise<number> {
  let assigned = 0;
  for (const caseId of await listUnassignedCaseIds(db)) {
    const lawyer = await withEvents(db, async (tx) => assignLawyerIfMissing(tx, caseId, now));
    if (lawyer) assigned += 1;
  }
  return assigned;
}

/** Advisory-lock key of the assignment sweep (jobs/scheduler.ts). */
export const LAWYER_ASSIGNMENT_LOCK_KEY = 7_002;

/** The periodic sweep as a scheduler job (registered beside the retention purge in main.ts). */
export function lawyerAssignmentJob(now: () => Date, intervalMs = 15 * 60_000) {
  return {
    name: 'lawyer-assignment',
    lockKey: LAWYER_ASSIGNMENT_LOCK_KEY,
    intervalMs,
    run: (db: Db) => runAssignmentSweep(db, now()),
  };
}
