/**
 * Bench of the lawyer's case list: 100,000 cases over 20 lawyers (each holding
 * 5,000), GET /api/cases (page, sort, one status filter) and GET /api/cases/count-by-status
 * with autocannon at 10 connections, on PGlite or PostgreSQL; prints EXPLAIN (ANALYZE) of the
 * list and count queries. Run alone with `node --import tsx bench/cases.ts`, or from bench/run.ts.
 */
import { createBenchDatabase, startServer, stopServer } from './support';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { CaseListQuerySchema } from '../src/contract/cases';
import { STATUS_GROUPS } from '../src/contract/statuses';
import { type Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { caseListStatement, countByStatusQuery } from '../src/server/cases/list';
import { localDate } from '../src/server/infra/lib/local-date';

export type CaseBenchRow = { target: string; p50: number; p99: number; rps: number; errors: number };
export type CaseBenchOptions = {
  kind: 'PGlite' | 'PostgreSQL';
  cases?: number;
  lawyers?: number;
  seconds?: number;
  explain?: boolean;
};

/** The statuses of the active group. */
const ACTIVE_STATUSES = STATUS_GROUPS.active;

/** The requests measured: the first page, a deep page in another order, one status filter, the counts. */
const REQUESTS = [
  { name: 'GET /api/cases (page 1, client_name asc)', query: 'page=1' },
  { name: 'GET /api/cases (page 250, last_update_at desc)', query: 'page=250&sort=last_update_at&dir=desc' },
  { name: 'GET /api/cases (statuses=check, company_name, page 2)', query: 'page=2&sort=company_name&statuses=check' },
  // Search: a common partial surname, an accent-folded first name with a company word.
  { name: 'GET /api/cases (q=jans)', query: 'q=jans' },
  { name: 'GET /api/cases (q=zoe zorg, last_update_at desc)', query: 'q=zoe%20zorg&sort=last_update_at&dir=desc' },
  {
    name: 'GET /api/cases (active group, status desc, page 10)',
    query: `page=10&sort=status&dir=desc&statuses=${ACTIVE_STATUSES.join(',')}`,
  },
];

async function explain(database: Database, lawyerId: string): Promise<void> {
  const run = async (title: string, query: { getSQL: () => ReturnType<typeof sql> }) => {
    const result = (await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(`\n  EXPLAIN ANALYZE — ${title}`);
    for (const row of result.rows) console.log(`    ${Object.values(row)[0]}`);
  };
  for (const request of REQUESTS) {
    const query = CaseListQuerySchema.parse(Object.fromEntries(new URLSearchParams(request.query)));
    await run(`${request.name}: the whole list statement`, caseListStatement(lawyerId, query, localDate(new Date())));
  }
  await run('GET /api/cases/count-by-status', countByStatusQuery(lawyerId, localDate(new Date())));
}

async function seed(database: Database, options: CaseBenchOptions): Promise<{ token: string; lawyerId: string }> {
  await ensureCatalogue(database.db);
  const cases = options.cases ?? 100_000;
  const lawyers = options.lawyers ?? 20;
  const started = Date.now();
  const { lawyerIds } = await seedLoad(database.db, { cases, lawyers, now: new Date(), seed: 11, batchSize: 1000 });
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `  seeded ${cases} cases over ${lawyers} lawyers (${cases / lawyers} each) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const token = generateToken();
  const lawyerId = lawyerIds[0] as string;
  await createToken(database.db, {
    userId: lawyerId,
    tokenHash: sha256Hex(token),
    now: new Date(),
    ttlMs: 24 * 3_600_000,
  });
  if (options.explain !== false) await explain(database, lawyerId);
  return { token, lawyerId };
}

/** Seeds, prints the query plans, starts the built server and measures the list endpoints. */
export async function benchCases(options: CaseBenchOptions): Promise<CaseBenchRow[]> {
  console.log(`\nCase list bench on ${options.kind}`);
  const { prepared, env, cleanup } = await createBenchDatabase(options.kind, (database) => seed(database, options));
  const { child, baseUrl } = await startServer(env);
  const rows: CaseBenchRow[] = [];
  const headers = { authorization: `Bearer ${prepared.token}` };
  try {
    // The scheduler's first run (lawyer assignment sweep, retention purge) starts 5 s after
    // start; let it pass so it is not measured as list latency.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const targets = [
      ...REQUESTS.map((r) => ({ name: r.name, url: `${baseUrl}/api/cases?${r.query}` })),
      { name: 'GET /api/cases/count-by-status', url: `${baseUrl}/api/cases/count-by-status` },
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers });
      if (!check.ok) throw new Error(`${target.name} answered ${check.status}`);
      await autocannon({ url: target.url, connections: 10, duration: 2, headers }); // warm-up
      const single: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await (await fetch(target.url, { headers })).arrayBuffer();
        single.push(performance.now() - started);
      }
      single.sort((a, b) => a - b);
      console.log(
        `  ${options.kind} ${target.name}: one connection, 50 requests: ` +
          `median ${single[25]?.toFixed(1)} ms, max ${single[49]?.toFixed(1)} ms`,
      );
      const result = await autocannon({ url: target.url, connections: 10, duration: options.seconds ?? 10, headers });
      const row = {
        target: `${options.kind} ${target.name}`,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        errors: result.errors + result.non2xx,
      };
      console.log(`  ${row.target}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
      rows.push(row);
    }
  } finally {
    await stopServer(child);
    await cleanup();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const cases = Number(process.env.BENCH_CASES ?? 100_000);
  const kinds: CaseBenchOptions['kind'][] = process.env.BENCH_KINDS
    ? (process.env.BENCH_KINDS.split(',') as CaseBenchOptions['kind'][])
    : ['PGlite', ...(process.env.DATABASE_URL ? (['PostgreSQL'] as const) : [])];
  const all: CaseBenchRow[] = [];
  for (const kind of kinds) all.push(...(await benchCases({ kind, seconds, cases })));
  console.log('\n| endpoint | p50 ms | p99 ms | req/s | errors |\n|---|---|---|---|---|');
  for (const row of all) console.log(`| ${row.target} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.errors} |`);
}
