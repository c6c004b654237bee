import { and, isNull, lt, sql } from 'drizzle-orm';
import { addCalendarDays, amsterdamToday } from '../../contract/rules/amsterdam-date';
import { emit } from '../domain-events';
import type { Db } from '../infra/db/client';
import { cases, settlementSigned, settlementVersions } from '../infra/db/schema';
import { queryRows } from '../infra/db/sql';
import { enqueueMail } from '../infra/outbox/outbox';

export const SETTLEMENT_REMINDER_LOCK_KEY = 7_015;
/**
 * The reply reminder goes out this many days before the reply deadline; the bedenktijd warning 3 days before its last
 * day.
 */
export const REPLY_REMINDER_DAYS = 2;
export const COOLING_OFF_WARNING_DAYS = 3;

/**
 * One run of the settlement reminders (dates in Europe/Amsterdam), each at most once by its
 * dedupe key, so a missed run catches up and a second instance changes nothing:
 * - the client, 2 days before the reply deadline of the newest version not yet final, when it is the
 *   employer's (our own counter-offer's deadline is the employer's, not the client's);
 * - the client, 3 days before the last day of the bedenktijd, and on that day;
 * - the day after it, the case's lawyers get the task 'Bedenktijd verstreken: dossier voltooien'
 *   (a mail and a timeline line; the tab shows it until the case is completed).
 */
export async function sendSettlementReminders(db: Db, now: Date): Promise<number> {
  const today = amsterdamToday(now);
  let sent = 0;
  const replyUntil = addCalendarDays(today, REPLY_REMINDER_DAYS);
  const replies = await queryRows<{ id: string; client_id: string }>(
    db,
    sql`SELECT v.id, c.client_id FROM ${settlementVersions} v JOIN ${cases} c ON c.id = v.case_id
        WHERE v.reply_by IS NOT NULL AND v.reply_by >= ${today}::date AND v.reply_by <= ${replyUntil}::date
          AND v.from_party = 'employer' AND NOT v.final
          AND v.number = (SELECT max(number) FROM ${settlementVersions} w WHERE w.case_id = v.case_id)
        LIMIT 500`,
  );
  for (const row of replies) {
    if (
      await enqueueMail(db, {
        kind: 'settlement_reply_reminder',
        to: { userId: row.client_id },
        payload: {},
        now,
        dedupeKey: `settlement-reply:${row.id}`,
      })
    )
      sent++;
  }
  const warnUntil = addCalendarDays(today, COOLING_OFF_WARNING_DAYS);
  const endsOn = sql`to_char(s.cooling_off_ends_on, 'YYYY-MM-DD')`;
  const signed = sql`${settlementSigned} s JOIN ${cases} c ON c.id = s.case_id`;
  const running = await queryRows<{ case_id: string; client_id: string; ends_on: string }>(
    db,
    sql`SELECT s.case_id, c.client_id, ${endsOn} AS ends_on FROM ${signed}
        WHERE s.cooling_off_ends_on >= ${today}::date AND s.cooling_off_ends_on <= ${warnUntil}::date LIMIT 500`,
  );
  for (const row of running) {
    const kind = row.ends_on === today ? 'cooling_off_last_day' : 'cooling_off_ending';
    if (
      await enqueueMail(db, {
        kind,
        to: { userId: row.client_id },
        payload: {},
        now,
        dedupeKey: `${kind}:${row.case_id}:${row.ends_on}`,
      })
    )
      sent++;
  }
  const expired = await db
    .update(settlementSigned)
    .set({ expiredTaskAt: now })
    .where(and(isNull(settlementSigned.expiredTaskAt), lt(settlementSigned.coolingOffEndsOn, today)))
    .returning({ caseId: settlementSigned.caseId, endsOn: settlementSigned.coolingOffEndsOn });
  // The lawyers' mail follows from the event (domain-events/rules.ts).
  for (const row of expired) {
    await emit(db, {
      actorId: null,
      action: 'settlement.cooling_off_expired',
      subjectType: 'case',
      subjectId: row.caseId,
      caseId: row.caseId,
      data: { cooling_off_ends_on: row.endsOn },
      at: now,
    });
  }
  return sent;
}

/** Hourly (main.ts), under an advisory lock like the other reminder jobs. */
export function settlementReminderJob(now: () => Date, intervalMs = 3_600_000) {
  return {
    name: 'settlement-reminders',
    lockKey: SETTLEMENT_REMINDER_LOCK_KEY,
    intervalMs,
    run: (db: Db) => sendSettlementReminders(db, now()),
  };
}
