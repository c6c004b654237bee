import { sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_ACTION_PHASES,
  FUNNEL_STEPS,
  INSIGHT_DEFAULT_DAYS,
  STUCK_LIMIT_PER_REASON,
  STUCK_REASONS,
  STUCK_THRESHOLDS,
  type FunnelRow,
  type StuckCase,
  type StuckReason,
} from '../../contract/insight';
import { addCalendarDays, amsterdamToday, parseCalendarDate } from '../../contract/rules/amsterdam-date';
import { getDisplayName } from '../../contract/rules/display-name';
import { workingDaysAgo } from '../../contract/rules/working-days';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import type { Db } from '../infra/db/client';

/**
 * The firm's view ('Inzicht'): the funnel of the client's route and the stuck cases. Both read
 * names, phases and moments only, never case content, and each is one bounded statement
 * (docs/decisions/044-firm-insight.md): the funnel aggregates the cases created in the period
 * through `cases_created_idx`; each stuck reason reads its own partial index, oldest first, at
 * most STUCK_LIMIT_PER_REASON + 1 rows.
 */

const DAY_MS = 86_400_000;

/** The period of the view: Amsterdam calendar days, both inclusive; by default the last 90 days. */
export type InsightPeriod = { from: string; to: string };

export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date): InsightPeriod {
  const to = query.to ?? amsterdamToday(now);
  const from = query.from ?? addCalendarDays(to, -(INSIGHT_DEFAULT_DAYS - 1));
  return { from, to };
}

/**
 * When each step was reached, as a column of `cases`. The moment of
 * 'account created' is the case's creation: the intake creates the account and its case together.
 */
const STEP_MOMENT: Record<(typeof FUNNEL_STEPS)[number], SQL> = {
  account_created: sql`c.created_at`,
  first_login: sql`c.first_login_at`,
  personal_data_complete: sql`c.profile_completed_at`,
  employer_data_complete: sql`c.company_completed_at`,
  package_chosen: sql`c.offer_chosen_at`,
  letter_signed: sql`c.proposal_signed_at`,
  documents_complete: sql`c.documents_completed_at`,
  settlement_signed: sql`c.settlement_signed_at`,
  completed: sql`c.completed_at`,
};

const lawyerFilter = (lawyerId: string | null | undefined): SQL =>
  lawyerId
    ? sql`AND EXISTS (SELECT 1 FROM case_lawyers cl WHERE cl.case_id = c.id AND cl.lawyer_id = ${lawyerId})`
    : sql``;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The funnel of the cases created in the period (and assigned to the lawyer, when given): per
 * step the cases that reached it, the share of the cases at the step before that reached it too
 * (so never above 100 %, also when a lawyer's choice let a case skip a step), and the median days
 * from the step before. A case that skipped the step before (a lawyer chose the package for the client)
 * is measured from the last step it did reach; a step reached before the one before counts 0 days.
 */
export async function getFunnel(
  db: Db,
  input: { period: InsightPeriod; lawyerId?: string | null },
): Promise<FunnelRow[]> {
  const row = rowsOf<Record<string, number | null>>(await db.execute(funnelStatement(input)))[0] ?? {};
  return FUNNEL_STEPS.map((step, index) => {
    const count = Number(row[`n${index}`] ?? 0);
    const before = index === 0 ? null : Number(row[`n${index - 1}`] ?? 0);
    // Of the cases at the step before, those that reached this one too: never more than all of them.
    const onward = index === 0 ? 0 : Number(row[`b${index}`] ?? 0);
    const median = index === 0 ? null : row[`m${index}`];
    return {
      step,
      count,
      share: before === null || before === 0 ? null : round(Math.min(1, onward / before), 3),
      median_days: median === null || median === undefined ? null : round(Number(median) / 86_400, 1),
    };
  });
}

/**
 * The funnel's one statement: counts and median seconds per step over the cases created in the period (bench/insight.ts
 * explains it).
 */
export function funnelStatement(input: { period: InsightPeriod; lawyerId?: string | null }): SQL {
  const start = parseCalendarDate(input.period.from);
  const end = parseCalendarDate(addCalendarDays(input.period.to, 1));
  const columns: SQL[] = [];
  FUNNEL_STEPS.forEach((step, index) => {
    const moment = STEP_MOMENT[step];
    columns.push(sql`count(${moment})::int AS ${sql.raw(`n${index}`)}`);
    if (index === 0) return;
    // The nearest earlier step reached: COALESCE(step before, the one before that, …, created).
    const earlier = FUNNEL_STEPS.slice(0, index)
      .reverse()
      .map((s) => STEP_MOMENT[s]);
    const previous = sql`COALESCE(${sql.join(earlier, sql`, `)})`;
    // date_part gives float8 seconds; extract() gives numeric, several times slower to sort.
    const seconds = sql`GREATEST(0::float8, date_part('epoch', ${moment} - ${previous}))`;
    const name = sql.raw(`m${index}`);
    const stepBefore = STEP_MOMENT[FUNNEL_STEPS[index - 1]!];
    columns.push(
      sql`count(*) FILTER (WHERE ${moment} IS NOT NULL AND ${stepBefore} IS NOT NULL)::int AS ${sql.raw(`b${index}`)}`,
    );
    columns.push(
      sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}) FILTER (WHERE ${moment} IS NOT NULL) AS ${name}`,
    );
  });
  const from = sql`${start.toISOString()}::timestamptz`;
  const until = sql`${end.toISOString()}::timestamptz`;
  return sql`
    SELECT ${sql.join(columns, sql`, `)}
    FROM cases c
    WHERE c.created_at >= ${from} AND c.created_at < ${until} ${lawyerFilter(input.lawyerId)}`;
}

/** The moment before which a reason's clock has run out, at `now`. */
export function stuckCutoffs(now: Date): Record<StuckReason, Date> {
  return {
    client_inactive: new Date(now.getTime() - STUCK_THRESHOLDS.clientInactiveDays * DAY_MS),
    message_unanswered: workingDaysAgo(now, STUCK_THRESHOLDS.messageUnansweredWorkingDays),
    letter_unsigned: new Date(now.getTime() - STUCK_THRESHOLDS.letterUnsignedDays * DAY_MS),
    letter_not_sent: new Date(now.getTime() - STUCK_THRESHOLDS.letterNotSentHours * 3_600_000),
  };
}

type StuckRow = {
  id: string;
  reason: StuckReason;
  since_ms: number;
  client_name: string;
  status_slug: string;
  lawyers: { name: string | null; infix: string | null; last_name: string | null }[] | string | null;
};

/**
 * The stuck cases at `now` (of the lawyer, when given), longest stuck first per reason. A case
 * stuck for two reasons is listed twice. `truncated` names the reasons with more cases than listed.
 */
export async function listStuckCases(
  db: Db,
  input: { now: Date; lawyerId?: string | null; limit?: number },
): Promise<{ cases: StuckCase[]; truncated: StuckReason[] }> {
  const limit = input.limit ?? STUCK_LIMIT_PER_REASON;
  const rows = rowsOf<StuckRow>(await db.execute(stuckStatement({ ...input, limit })));
  const truncated: StuckReason[] = [];
  const cases: StuckCase[] = [];
  for (const reason of STUCK_REASONS) {
    const mineRows = rows.filter((r) => r.reason === reason).sort((a, b) => Number(a.since_ms) - Number(b.since_ms));
    if (mineRows.length > limit) truncated.push(reason);
    for (const row of mineRows.slice(0, limit)) {
      const status = getStatus(row.status_slug as StatusSlug);
      const lawyers =
        typeof row.lawyers === 'string'
          ? (JSON.parse(row.lawyers) as Exclude<StuckRow['lawyers'], string>)
          : row.lawyers;
      cases.push({
        case_id: row.id,
        client_name: row.client_name,
        lawyer_name: lawyers && lawyers.length > 0 ? lawyers.map((l) => getDisplayName(l)).join(', ') : null,
        status: { slug: status.slug, display_name: status.displayName, order: status.order },
        reason,
        since: new Date(Number(row.since_ms)).toISOString(),
      });
    }
  }
  return { cases, truncated };
}

/**
 * The stuck list's one statement: per reason its partial index read oldest first, `limit` + 1 rows (bench/insight.ts
 * explains it).
 */
export function stuckStatement(input: { now: Date; lawyerId?: string | null; limit: number }): SQL {
  const limit = input.limit;
  const cutoff = stuckCutoffs(input.now);
  const at = (reason: StuckReason) => sql`${cutoff[reason].toISOString()}::timestamptz`;
  const mine = lawyerFilter(input.lawyerId);
  const phases = sql.join(
    CLIENT_ACTION_PHASES.map((phase) => sql`${phase}`),
    sql`, `,
  );
  // The expression of cases_client_idle_idx, written exactly as the index has it.
  const idle = sql`GREATEST(c.client_active_at, c.status_changed_at)`;
  const branch = (reason: StuckReason, since: SQL, where: SQL) => {
    const picked = sql`c.id, ${reason}::text AS reason, ${since} AS since`;
    return sql`(SELECT ${picked} FROM cases c WHERE ${where} ${mine} ORDER BY ${since} LIMIT ${limit + 1})`;
  };
  const lawyerName = sql`json_build_object('name', u.name, 'infix', u.infix, 'last_name', u.last_name)`;
  return sql`
    WITH stuck AS (
      ${branch('client_inactive', idle, sql`c.status_slug IN (${phases}) AND ${idle} <= ${at('client_inactive')}`)}
      UNION ALL
      ${branch(
        'message_unanswered',
        sql`c.awaiting_reply_since`,
        sql`c.awaiting_reply_since IS NOT NULL AND c.awaiting_reply_since <= ${at('message_unanswered')}`,
      )}
      UNION ALL
      ${branch(
        'letter_unsigned',
        sql`c.proposal_sent_at`,
        sql`c.status_slug = 'proposal' AND c.proposal_sent_at <= ${at('letter_unsigned')}`,
      )}
      UNION ALL
      ${branch(
        'letter_not_sent',
        sql`c.offer_chosen_at`,
        sql`c.status_slug = 'offer-chosen' AND c.offer_chosen_at <= ${at('letter_not_sent')}`,
      )}
    )
    SELECT s.id, s.reason, date_part('epoch', s.since) * 1000 AS since_ms, c.client_name, c.status_slug,
      (SELECT json_agg(${lawyerName} ORDER BY u.last_name, u.name)
         FROM case_lawyers cl JOIN users u ON u.id = cl.lawyer_id WHERE cl.case_id = s.id) AS lawyers
    FROM stuck s JOIN cases c ON c.id = s.id`;
}

/** The counts of the weekly summary: new and completed cases of the last 7 days, stuck cases per reason. */
export async function weeklyCounts(
  db: Db,
  now: Date,
): Promise<{ created: number; completed: number; stuck: Record<StuckReason, number>; stuckMore: boolean }> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const from = sql`${weekAgo.toISOString()}::timestamptz`;
  const until = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM cases WHERE created_at >= ${from} AND created_at < ${until})::int AS created,
           (SELECT count(*) FROM cases WHERE completed_at >= ${from} AND completed_at < ${until})::int AS completed`);
  const row = rowsOf<{ created: number; completed: number }>(result)[0];
  const { cases, truncated } = await listStuckCases(db, { now });
  const stuck = Object.fromEntries(
    STUCK_REASONS.map((reason) => [reason, cases.filter((c) => c.reason === reason).length]),
  ) as Record<StuckReason, number>;
  return {
    created: Number(row?.created ?? 0),
    completed: Number(row?.completed ?? 0),
    stuck,
    stuckMore: truncated.length > 0,
  };
}
