import { sql } from 'drizzle-orm';
import { addCalendarDays, amsterdamToday } from '../../contract/rules/amsterdam-date';
import type { Db } from '../infra/db/client';
import { appointments, cases, settlementResponses, settlementSigned, settlementVersions } from '../infra/db/schema';
import { queryRows } from '../infra/db/sql';
import { enqueuePush } from '../infra/outbox/push';

export const PUSH_REMINDER_LOCK_KEY = 7_065;
/** The first conversation is announced when it starts within this time. */
export const APPOINTMENT_PUSH_AHEAD_MS = 24 * 3_600_000;

/**
 * The date-based push notices (dates in Europe/Amsterdam), each at most once by its dedupe key, so a
 * missed run catches up and a second instance changes nothing. The mails of the same moments are
 * the settlement and appointment reminder jobs'; these only add the notice on the phone:
 * - the reply deadline of the employer's newest proposal is tomorrow and the client has not answered;
 * - the bedenktijd ends in two days;
 * - the first conversation starts within 24 hours.
 */
export async function queuePushReminders(db: Db, now: Date): Promise<number> {
  const today = amsterdamToday(now);
  let queued = 0;
  const replies = await queryRows<{ id: string; case_id: string; client_id: string }>(
    db,
    sql`SELECT v.id, v.case_id, c.client_id FROM ${settlementVersions} v JOIN ${cases} c ON c.id = v.case_id
        WHERE v.reply_by = ${addCalendarDays(today, 1)}::date AND v.from_party = 'employer' AND NOT v.final
          AND v.number = (SELECT max(number) FROM ${settlementVersions} w WHERE w.case_id = v.case_id)
          AND NOT EXISTS (SELECT 1 FROM ${settlementResponses} r WHERE r.version_id = v.id)
        LIMIT 500`,
  );
  for (const row of replies)
    queued += await enqueuePush(db, {
      userId: row.client_id,
      kind: 'settlement_reply',
      tag: 'settlement-reply',
      ref: { case_id: row.case_id, version_id: row.id },
      now,
      dedupeKey: `settlement-reply:${row.id}`,
    });
  const endsOn = addCalendarDays(today, 2);
  const coolingOff = await queryRows<{ case_id: string; client_id: string }>(
    db,
    sql`SELECT s.case_id, c.client_id FROM ${settlementSigned} s JOIN ${cases} c ON c.id = s.case_id
        WHERE s.cooling_off_ends_on = ${endsOn}::date LIMIT 500`,
  );
  for (const row of coolingOff)
    queued += await enqueuePush(db, {
      userId: row.client_id,
      kind: 'cooling_off_ending',
      tag: 'cooling-off',
      ref: { case_id: row.case_id, ends_on: endsOn },
      now,
      dedupeKey: `cooling-off:${row.case_id}:${endsOn}`,
    });
  const soon = await queryRows<{ id: string; case_id: string; client_id: string; start_at: Date | string }>(
    db,
    sql`SELECT a.id, a.case_id, c.client_id, a.start_at FROM ${appointments} a JOIN ${cases} c ON c.id = a.case_id
        WHERE a.status = 'booked' AND a.start_at > ${now.toISOString()}::timestamptz
          AND a.start_at <= ${new Date(now.getTime() + APPOINTMENT_PUSH_AHEAD_MS).toISOString()}::timestamptz
        LIMIT 500`,
  );
  for (const row of soon) {
    const start = new Date(row.start_at).toISOString();
    queued += await enqueuePush(db, {
      userId: row.client_id,
      kind: 'appointment_soon',
      tag: 'appointment',
      ref: { case_id: row.case_id, appointment_id: row.id, start },
      now,
      dedupeKey: `appointment:${row.id}:${start}`,
    });
  }
  return queued;
}

/** Every 15 minutes (main.ts), under an advisory lock like the other reminder jobs. */
export function pushReminderJob(now: () => Date, intervalMs = 15 * 60_000) {
  return {
    name: 'push-reminders',
    lockKey: PUSH_REMINDER_LOCK_KEY,
    intervalMs,
    run: (db: Db) => queuePushReminders(db, now()),
  };
}
