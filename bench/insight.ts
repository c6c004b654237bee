/**
 * Bench of the firm's view ('Inzicht', /beheer/inzicht): 100,000 cases over 20 lawyers with
 * realistic histories (every step of the route stamped up to each case's phase, client
 * messages waiting for an answer, settlements signed), then GET /api/admin/insight (the
 * default 90 days, a whole year, one lawyer) and the CSV, one request at a time and with
 * autocannon at 10 connections, on PGlite or PostgreSQL; prints EXPLAIN (ANALYZE) of the
 * funnel and stuck statements. Run alone with `node --import tsx bench/insight.ts`, or from
 * bench/run.ts (BENCH_INSIGHT=0 skips it there).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { createUser } from '../src/server/users/create';
import { addCalendarDays, amsterdamToday } from '../src/contract/rules/amsterdam-date';
import { createBenchDatabase, startServer, stopServer } from './support';

export type InsightBenchRow = {
  target: string;
  median: number;
  max: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
};
export type InsightBenchOptions = { kind: 'PGlite' | 'PostgreSQL'; cases?: number; lawyers?: number; seconds?: number };

/**
 * The steps of each case, after `seedLoad` (cases created over the last year, phases spread
 * evenly): each step a few days after the one before, up to the case's phase; a tenth of the
 * early cases never signed in or completed their data; 5 % have a client message waiting.
 */
async function addHistories(database: Database): Promise<void> {
  await database.db.execute(sql`
    UPDATE cases c SET
      first_login_at = CASE WHEN h.o >= 2 OR h.r0 < 0.85 THEN LEAST(h.t1, now()) END,
      client_active_at = CASE WHEN h.o >= 2 OR h.r0 < 0.85 THEN LEAST(h.t1 + h.r0 * (now() - h.t1), now()) END,
      profile_completed_at = CASE WHEN h.o >= 2 OR h.r0 < 0.4 THEN LEAST(h.t2, now()) END,
      company_completed_at = CASE WHEN h.o >= 2 OR h.r0 < 0.2 THEN LEAST(h.t3, now()) END,
      offer_chosen_at = CASE WHEN h.o >= 3 THEN LEAST(h.t4, now()) END,
      proposal_sent_at = CASE WHEN h.o >= 4 THEN LEAST(h.t5, now()) END,
      proposal_signed_at = CASE WHEN h.o > 4 THEN LEAST(h.t6, now()) END,
      documents_completed_at = CASE WHEN h.o >= 6 THEN LEAST(h.t7, now()) END,
      completed_at = CASE WHEN h.o = 11 THEN LEAST(h.t9, now()) END,
      status_changed_at = c.last_update_at
    FROM (
      SELECT g.*, g.t8 + random() * interval '20 days' AS t9 FROM (
        SELECT f.*, f.t7 + random() * interval '30 days' AS t8 FROM (
          SELECT e.*, e.t6 + random() * interval '14 days' AS t7 FROM (
            SELECT d.*, d.t5 + random() * interval '4 days' AS t6 FROM (
              SELECT b.*, b.t4 + random() * interval '2 days' AS t5 FROM (
                SELECT a.*, a.t3 + random() * interval '5 days' AS t4 FROM (
                  SELECT c2.id, s."order" AS o, random() AS r0, c2.created_at + random() * interval '2 days' AS t1,
                         c2.created_at + interval '2 days' + random() * interval '3 days' AS t2,
                         c2.created_at + interval '3 days' + random() * interval '4 days' AS t3
                  FROM cases c2 JOIN statuses s ON s.slug = c2.status_slug
                ) a
              ) b
            ) d
          ) e
        ) f
      ) g
    ) h
    WHERE h.id = c.id`);
  // The signed settlements: a few weeks after the documents, for the cases past 'Controles' (a trigger stamps the
  // case).
  const agreed = sql`(c.documents_completed_at + interval '30 days')::date`;
  const recorded = sql`LEAST(c.documents_completed_at + random() * interval '30 days', now())`;
  const casesWithStatus = sql`cases c JOIN statuses s ON s.slug = c.status_slug`;
  await database.db.execute(sql`
    INSERT INTO settlement_signed (case_id, dated, agreed_on, cooling_off_clause, recorded_at)
    SELECT c.id, ${agreed}, ${agreed}, true, ${recorded}
    FROM ${casesWithStatus} WHERE s."order" >= 9 AND c.documents_completed_at IS NOT NULL`);
  // Client messages waiting for an answer (the trigger on messages keeps awaiting_reply_since).
  const sentAt = sql`now() - random() * interval '10 days'`;
  await database.db.execute(sql`
    INSERT INTO messages (case_id, author_role, text, created_at)
    SELECT c.id, 'client', 'Is er al nieuws?', ${sentAt} FROM cases c WHERE random() < 0.05`);
}

async function seed(database: Database, options: InsightBenchOptions): Promise<{ token: string; lawyerId: string }> {
  await ensureCatalogue(database.db);
  const cases = options.cases ?? 100_000;
  const lawyers = options.lawyers ?? 20;
  const started = Date.now();
  const { lawyerIds } = await seedLoad(database.db, { cases, lawyers, now: new Date(), seed: 13, batchSize: 1000 });
  await addHistories(database);
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `  seeded ${cases} cases with their histories over ${lawyers} lawyers ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const adminId = await createUser(database.db, {
    role: 'admin',
    email: `bench-admin-${Date.now()}@example.com`,
    name: 'Bench',
    lastName: 'Beheer',
  });
  const token = generateToken();
  await createToken(database.db, {
    userId: adminId,
    tokenHash: sha256Hex(token),
    now: new Date(),
    ttlMs: 24 * 3_600_000,
  });
  return { token, lawyerId: lawyerIds[0] as string };
}

async function explain(database: Database, lawyerId: string): Promise<void> {
  const { funnelStatement, resolvePeriod, stuckStatement } = await import('../src/server/insight/queries');
  const plan = async (title: string, query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(`\n  EXPLAIN ANALYZE — ${title}`);
    for (const row of result.rows) console.log(`    ${Object.values(row)[0]}`);
  };
  const now = new Date();
  const period = resolvePeriod({}, now);
  await plan(`the funnel, ${period.from} to ${period.to}`, funnelStatement({ period }));
  await plan(
    'the funnel, a whole year',
    funnelStatement({ period: resolvePeriod({ from: addCalendarDays(period.to, -364) }, now) }),
  );
  await plan('the stuck cases', stuckStatement({ now, limit: 100 }));
  await plan('the stuck cases of one lawyer', stuckStatement({ now, lawyerId, limit: 100 }));
}

/** Seeds, prints the query plans, starts the built server and measures the insight endpoints. */
export async function benchInsight(options: InsightBenchOptions): Promise<InsightBenchRow[]> {
  console.log(`\nInsight bench (/beheer/inzicht) on ${options.kind}`);
  const { prepared, env, cleanup } = await createBenchDatabase(
    options.kind,
    async (database) => {
      const seeded = await seed(database, options);
      await explain(database, seeded.lawyerId);
      return seeded;
    },
    'insight_bench',
  );
  const { child, baseUrl } = await startServer(env);
  const rows: InsightBenchRow[] = [];
  const headers = { authorization: `Bearer ${prepared.token}` };
  const today = amsterdamToday(new Date());
  const yearAgo = addCalendarDays(today, -364);
  try {
    // The scheduler's first run starts 5 s after start; let it pass so it is not measured.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const targets = [
      { name: 'GET /api/admin/insight (default: last 90 days)', url: `${baseUrl}/api/admin/insight` },
      {
        name: 'GET /api/admin/insight (a whole year: every case)',
        url: `${baseUrl}/api/admin/insight?from=${yearAgo}&to=${today}`,
      },
      {
        name: 'GET /api/admin/insight (a year, one lawyer)',
        url: `${baseUrl}/api/admin/insight?from=${yearAgo}&to=${today}&lawyer_id=${prepared.lawyerId}`,
      },
      {
        name: 'GET /api/admin/insight.csv (a year)',
        url: `${baseUrl}/api/admin/insight.csv?from=${yearAgo}&to=${today}`,
      },
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers });
      if (!check.ok) throw new Error(`${target.name} answered ${check.status}`);
      const single: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await (await fetch(target.url, { headers })).arrayBuffer();
        single.push(performance.now() - started);
      }
      single.sort((a, b) => a - b);
      const median = single[10] ?? 0;
      const max = single[19] ?? 0;
      const result = await autocannon({ url: target.url, connections: 10, duration: options.seconds ?? 5, headers });
      const row = {
        target: `${options.kind} ${target.name}`,
        median,
        max,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        errors: result.errors + result.non2xx,
      };
      console.log(
        `  ${row.target}: one at a time median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms; 10 ` +
          `connections p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`,
      );
      rows.push(row);
    }
  } finally {
    await stopServer(child);
    await cleanup();
  }
  return rows;
}

export function printInsightTable(rows: readonly InsightBenchRow[]): void {
  console.log(
    '\n| insight endpoint | one at a time: median ms | max ms | 10 connections: p50 ms | p99 ms | req/s | ' +
      'errors |\n|---|---|---|---|---|---|---|',
  );
  for (const row of rows)
    console.log(
      `| ${row.target} | ${row.median.toFixed(1)} | ${row.max.toFixed(1)} | ${row.p50} | ${row.p99} ` +
        `| ${row.rps} | ${row.errors} |`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const cases = Number(process.env.BENCH_CASES ?? 100_000);
  const kinds: InsightBenchOptions['kind'][] = process.env.BENCH_KINDS
    ? (process.env.BENCH_KINDS.split(',') as InsightBenchOptions['kind'][])
    : ['PGlite', ...(process.env.DATABASE_URL ? (['PostgreSQL'] as const) : [])];
  const all: InsightBenchRow[] = [];
  for (const kind of kinds) all.push(...(await benchInsight({ kind, seconds, cases })));
  printInsightTable(all);
}
