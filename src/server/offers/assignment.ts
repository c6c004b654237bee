import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import { STATUS_GROUPS, STATUSES } from '../../contract/statuses';
import { DEFAULT_LAWYER_TITLE } from '../../contract/lawyers';
import type { Db } from '../db/client';
import { caseLawyers, cases, lawyerStatusCounts, users } from '../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';
import { recordAudit } from '../audit/queries';

export type AssignedLawyer = { id: string; email: string; name: string | null; infix: string | null; lastName: string | null; title: string | null; phoneNumber: string | null };

/** The lawyer with the fewest active cases (ties: the longest-standing account first). */
export async function findLeastBusyLawyer(db: Db): Promise<AssignedLawyer | null> {
  // Read from the per-lawyer counts the triggers keep (migration 0002), never by counting cases.
  const activeOrders = STATUSES.filter((s) => (STATUS_GROUPS.active as readonly string[]).includes(s.slug)).map((s) => s.order);
  const active = db
    .select({ lawyerId: lawyerStatusCounts.lawyerId, n: sql<number>`sum(${lawyerStatusCounts.casesCount})::int`.as('n') })
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
    .where(eq(users.role, 'lawyer'))
    .orderBy(sql`coalesce(${active.n}, 0)`, asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ?? null;
}

/**
 * Assigns the least busy lawyer to a case that has none (DESIGN.md "Lawyer assignment").
 * Run it inside a transaction: the case row is locked first, so parallel calls (a request
 * and the periodic sweep) assign exactly one lawyer. Returns the lawyer, or null when the
 * case already had one or no lawyer exists.
 */
export async function assignLawyerIfMissing(tx: Db, caseId: string, now: Date): Promise<AssignedLawyer | null> {
  await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
  const [existing] = await tx.select({ lawyerId: caseLawyers.lawyerId }).from(caseLawyers).where(eq(caseLawyers.caseId, caseId)).limit(1);
  if (existing) return null;
  const lawyer = await findLeastBusyLawyer(tx);
  if (!lawyer) return null;
  const inserted = await tx.insert(caseLawyers).values({ caseId, lawyerId: lawyer.id, assignedAt: now }).onConflictDoNothing().returning({ lawyerId: caseLawyers.lawyerId });
  if (inserted.length === 0) return null;
  await recordAudit(tx, { actorId: null, action: 'case.lawyer_assigned', subjectType: 'case', subjectId: caseId, data: { lawyer_id: lawyer.id }, at: now });
  return lawyer;
}

/** Cases at offer-chosen or later (but still active) that have no lawyer: the sweep's work list. */
export async function listUnassignedCaseIds(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        inArray(cases.statusSlug, ['offer-chosen', 'proposal', 'incomplete-case-file', 'reviewing-documents', 'negotiation-phase', 'check', 'ready-for-signing']),
        sql`NOT EXISTS (SELECT 1 FROM ${caseLawyers} WHERE ${caseLawyers.caseId} = ${cases.id})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Dutch mail telling a client which lawyer was assigned to them. */
export function lawyerAssignedMail(input: { to: string; clientName: string | null; lawyer: AssignedLawyer; productName: string; portalUrl: string }): MailMessage {
  const lawyerName = getDisplayName({ name: input.lawyer.name, infix: input.lawyer.infix, last_name: input.lawyer.lastName });
  const greeting = input.clientName ? `Hallo ${input.clientName},` : 'Hallo,';
  const lines = [
    greeting,
    '',
    `Goed nieuws: ${lawyerName} (${input.lawyer.title || DEFAULT_LAWYER_TITLE}) is je jurist en gaat je zaak behandelen.`,
    'Je jurist neemt binnenkort contact met je op. Je vindt de contactgegevens ook in je portaal.',
    '',
    `E-mail: ${input.lawyer.email}`,
    ...(input.lawyer.phoneNumber ? [`Telefoon: ${input.lawyer.phoneNumber}`] : []),
    '',
    `Naar je portaal: ${input.portalUrl}`,
    '',
    'Met vriendelijke groet,',
    input.productName,
  ];
  const html = `<!doctype html><html lang="nl"><body style="font-family:Arial,sans-serif;color:#1f2937">${lines
    .map((line) => (line === '' ? '' : `${escapeHtml(line)}<br>`))
    .join('\n')}</body></html>`;
  return { to: input.to, subject: `Je jurist bij ${input.productName} is bekend`, text: lines.join('\n'), html };
}

export type AssignmentMailContext = { mailer: Mailer; productName: string; portalUrl: string };

/** Queues the assignment mail to the case's client. */
export async function mailAssignedLawyer(db: Db, caseId: string, lawyer: AssignedLawyer, context: AssignmentMailContext): Promise<void> {
  const [client] = await db
    .select({ email: users.email, name: users.name })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(eq(cases.id, caseId));
  if (!client) return;
  context.mailer.enqueue(lawyerAssignedMail({ to: client.email, clientName: client.name, lawyer, productName: context.productName, portalUrl: context.portalUrl }));
}

/**
 * The periodic sweep: assigns a lawyer to every case still without one at offer-chosen or
 * later, one transaction per case, and mails each client. Returns how many were assigned.
 */
export async function runAssignmentSweep(db: Db, now: Date, context: AssignmentMailContext): Promise<number> {
  let assigned = 0;
  for (const caseId of await listUnassignedCaseIds(db)) {
    const lawyer = await db.transaction(async (tx) => assignLawyerIfMissing(tx as unknown as Db, caseId, now));
    if (!lawyer) continue;
    assigned += 1;
    await mailAssignedLawyer(db, caseId, lawyer, context);
  }
  return assigned;
}

/** Advisory-lock key of the assignment sweep (jobs/scheduler.ts). */
export const LAWYER_ASSIGNMENT_LOCK_KEY = 7_002;

/**
 * The periodic sweep as a scheduler job: register it beside the retention purge in main.ts,
 * e.g. `lawyerAssignmentJob(() => runtime.clock.now(), { mailer, productName, portalUrl })`.
 */
export function lawyerAssignmentJob(now: () => Date, context: AssignmentMailContext, intervalMs = 15 * 60_000) {
  return { name: 'lawyer-assignment', lockKey: LAWYER_ASSIGNMENT_LOCK_KEY, intervalMs, run: (db: Db) => runAssignmentSweep(db, now(), context) };
}
