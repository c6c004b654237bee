import { TZDate } from '@date-fns/tz';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { STUCK_LIMIT_PER_REASON } from '../../contract/insight';
import { AMSTERDAM, addCalendarDays, formatCalendarDate, parseCalendarDate } from '../../contract/rules/amsterdam-date';
import type { Db } from '../infra/db/client';
import { outbox, users } from '../infra/db/schema';
import { weeklyCounts } from './queries';
import { enqueueMail } from '../infra/outbox/outbox';

export const INSIGHT_WEEKLY_LOCK_KEY = 7_180;
/** The summary goes out from Monday at this hour (Amsterdam); a run missed then catches up later that week. */
export const INSIGHT_WEEKLY_HOUR = 8;

/** The Monday (YYYY-MM-DD, Amsterdam) of the week holding `now`. */
export function mondayOf(now: Date): string {
  const today = formatCalendarDate(now);
  const weekday = new TZDate(now.getTime(), AMSTERDAM).getDay();
  return addCalendarDays(today, -((weekday + 6) % 7));
}

/**
 * One run of the weekly summary of 'Inzicht' to every active admin: from Monday 08:00
 * (Amsterdam), once per admin per week by its dedupe key, so an hourly run, a missed run or a
 * second instance sends it exactly once. Counts only: new and completed cases of the last 7
 * days and the stuck cases per reason; never a name or case content. Returns the mails queued.
 */
export async function sendInsightWeekly(db: Db, now: Date): Promise<number> {
  const monday = mondayOf(now);
  const sendFrom = parseCalendarDate(monday);
  sendFrom.setHours(INSIGHT_WEEKLY_HOUR);
  if (now.getTime() < sendFrom.getTime()) return 0;
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
  const keyOf = (adminId: string) => `insight-weekly:${monday}:${adminId}`;
  if (admins.length === 0) return 0;
  const done = await db
    .select({ key: outbox.dedupeKey })
    .from(outbox)
    .where(
      inArray(
        outbox.dedupeKey,
        admins.map((a) => keyOf(a.id)),
      ),
    );
  const waiting = admins.filter((a) => !done.some((d) => d.key === keyOf(a.id)));
  if (waiting.length === 0) return 0;
  const counts = await weeklyCounts(db, now);
  const payload = {
    created: counts.created,
    completed: counts.completed,
    inactive: counts.stuck.client_inactive,
    unanswered: counts.stuck.message_unanswered,
    unsigned: counts.stuck.letter_unsigned,
    unsent: counts.stuck.letter_not_sent,
    more: counts.stuckMore,
    limit: STUCK_LIMIT_PER_REASON,
  };
  let sent = 0;
  for (const admin of waiting) {
    if (
      await enqueueMail(db, {
        kind: 'insight_weekly',
        to: { userId: admin.id },
        payload,
        now,
        dedupeKey: keyOf(admin.id),
      })
    )
      sent++;
  }
  return sent;
}

/** Hourly (main.ts) when INSIGHT_WEEKLY_MAIL is on, under an advisory lock like the other jobs. */
export function insightWeeklyJob(now: () => Date, intervalMs = 3_600_000) {
  return {
    name: 'insight-weekly',
    lockKey: INSIGHT_WEEKLY_LOCK_KEY,
    intervalMs,
    run: (db: Db) => sendInsightWeekly(db, now()),
  };
}
