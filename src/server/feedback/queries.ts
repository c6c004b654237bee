import { and, desc, eq, sql } from 'drizzle-orm';
import type { Feedback } from '../../contract/feedback';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { caseLawyers, feedback, users } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';

type FeedbackRow = typeof feedback.$inferSelect;
type ClientRow = { name: string | null; infix: string | null; lastName: string | null; email: string };

function toFeedback(row: FeedbackRow, client: ClientRow): Feedback {
  return {
    id: row.id,
    user: {
      full_name: getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName }),
      email: client.email,
    },
    case: { id: row.caseId },
    text: row.text,
    read_by_lawyer: row.readByLawyer,
    last_updated_at: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const clientColumns = { name: users.name, infix: users.infix, lastName: users.lastName, email: users.email };

/** True when the lawyer is assigned to the case (feedback is left on such a lawyer only). */
export async function isAssignedLawyer(db: Db, caseId: string, lawyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ lawyerId: caseLawyers.lawyerId })
    .from(caseLawyers)
    .where(and(eq(caseLawyers.caseId, caseId), eq(caseLawyers.lawyerId, lawyerId)));
  return Boolean(row);
}

export async function createFeedback(
  db: Db,
  input: { caseId: string; lawyerId: string; clientId: string; text: string; now: Date },
): Promise<Feedback> {
  const [row] = await withEvents(db, async (tx) => {
    const inserted = await tx
      .insert(feedback)
      .values({
        caseId: input.caseId,
        lawyerId: input.lawyerId,
        clientId: input.clientId,
        text: input.text,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    const created = inserted[0];
    if (created) {
      await emit(tx, {
        actorId: input.clientId,
        action: 'feedback.created',
        subjectType: 'feedback',
        subjectId: created.id,
        data: { case_id: input.caseId, lawyer_id: input.lawyerId },
        at: input.now,
      });
    }
    return inserted;
  });
  const [client] = await db.select(clientColumns).from(users).where(eq(users.id, input.clientId));
  if (!row || !client) throw new Error('Feedback could not be stored');
  return toFeedback(row, client);
}

/** Feedback about one lawyer, newest first, read through the (lawyer_id, created_at) index. */
export async function listReceivedFeedback(
  db: Db,
  lawyerId: string,
  page: number,
  perPage: number,
): Promise<{ items: Feedback[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: feedback, client: clientColumns })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.clientId))
      .where(eq(feedback.lawyerId, lawyerId))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedback)
      .where(eq(feedback.lawyerId, lawyerId)),
  ]);
  return { items: rows.map(({ row, client }) => toFeedback(row, client)), total: count?.n ?? 0 };
}

export async function getLatestFeedback(db: Db, lawyerId: string): Promise<Feedback | null> {
  const { items } = await listReceivedFeedback(db, lawyerId, 1, 1);
  return items[0] ?? null;
}

/** Marks one of the lawyer's own feedback items as read; null when it is not theirs. */
export async function markFeedbackAsRead(
  db: Db,
  feedbackId: string,
  lawyerId: string,
  now: Date,
): Promise<Feedback | null> {
  const [row] = await db
    .update(feedback)
    .set({ readByLawyer: true, updatedAt: now })
    .where(and(eq(feedback.id, feedbackId), eq(feedback.lawyerId, lawyerId)))
    .returning();
  if (!row) return null;
  const [client] = await db.select(clientColumns).from(users).where(eq(users.id, row.clientId));
  return client ? toFeedback(row, client) : null;
}
