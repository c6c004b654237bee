import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AdminAccount, ComplaintFile, MyComplaint, RegisterComplaint } from '../../contract/complaints';
import { getDisplayName } from '../../contract/rules/display-name';
import { emit, withEvents } from '../domain-events';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases, complaintFiles, complaints, users } from '../infra/db/schema';
import type { StoredFile } from '../documents/queries';
import { localDate } from '../infra/lib/local-date';

/** Complaints shown in the register at most (newest first); the CSV takes the same. */
export const REGISTER_LIMIT = 5_000;

/** The date (YYYY-MM-DD, Amsterdam) by which the firm answers a complaint filed at `now`. */
export function answerByDate(now: Date, weeks: number): string {
  return localDate(new Date(addWeeks(new TZDate(now.getTime(), 'Europe/Amsterdam'), weeks).getTime()));
}

type ComplaintRow = typeof complaints.$inferSelect;

/** A generated storage key for a complaint's document: never the user's file name. */
export const complaintFileKey = (clientId: string, complaintId: string, index: number) =>
  `complaints/${clientId}/${complaintId}-${index}-${randomBytes(8).toString('hex')}`;

/** The documents of these complaints, by complaint id, in the order they were sent. */
async function filesOf(db: Db, complaintIds: string[]): Promise<Map<string, ComplaintFile[]>> {
  const byComplaint = new Map<string, ComplaintFile[]>();
  if (complaintIds.length === 0) return byComplaint;
  const rows = await db
    .select({
      id: complaintFiles.id,
      complaintId: complaintFiles.complaintId,
      filename: complaintFiles.filename,
      sizeBytes: complaintFiles.sizeBytes,
    })
    .from(complaintFiles)
    .where(inArray(complaintFiles.complaintId, complaintIds))
    .orderBy(asc(complaintFiles.createdAt), asc(complaintFiles.storageKey));
  for (const row of rows) {
    const list = byComplaint.get(row.complaintId) ?? [];
    list.push({ id: row.id, filename: row.filename, size_bytes: row.sizeBytes });
    byComplaint.set(row.complaintId, list);
  }
  return byComplaint;
}

const toMine = (row: ComplaintRow, files: Map<string, ComplaintFile[]>): MyComplaint => ({
  id: row.id,
  text: row.text,
  status: row.status,
  answer_by: row.answerBy,
  outcome: row.outcome,
  created_at: row.createdAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
  files: files.get(row.id) ?? [],
});

/**
 * Files a complaint: the row (with the case's lawyers at this moment, so it is kept from them),
 * the rows of its documents (already stored by the route), the receipt mail to the client with
 * the answer-by date, a notice (without its text) to every complaints officer, and the audit line
 * (with the number of documents, never their names), in one transaction. No lawyer is mailed,
 * and the case's timeline does not show it.
 */
export async function fileComplaint(
  db: Db,
  input: {
    id?: string;
    clientId: string;
    text: string;
    files?: StoredFile[];
    now: Date;
    config: Pick<Config, 'complaints'>;
  },
) {
  const files = input.files ?? [];
  return withEvents(db, async (tx) => {
    const [theCase] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.clientId, input.clientId));
    const lawyerIds = theCase
      ? (await tx.select({ id: caseLawyers.lawyerId }).from(caseLawyers).where(eq(caseLawyers.caseId, theCase.id))).map(
          (r) => r.id,
        )
      : [];
    const answerBy = answerByDate(input.now, input.config.complaints.answerWeeks);
    const [row] = await tx
      .insert(complaints)
      .values({
        ...(input.id ? { id: input.id } : {}),
        clientId: input.clientId,
        caseId: theCase?.id ?? null,
        lawyerIds,
        text: input.text,
        answerBy,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('unreachable');
    if (files.length > 0) {
      await tx.insert(complaintFiles).values(
        files.map((file, index) => ({
          complaintId: row.id,
          clientId: input.clientId,
          storageKey: file.key,
          filename: file.filename,
          contentType: file.contentType,
          sizeBytes: file.size,
          // In the order sent: a millisecond apart, so the list keeps that order.
          createdAt: new Date(input.now.getTime() + index),
        })),
      );
    }
    // No case id on the line: a complaint is not part of the case's timeline its lawyer reads. Its
    // rule (domain-events/person-mails.ts) confirms it to the client and tells the complaints officers.
    await emit(tx, {
      actorId: input.clientId,
      action: 'complaint.filed',
      subjectType: 'complaint',
      subjectId: row.id,
      data: { answer_by: answerBy, files: files.length },
      at: input.now,
    });
    return row;
  });
}

export async function listMyComplaints(db: Db, clientId: string, now: Date): Promise<MyComplaint[]> {
  const rows = await db
    .select()
    .from(complaints)
    .where(eq(complaints.clientId, clientId))
    .orderBy(desc(complaints.createdAt))
    .limit(100);
  if (rows.length > 0)
    await emit(db, {
      actorId: clientId,
      action: 'complaint.read',
      subjectType: 'complaint',
      subjectId: 'mine',
      data: { count: rows.length },
      at: now,
    });
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toMine(row, files));
}

const nameOf = (u: { name: string | null; infix: string | null; lastName: string | null } | undefined) =>
  u ? getDisplayName({ name: u.name, infix: u.infix, last_name: u.lastName }) : '';

/** The whole register for the complaints officer, its reading or export recorded in the audit trail. */
export async function readRegister(
  db: Db,
  input: { actorId: string; action: 'complaint.register_read' | 'complaint.register_exported'; now: Date },
): Promise<RegisterComplaint[]> {
  const rows = await listRegister(db);
  await emit(db, {
    actorId: input.actorId,
    action: input.action,
    subjectType: 'complaint',
    subjectId: 'register',
    data: { count: rows.length },
    at: input.now,
  });
  return rows;
}

/** The register (newest first), with names resolved in one query. */
export async function listRegister(db: Db, filter: { id?: string } = {}): Promise<RegisterComplaint[]> {
  const rows = await db
    .select()
    .from(complaints)
    .where(filter.id ? eq(complaints.id, filter.id) : undefined)
    .orderBy(desc(complaints.createdAt))
    .limit(REGISTER_LIMIT);
  const ids = [...new Set(rows.flatMap((r) => [r.clientId, ...r.lawyerIds, ...(r.officerId ? [r.officerId] : [])]))];
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.name, infix: users.infix, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toMine(row, files),
    client_name: nameOf(byId.get(row.clientId)),
    case_id: row.caseId,
    lawyer_names: row.lawyerIds.map((id) => nameOf(byId.get(id))).filter(Boolean),
    handling: row.handling,
    officer_name: row.officerId ? nameOf(byId.get(row.officerId)) || null : null,
  }));
}

/**
 * The officer records the handling (the complaint is then in progress) or the written outcome
 * (it is closed, and the client is mailed that the answer is in the portal). A closed complaint
 * answers null: its outcome stands.
 */
export async function recordComplaintStep(
  db: Db,
  input: {
    id: string;
    officerId: string;
    handling?: string;
    outcome?: string;
    now: Date;
    config: Pick<Config, 'complaints'>;
  },
): Promise<ComplaintRow | null> {
  return withEvents(db, async (tx) => {
    const closing = input.outcome !== undefined;
    const [row] = await tx
      .update(complaints)
      .set({
        ...(input.handling !== undefined ? { handling: input.handling } : {}),
        ...(closing
          ? { outcome: input.outcome, closedAt: input.now, status: 'closed' as const }
          : { status: 'in_progress' as const }),
        officerId: input.officerId,
        updatedAt: input.now,
      })
      .where(and(eq(complaints.id, input.id), inArray(complaints.status, ['received', 'in_progress'])))
      .returning();
    if (!row) return null;
    await emit(tx, {
      actorId: input.officerId,
      action: closing ? 'complaint.closed' : 'complaint.handled',
      subjectType: 'complaint',
      subjectId: row.id,
      // The answer's mail (its rule) names the disputes body the client may turn to, and within how long.
      data: closing
        ? { body_name: input.config.complaints.bodyName, body_months: input.config.complaints.bodyMonths }
        : {},
      at: input.now,
    });
    return row;
  });
}

/** One complaint document with the client it belongs to, or null. */
export async function findComplaintFile(db: Db, id: string) {
  const [row] = await db.select().from(complaintFiles).where(eq(complaintFiles.id, id));
  return row ?? null;
}

/** The stored files of a client's complaint documents (the retention job removes them with the account). */
export async function complaintFileKeys(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ key: complaintFiles.storageKey })
    .from(complaintFiles)
    .where(eq(complaintFiles.clientId, clientId));
  return rows.map((r) => r.key);
}

/** True for an admin marked as complaints officer ('klachtenfunctionaris'). */
export async function isComplaintsOfficer(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ officer: users.complaintsOfficer })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'admin')));
  return row?.officer === true;
}

/** Most admins listed on the complaints officer page. */
export const ADMINS_LIMIT = 200;

type UserRow = typeof users.$inferSelect;
const toAdminAccount = (u: UserRow): AdminAccount => ({
  id: u.id,
  name: getDisplayName({ name: u.name, infix: u.infix, last_name: u.lastName }),
  email: u.email,
  complaints_officer: u.complaintsOfficer,
});

/** The admins by e-mail address, and which of them is complaints officer. */
export async function listAdmins(db: Db): Promise<AdminAccount[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email))
    .limit(ADMINS_LIMIT);
  return rows.map(toAdminAccount);
}

/** True when `id` is an admin's. */
export async function isAdmin(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .limit(1);
  return Boolean(row);
}

/**
 * Marks an admin as complaints officer or not, with its audit line, in one transaction. An id
 * that is no admin's answers null.
 */
export async function setComplaintsOfficer(
  db: Db,
  input: { adminId: string; officer: boolean; actorId: string | null; now: Date },
): Promise<AdminAccount | null> {
  return withEvents(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ complaintsOfficer: input.officer, updatedAt: input.now })
      .where(and(eq(users.id, input.adminId), eq(users.role, 'admin')))
      .returning();
    if (!row) return null;
    await emit(tx, {
      actorId: input.actorId,
      action: 'admin.complaints_officer_set',
      subjectType: 'user',
      subjectId: row.id,
      data: { complaints_officer: row.complaintsOfficer },
      at: input.now,
    });
    return toAdminAccount(row);
  });
}
