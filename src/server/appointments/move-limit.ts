import { and, eq, gte, sql } from 'drizzle-orm';
import { APPOINTMENT_ERRORS, MAX_APPOINTMENT_MOVES_PER_DAY } from '../../contract/appointments';
import { amsterdamToday, parseCalendarDate } from '../../contract/rules/amsterdam-date';
import type { Db } from '../infra/db/client';
import { auditEvents, cases } from '../infra/db/schema';
import { AppError } from '../infra/errors/errors';

/**
 * The day's move budget of a case's appointment: at most MAX_APPOINTMENT_MOVES_PER_DAY moves per
 * Amsterdam day, by anyone (each move sends both sides a calendar update). Called inside the
 * move's transaction: it locks the case's row, so moves of one case wait for each other, and only
 * then counts the day's recorded moves ('appointment.rescheduled' in the audit trail, written in
 * the same transaction as each move). Parallel requests therefore cannot pass the limit; the
 * refused move is rolled back whole (429, nothing changed, no mail).
 */
export async function claimAppointmentMove(tx: Db, input: { caseId: string; now: Date }): Promise<void> {
  await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, input.caseId)).for('update');
  const since = parseCalendarDate(amsterdamToday(input.now));
  const [row] = await tx
    .select({ moves: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.caseId, input.caseId),
        eq(auditEvents.action, 'appointment.rescheduled'),
        gte(auditEvents.createdAt, since),
      ),
    );
  if ((row?.moves ?? 0) >= MAX_APPOINTMENT_MOVES_PER_DAY)
    throw new AppError('too_many_requests', APPOINTMENT_ERRORS.tooManyMoves, undefined, undefined, {
      count: MAX_APPOINTMENT_MOVES_PER_DAY,
    });
}
