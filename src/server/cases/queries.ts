import { asc, eq, sql } from 'drizzle-orm';
import type { StatusSlug } from '../../contract/statuses';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases, documentSlots, documents, users } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';

export type NewCase = {
  clientId: string;
  status: StatusSlug;
  lawyerIds?: string[];
  title?: string;
  now: Date;
};

/** Creates a client's case with the firm's mandatory document slots, in one transaction, and records `case.created`. */
export async function createCase(db: Db, input: NewCase): Promise<string> {
  return withEvents(db, async (tx) => {
    const [client] = await tx.select().from(users).where(eq(users.id, input.clientId));
    if (!client) throw new Error(`No user ${input.clientId}`);
    const clientName = getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName });
    const [row] = await tx
      .insert(cases)
      .values({
        clientId: input.clientId,
        title: input.title ?? `Dossier ${clientName}`,
        statusSlug: input.status,
        clientName,
        lastUpdateAt: input.now,
        createdAt: input.now,
        completedAt: input.status === 'completed' ? input.now : null,
      })
      .returning({ id: cases.id });
    if (!row) throw new Error('Case not created');
    const slots = await tx
      .select()
      .from(documentSlots)
      .where(eq(documentSlots.active, true))
      .orderBy(asc(documentSlots.position));
    if (slots.length > 0) {
      await tx.insert(documents).values(
        slots.map((slot, i) => ({
          caseId: row.id,
          title: slot.title,
          mandatory: true,
          slotKey: slot.key,
          createdAt: new Date(input.now.getTime() + i),
        })),
      );
    }
    if (input.lawyerIds && input.lawyerIds.length > 0) {
      await tx
        .insert(caseLawyers)
        .values(input.lawyerIds.map((lawyerId) => ({ caseId: row.id, lawyerId, assignedAt: input.now })));
    }
    await emit(tx, {
      actorId: null,
      action: 'case.created',
      subjectType: 'case',
      subjectId: row.id,
      data: { status: input.status },
      at: input.now,
    });
    return row.id;
  });
}

export async function countCases(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(cases);
  return row?.count ?? 0;
}
