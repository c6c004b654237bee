import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { cases, intakeDeliveries, users } from '../infra/db/schema';
import { createCase } from '../cases/queries';
import { enqueueMail } from '../infra/outbox/outbox';
import type { Intake } from './payload';
import { withEvents } from '../domain-events';

/**
 * Records one form delivery in one transaction: the delivery is claimed by its event id (a
 * replay changes nothing), the client found or created (a staff address is ignored), their
 * case created as a lead or its answers merged, and the 'intake ready' mail queued.
 */
export async function recordIntake(
  db: Db,
  input: { eventId: string; email: string; intake: Intake; now: Date },
): Promise<void> {
  const { eventId, email, intake, now } = input;
  await withEvents(db, async (tx) => {
    const claimed = await tx
      .insert(intakeDeliveries)
      .values({ eventId, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (existing && existing.role !== 'client') return;
    let userId = existing?.id;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({
          role: 'client',
          email,
          name: intake.name,
          lastName: intake.lastName,
          phoneNumber: intake.phone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      userId = created?.id;
    } else {
      await tx
        .update(users)
        .set({
          name: existing?.name ?? intake.name,
          lastName: existing?.lastName ?? intake.lastName,
          phoneNumber: existing?.phoneNumber ?? intake.phone,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    }
    if (!userId) throw new Error('intake: no user');
    const [existingCase] = await tx.select().from(cases).where(eq(cases.clientId, userId));
    let caseId = existingCase?.id;
    if (existingCase) {
      await tx
        .update(cases)
        .set({ typeform: { ...existingCase.typeform, ...intake.answers }, lastUpdateAt: now })
        .where(eq(cases.id, existingCase.id));
    } else {
      caseId = await createCase(tx, { clientId: userId, status: 'lead', now });
      await tx.update(cases).set({ typeform: intake.answers }).where(eq(cases.id, caseId));
    }
    await tx.update(intakeDeliveries).set({ caseId }).where(eq(intakeDeliveries.eventId, eventId));
    await enqueueMail(tx, { kind: 'intake_ready', to: { userId }, payload: {}, now });
  });
}
