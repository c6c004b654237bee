/**
 * The plans PostgreSQL makes for the prepared statements of `Database.run` (docs/performance.md):
 * every shape of `GET /api/cases` (each sort and direction, without and with one or two search
 * words, short and long, with no, one and three statuses, first and a later page) and the token
 * and profile statements, on 10,000 cases over 20 lawyers as bench/core.ts seeds them.
 * For each it prints the scan nodes and the time of the custom plan (`force_custom_plan`, the
 * values known) and of the generic plan (`force_generic_plan`, which PostgreSQL may choose for a
 * named statement after its fifth run), and flags a generic plan that scans a big table
 * sequentially where the custom plan did not, or whose run takes over twice what a run of the
 * custom plan costs (its planning, made every run, and its execution) + 1 ms.
 * Needs DATABASE_URL (a scratch database is made and dropped):
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/generic-plans.ts`
 * (`PLANS_VERBOSE=1` prints every statement's scans; `PLANS_CASES=100000` seeds more cases).
 */
import pg from 'pg';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { CaseListQuerySchema } from '../src/contract/cases';
import { STATUSES } from '../src/contract/statuses';
import { authValues, createToken } from '../src/server/auth/queries';
import { caseListForToken } from '../src/server/cases/list';
import type { Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import type { Statement } from '../src/server/infra/db/prepared';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { PROFILE_FOR_TOKEN } from '../src/server/users/queries';
import { localDate } from '../src/server/infra/lib/local-date';
import { createBenchDatabase } from './support';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
type Explained = { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number };

/** Tables big enough that a sequential scan of them is a bad plan (the catalogue tables are tiny). */
const BIG = new Set(['case_lawyers', 'cases', 'documents', 'document_views', 'users', 'tokens']);

function scans(node: PlanNode, out: string[] = []): string[] {
  if (node['Relation Name']) out.push(`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}`);
  else if (node['Node Type'] === 'Sort') out.push('Sort');
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

const seqScans = (list: string[]) =>
  list.filter((s) => s.startsWith('Seq Scan') && BIG.has(s.slice('Seq Scan '.length)));

/**
 * EXPLAIN ANALYZE of a prepared statement in one plan cache mode: the second run, so the first's plan building and cold
 * cache are left out.
 */
async function explain(
  client: pg.Client,
  name: string,
  values: unknown[],
  mode: 'force_custom_plan' | 'force_generic_plan',
): Promise<Explained> {
  await client.query(`SET plan_cache_mode = ${mode}`);
  const args = values
    .map((v) =>
      typeof v === 'number' ? String(v) : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)),
    )
    .join(', ');
  let last: Explained | undefined;
  for (let run = 0; run < 2; run++) {
    await client.query('BEGIN'); // the token check's touch is rolled back
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}(${args})`,
      );
      last = rows[0]!['QUERY PLAN'][0]!;
    } finally {
      await client.query('ROLLBACK');
    }
  }
  return last!;
}

const list = (params: Record<string, string>) => CaseListQuerySchema.parse(params);

async function main() {
  const cases = Number(process.env.PLANS_CASES ?? 10_000);
  console.log(`${cases} cases over 20 lawyers`);
  const {
    prepared: token,
    env,
    cleanup,
  } = await createBenchDatabase('PostgreSQL', async (database: Database) => {
    await ensureCatalogue(database.db);
    const { lawyerIds } = await seedLoad(database.db, {
      cases,
      lawyers: 20,
      now: new Date(),
      seed: 5,
      batchSize: 1000,
    });
    // A token per user and a view of every tenth document, so neither table is near empty.
    await database.db.execute(sql`INSERT INTO tokens (user_id, token_hash, created_at, last_used_at, expires_at)
      SELECT id, md5(id::text), now(), now(), now() + interval '1 day' FROM users`);
    const documentLawyers = sql`documents d JOIN case_lawyers cl ON cl.case_id = d.case_id`;
    await database.db.execute(sql`INSERT INTO document_views (document_id, user_id, viewed_at)
      SELECT d.id, cl.lawyer_id, now() FROM ${documentLawyers} WHERE d.uploaded_at IS NOT NULL AND random() < 0.1`);
    await database.db.execute(sql`ANALYZE`);
    const secret = generateToken();
    await createToken(database.db, {
      userId: lawyerIds[0] as string,
      tokenHash: sha256Hex(secret),
      now: new Date(),
      ttlMs: 24 * 3_600_000,
    });
    return secret;
  });
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const verbose = process.env.PLANS_VERBOSE === '1';
  const auth = authValues(sha256Hex(token), new Date(), 3_600_000);
  const shapes: { title: string; statement: Statement; values: Record<string, unknown> }[] = [];
  const statuses = STATUSES.map((s) => s.slug);
  for (const sort of ['client_name', 'company_name', 'last_update_at', 'status']) {
    for (const dir of ['asc', 'desc']) {
      for (const q of ['', 'jan', 'de', 'bakker rotterdam', 'zzzqqq']) {
        for (const filter of ['', statuses[2]!, statuses.slice(1, 4).join(',')]) {
          for (const page of ['1', '7']) {
            const query = list({ sort, dir, page, ...(q ? { q } : {}), ...(filter ? { statuses: filter } : {}) });
            const { statement, values } = caseListForToken(query, localDate(new Date()));
            shapes.push({
              title:
                `cases sort=${sort} dir=${dir} q="${q}" ` +
                `statuses=${filter.split(',').filter(Boolean).length} page=${page}`,
              statement,
              values,
            });
          }
        }
      }
    }
  }
  shapes.push({ title: 'user profile (GET /api/user)', statement: PROFILE_FOR_TOKEN, values: {} });
  let bad = 0;
  const names = new Map<string, string>();
  const totals = { generic: { n: 0, custom: 0, generic: 0 }, custom: { n: 0, custom: 0, generic: 0 } };
  try {
    for (const shape of shapes) {
      const text = shape.statement.query.sql;
      let name = names.get(text);
      if (!name) {
        name = `plan_${names.size + 1}`;
        await client.query(`PREPARE ${name} AS ${text}`);
        names.set(text, name);
      }
      // How Database.run sends it: named = PostgreSQL may settle on a generic plan; unnamed = a custom plan per run.
      // (Past MAX_NAMED_STATEMENTS a server runs a statement unnamed too, but only after a hundred others.)
      const runsAs = shape.statement.plan;
      const values = fillPlaceholders(shape.statement.query.params, { ...shape.values, ...auth });
      const custom = await explain(client, name, values, 'force_custom_plan');
      const generic = await explain(client, name, values, 'force_generic_plan');
      const customScans = scans(custom.Plan);
      const genericScans = scans(generic.Plan);
      const worse = seqScans(genericScans).filter((scan) => !seqScans(customScans).includes(scan));
      // A custom plan is made on every run, so each run of it costs its planning and its execution; a generic plan is
      // made once per connection, so a run costs its execution.
      const eachCustomRun = custom['Planning Time'] + custom['Execution Time'];
      const slower = generic['Execution Time'] > 2 * eachCustomRun + 1;
      const flagged = runsAs === 'generic' && (worse.length > 0 || slower);
      if (flagged) bad++;
      const total = totals[runsAs];
      total.n++;
      total.custom += custom['Planning Time'] + custom['Execution Time'];
      total.generic += generic['Planning Time'] + generic['Execution Time'];
      const ms = (e: Explained) => `${e['Planning Time'].toFixed(2)} + ${e['Execution Time'].toFixed(2)} ms`;
      const worseNote = worse.length > 0 ? ` — generic seq scans ${worse.join(', ')}` : '';
      console.log(
        `${flagged ? 'BAD' : 'ok '} runs ${runsAs.padEnd(7)} ${shape.title}: custom ${ms(custom)}, ` +
          `generic ${ms(generic)} (planning + execution)${worseNote}${slower ? ' — generic slower' : ''}`,
      );
      if (verbose || worse.length > 0 || slower) {
        console.log(`      custom:  ${customScans.join(' | ')}`);
        console.log(`      generic: ${genericScans.join(' | ')}`);
      }
    }
    for (const [runsAs, total] of Object.entries(totals)) {
      if (total.n > 0)
        console.log(
          `\n${total.n} statements run ${runsAs}: mean custom ${(total.custom / total.n).toFixed(2)} ms, ` +
            `mean generic ${(total.generic / total.n).toFixed(2)} ms (planning + execution)`,
        );
    }
    console.log(
      `${bad} statements that run generic have a worse generic plan (a new sequential scan of a big ` +
        `table, or a run over twice a custom plan's planning and execution + 1 ms)`,
    );
  } finally {
    await client.end();
    await cleanup();
  }
  if (bad > 0) process.exitCode = 1;
}

await main();
