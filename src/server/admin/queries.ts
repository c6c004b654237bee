import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminAuditEvent, AdminCase, AdminLawyer, AuditQuery } from '../../contract/admin';
import { getDisplayName } from '../../contract/rules/display-name';
import { STATUS_GROUPS, getStatus, type StatusSlug } from '../../contract/statuses';
import { emit, withEvents } from '../domain-events';
import { NON_PERSONAL_AUDIT_KEYS } from '../audit/scrub';
import type { Db } from '../infra/db/client';
import {
  auditEvents,
  caseLawyers,
  caseStandIns,
  cases,
  lawyerStatusCounts,
  staffTwoFactor,
  tokens,
  twoFactorChallenges,
  users,
} from '../infra/db/schema';
import { localDate } from '../infra/lib/local-date';
import { markClosedCaseDocumentsSeen } from '../documents/queries';
import { retryMail } from '../infra/outbox/queries';
import { createUser } from '../users/create';

export const ADMIN_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
/** The CSV export holds at most this many lines (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const ACTIVE_ORDERS = STATUS_GROUPS.active.map((slug) => getStatus(slug).order);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const fullName = (u: { name: string | null; infix: string | null; lastName: string | null }) =>
  getDisplayName({ name: u.name, infix: u.infix, last_name: u.lastName });

// --- Lawyers ---

export async function listLawyers(db: Db): Promise<AdminLawyer[]> {
  const rows = await db
    .select({ user: users, twoFactorEnabled: sql<boolean>`${staffTwoFactor.enabledAt} IS NOT NULL` })
    .from(users)
    .leftJoin(staffTwoFactor, eq(staffTwoFactor.userId, users.id))
    .where(eq(users.role, 'lawyer'))
    .orderBy(asc(users.lastName), asc(users.name), asc(users.id));
  const ids = rows.map((r) => r.user.id);
  // Read from the per-lawyer counts the triggers keep (migration 0002), never by counting cases.
  const counts = ids.length
    ? await db
        .select({ lawyerId: lawyerStatusCounts.lawyerId, n: sql<number>`sum(${lawyerStatusCounts.casesCount})::int` })
        .from(lawyerStatusCounts)
        .where(and(inArray(lawyerStatusCounts.lawyerId, ids), inArray(lawyerStatusCounts.statusOrder, ACTIVE_ORDERS)))
        .groupBy(lawyerStatusCounts.lawyerId)
    : [];
  const countOf = new Map(counts.map((c) => [c.lawyerId, Number(c.n)]));
  return rows.map(({ user, twoFactorEnabled }) =>
    toAdminLawyer(user, Boolean(twoFactorEnabled), countOf.get(user.id) ?? 0),
  );
}

export function toAdminLawyer(
  user: typeof users.$inferSelect,
  twoFactorEnabled: boolean,
  activeCases: number,
): AdminLawyer {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    full_name: fullName(user),
    email: user.email,
    title: user.title,
    active: user.deactivatedAt === null,
    deactivated_at: iso(user.deactivatedAt),
    two_factor_enabled: twoFactorEnabled,
    active_cases_count: activeCases,
  };
}

/** Creates a lawyer's account and records who did, in one transaction (409 for a taken address). */
export async function createLawyerAccount(
  db: Db,
  input: { actorId: string; email: string; name: string; lastName: string; title: string | null; now: Date },
): Promise<string> {
  return withEvents(db, async (tx) => {
    const id = await createUser(tx, {
      role: 'lawyer',
      email: input.email,
      name: input.name,
      lastName: input.lastName,
      title: input.title,
    });
    await emit(tx, {
      actorId: input.actorId,
      action: 'lawyer.created',
      subjectType: 'user',
      subjectId: id,
      at: input.now,
    });
    return id;
  });
}

/** Puts a pending or failed mail back in line and records who did, in one transaction. */
export async function retryMailBy(
  db: Db,
  input: { id: string; actorId: string; previousStatus: string; now: Date },
): Promise<boolean> {
  return withEvents(db, async (tx) => {
    if (!(await retryMail(tx, input.id, input.now))) return false;
    await emit(tx, {
      actorId: input.actorId,
      action: 'outbox.retried',
      subjectType: 'outbox',
      subjectId: input.id,
      data: { previous_status: input.previousStatus },
      at: input.now,
    });
    return true;
  });
}

export async function findLawyer(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'lawyer')));
  return row ?? null;
}

/**
 * Switches a lawyer's account off: in one transaction the account is marked, every token is
 * revoked and every open second-factor challenge voided, so they are signed out at once.
 * Returns false when the lawyer was already off (parallel requests change it once).
 */
export async function setLawyerActive(
  db: Db,
  input: { lawyerId: string; active: boolean; actorId: string; now: Date },
): Promise<boolean> {
  return withEvents(db, async (tx) => {
    const updated = await tx
      .update(users)
      .set({ deactivatedAt: input.active ? null : input.now, updatedAt: input.now })
      .where(
        and(
          eq(users.id, input.lawyerId),
          eq(users.role, 'lawyer'),
          input.active ? sql`${users.deactivatedAt} IS NOT NULL` : isNull(users.deactivatedAt),
        ),
      )
      .returning({ id: users.id });
    if (updated.length !== 1) return false;
    if (!input.active) {
      await tx
        .update(tokens)
        .set({ revokedAt: input.now })
        .where(and(eq(tokens.userId, input.lawyerId), isNull(tokens.revokedAt)));
      await tx
        .update(twoFactorChallenges)
        .set({ voidedAt: input.now })
        .where(
          and(
            eq(twoFactorChallenges.userId, input.lawyerId),
            isNull(twoFactorChallenges.consumedAt),
            isNull(twoFactorChallenges.voidedAt),
          ),
        );
    }
    await emit(tx, {
      actorId: input.actorId,
      action: input.active ? 'lawyer.reactivated' : 'lawyer.deactivated',
      subjectType: 'user',
      subjectId: input.lawyerId,
      at: input.now,
    });
    return true;
  });
}

// --- Cases ---

export async function searchCases(
  db: Db,
  input: { q: string | undefined; page: number; now: Date },
): Promise<{ data: AdminCase[]; hasMore: boolean }> {
  const q = input.q?.trim().toLowerCase();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const company = sql`lower(coalesce(${cases.companyName}, ''))`;
  const where = pattern
    ? sql`(lower(${cases.clientName}) LIKE ${pattern} OR ${company} LIKE ${pattern} OR ${users.email} LIKE ${pattern})`
    : undefined;
  const rows = await db
    .select({ caseRow: cases, client: users })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(where)
    .orderBy(desc(cases.lastUpdateAt), desc(cases.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  return { data: await toAdminCases(db, page, input.now), hasMore: rows.length > ADMIN_PAGE_SIZE };
}

export async function getAdminCase(db: Db, caseId: string, now: Date): Promise<AdminCase | null> {
  const rows = await db
    .select({ caseRow: cases, client: users })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(eq(cases.id, caseId));
  const [mapped] = await toAdminCases(db, rows, now);
  return mapped ?? null;
}

async function toAdminCases(
  db: Db,
  rows: { caseRow: typeof cases.$inferSelect; client: typeof users.$inferSelect }[],
  now: Date,
): Promise<AdminCase[]> {
  const ids = rows.map((r) => r.caseRow.id);
  if (ids.length === 0) return [];
  const today = localDate(now);
  const [assigned, standIns] = await Promise.all([
    db
      .select({ caseId: caseLawyers.caseId, lawyer: users })
      .from(caseLawyers)
      .innerJoin(users, eq(users.id, caseLawyers.lawyerId))
      .where(inArray(caseLawyers.caseId, ids))
      .orderBy(asc(caseLawyers.assignedAt)),
    db
      .select({ standIn: caseStandIns, lawyer: users })
      .from(caseStandIns)
      .innerJoin(users, eq(users.id, caseStandIns.lawyerId))
      .where(and(inArray(caseStandIns.caseId, ids), gte(caseStandIns.untilDate, today)))
      .orderBy(asc(caseStandIns.fromDate)),
  ]);
  return rows.map(({ caseRow, client }) => {
    const lawyers = assigned
      .filter((a) => a.caseId === caseRow.id)
      .map((a) => ({ id: a.lawyer.id, full_name: fullName(a.lawyer), active: a.lawyer.deactivatedAt === null }));
    const status = getStatus(caseRow.statusSlug as StatusSlug);
    const isActive = (STATUS_GROUPS.active as readonly string[]).includes(caseRow.statusSlug);
    return {
      id: caseRow.id,
      client_name: fullName(client),
      client_email: client.email,
      company_name: caseRow.companyName,
      status: { slug: status.slug, display_name: status.displayName, order: status.order },
      lawyers,
      stand_ins: standIns
        .filter((s) => s.standIn.caseId === caseRow.id)
        .map((s) => ({
          id: s.standIn.id,
          lawyer_id: s.lawyer.id,
          full_name: fullName(s.lawyer),
          from: s.standIn.fromDate,
          until: s.standIn.untilDate,
        })),
      legal_hold: caseRow.legalHold,
      legal_hold_reason: caseRow.legalHoldReason,
      needs_reassignment: isActive && lawyers.some((l) => !l.active) && !lawyers.some((l) => l.active),
      appointment_planned: caseRow.appointmentStartTime !== null && caseRow.appointmentStartTime > now,
    };
  });
}

/**
 * Hands a case to another lawyer: the assignment is replaced in one transaction and audited as
 * `case.reassigned`. The status never changes here (it moves only through the workflow).
 */
export async function reassignCase(
  db: Db,
  input: { caseId: string; lawyerId: string; actorId: string; now: Date },
): Promise<boolean> {
  return withEvents(db, async (tx) => {
    const [locked] = await tx
      .select({ id: cases.id, statusSlug: cases.statusSlug })
      .from(cases)
      .where(eq(cases.id, input.caseId))
      .for('update');
    if (!locked) return false;
    const before = await tx
      .select({ lawyerId: caseLawyers.lawyerId })
      .from(caseLawyers)
      .where(eq(caseLawyers.caseId, input.caseId));
    const previous = before.map((b) => b.lawyerId);
    if (previous.length === 1 && previous[0] === input.lawyerId) return true;
    await tx
      .delete(caseLawyers)
      .where(and(eq(caseLawyers.caseId, input.caseId), sql`${caseLawyers.lawyerId} <> ${input.lawyerId}`));
    await markClosedCaseDocumentsSeen(tx, {
      caseId: input.caseId,
      statusSlug: locked.statusSlug,
      lawyerId: input.lawyerId,
      now: input.now,
    });
    await tx
      .insert(caseLawyers)
      .values({ caseId: input.caseId, lawyerId: input.lawyerId, assignedAt: input.now })
      .onConflictDoNothing();
    await emit(tx, {
      actorId: input.actorId,
      action: 'case.reassigned',
      subjectType: 'case',
      subjectId: input.caseId,
      data: { from: previous, to: input.lawyerId },
      at: input.now,
    });
    return true;
  });
}

export async function addStandIn(
  db: Db,
  input: { caseId: string; lawyerId: string; from: string; until: string; actorId: string; now: Date },
): Promise<string> {
  return withEvents(db, async (tx) => {
    const [row] = await tx
      .insert(caseStandIns)
      .values({
        caseId: input.caseId,
        lawyerId: input.lawyerId,
        fromDate: input.from,
        untilDate: input.until,
        createdBy: input.actorId,
        createdAt: input.now,
      })
      .returning({ id: caseStandIns.id });
    await emit(tx, {
      actorId: input.actorId,
      action: 'case.stand_in_added',
      subjectType: 'case',
      subjectId: input.caseId,
      data: { lawyer_id: input.lawyerId, from: input.from, until: input.until },
      at: input.now,
    });
    return row!.id;
  });
}

export async function setLegalHold(
  db: Db,
  input: { caseId: string; legalHold: boolean; reason: string; actorId: string; now: Date },
): Promise<boolean> {
  return withEvents(db, async (tx) => {
    const updated = await tx
      .update(cases)
      .set({ legalHold: input.legalHold, legalHoldReason: input.legalHold ? input.reason : null })
      .where(eq(cases.id, input.caseId))
      .returning({ id: cases.id });
    if (updated.length !== 1) return false;
    await emit(tx, {
      actorId: input.actorId,
      action: 'case.legal_hold_changed',
      subjectType: 'case',
      subjectId: input.caseId,
      data: { legal_hold: input.legalHold, reason: input.reason },
      at: input.now,
    });
    return true;
  });
}

// --- Audit ---

/** An audit line's data as an admin may read it: the keys the retention job keeps, nothing else. */
export function nonPersonalData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => (NON_PERSONAL_AUDIT_KEYS as readonly string[]).includes(key)),
  );
}

/** `%term%` for LIKE on portal_fold-ed names: accents and case ignored, LIKE's own characters taken literally. */
const foldedPattern = (term: string) => sql`'%' || portal_fold(${term.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;
const personName = (alias: string) =>
  sql.raw(`portal_fold(concat_ws(' ', ${alias}.name, ${alias}.infix, ${alias}.last_name))`);

function auditWhere(filters: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.lawyer) {
    const pattern = foldedPattern(filters.lawyer);
    const named = sql`${personName('u')} LIKE ${pattern}`;
    const actor = sql`u.id = ${auditEvents.actorId} AND u.role = 'lawyer' AND ${named}`;
    const lawyersCases = sql`SELECT cl.case_id FROM ${caseLawyers} cl JOIN ${users} u ON u.id = cl.lawyer_id`;
    conditions.push(sql`(EXISTS (SELECT 1 FROM ${users} u WHERE ${actor})
      OR ${auditEvents.caseId} IN (${lawyersCases} WHERE ${named}))`);
  }
  if (filters.client) {
    const pattern = foldedPattern(filters.client);
    const actor = sql`u.id = ${auditEvents.actorId} AND u.role = 'client' AND ${personName('u')} LIKE ${pattern}`;
    const clientsCases = sql`SELECT c.id FROM ${cases} c WHERE portal_fold(c.client_name) LIKE ${pattern}`;
    conditions.push(sql`(${auditEvents.caseId} IN (${clientsCases})
      OR EXISTS (SELECT 1 FROM ${users} u WHERE ${actor}))`);
  }
  if (filters.actor) conditions.push(eq(auditEvents.actorId, filters.actor));
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.case) conditions.push(eq(auditEvents.caseId, filters.case));
  // Dates are days in the firm's time zone.
  if (filters.from)
    conditions.push(
      gte(auditEvents.createdAt, sql`(${filters.from}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam'`),
    );
  if (filters.until)
    conditions.push(
      lt(auditEvents.createdAt, sql`((${filters.until}::date + 1))::timestamp AT TIME ZONE 'Europe/Amsterdam'`),
    );
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEvents(
  db: Db,
  filters: AuditQuery,
  options: { limit: number; offset: number },
): Promise<AdminAuditEvent[]> {
  const rows = await db
    .select({ event: auditEvents, actor: { name: users.name, infix: users.infix, lastName: users.lastName } })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(auditWhere(filters))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ event, actor }) => ({
    id: event.id,
    created_at: event.createdAt.toISOString(),
    actor_id: event.actorId,
    actor_name: actor && (actor.name || actor.lastName) ? fullName(actor) : null,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    // The admin never reads case content: titles, rejection and legal-hold reasons stay out.
    data: nonPersonalData(event.data),
  }));
}
