import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CaseListResponseSchema } from '../../contract/cases';
import { cases, users } from '../infra/db/schema';
import { queryRows } from '../infra/db/sql';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

let ctx: TestContext;
let token: string;
const ids = new Map<string, string>();

// Names as a Dutch firm meets them: accents, capitals, an ij, a prefix.
const people: { name: string; lastName: string; company: string | null; email: string }[] = [
  { name: 'Zoë', lastName: 'Bakker', company: 'Zuivelfabriek Noord', email: 'zoe.bakker@example.com' },
  { name: 'Émile', lastName: 'Dubois', company: 'Ädel Logistiek', email: 'emile@dubois.example.com' },
  { name: 'Özdemir', lastName: 'Yılmaz', company: null, email: 'oz@example.com' },
  { name: 'anna', lastName: 'de Vries', company: 'Bouwbedrijf Ĳsselmonde', email: 'anna.devries+portal@example.com' },
  { name: 'Bram', lastName: 'Jansen', company: 'édition Ōmura', email: 'b.jansen@kantoor.example.com' },
  { name: 'Łukasz', lastName: 'Nowak', company: 'Zeeuws 100% Fruit_BV', email: 'lukasz@example.com' },
];
let otherCaseId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const lawyer = await createTestLawyer(ctx);
  const other = await createTestLawyer(ctx);
  token = await tokenFor(ctx, lawyer.id);
  for (const p of people) {
    const client = await createTestClient(ctx, {
      name: p.name,
      lastName: p.lastName,
      email: p.email,
      status: 'check',
      lawyerIds: [lawyer.id],
    });
    if (p.company) await ctx.db.update(cases).set({ companyName: p.company }).where(eq(cases.id, client.caseId));
    ids.set(p.name, client.caseId);
  }
  // Another lawyer's case matching every search: never in this lawyer's results.
  otherCaseId = (
    await createTestClient(ctx, {
      name: 'Zoë',
      lastName: 'Anders',
      email: 'zoe.anders@example.com',
      lawyerIds: [other.id],
    })
  ).caseId;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function list(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/cases?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return CaseListResponseSchema.parse(response.json());
}
const names = (body: { data: { client_name: string }[] }) => body.data.map((c) => c.client_name);

describe('Dutch order of names', () => {
  it('sorts client names ignoring accents and case, so Émile and Özdemir come before Zoë', async () => {
    expect(names(await list('sort=client_name'))).toEqual([
      'anna de Vries',
      'Bram Jansen',
      'Émile Dubois',
      'Łukasz Nowak',
      'Özdemir Yılmaz',
      'Zoë Bakker',
    ]);
    expect(names(await list('sort=client_name&dir=desc'))).toEqual([
      'Zoë Bakker',
      'Özdemir Yılmaz',
      'Łukasz Nowak',
      'Émile Dubois',
      'Bram Jansen',
      'anna de Vries',
    ]);
  });

  it('sorts company names the same way, cases without a company last', async () => {
    const body = await list('sort=company_name');
    expect(body.data.map((c) => c.company_name)).toEqual([
      'Ädel Logistiek',
      'Bouwbedrijf Ĳsselmonde',
      'édition Ōmura',
      'Zeeuws 100% Fruit_BV',
      'Zuivelfabriek Noord',
      null,
    ]);
  });

  it('keeps the order when a name changes later (the trigger refolds it)', async () => {
    const id = ids.get('anna') as string;
    await ctx.db.update(cases).set({ clientName: 'Ångström de Vries' }).where(eq(cases.id, id));
    try {
      expect(names(await list('sort=client_name')).slice(0, 2)).toEqual(['Ångström de Vries', 'Bram Jansen']);
    } finally {
      await ctx.db.update(cases).set({ clientName: 'anna de Vries' }).where(eq(cases.id, id));
    }
  });
});

describe('GET /api/cases?q=', () => {
  it.each([
    ['zoe', ['Zoë Bakker']],
    ['ZOË', ['Zoë Bakker']],
    ['emile', ['Émile Dubois']],
    ['ozdem', ['Özdemir Yılmaz']],
    ['yilmaz', ['Özdemir Yılmaz']],
    ['lukasz', ['Łukasz Nowak']],
    ['adel', ['Émile Dubois']],
    ['ijssel', ['anna de Vries']],
    ['omura', ['Bram Jansen']],
    ['kantoor.example', ['Bram Jansen']],
    ['devries+portal', ['anna de Vries']],
    ['  de   vries  ', ['anna de Vries']],
    ['vries anna', ['anna de Vries']],
    ['100%', ['Łukasz Nowak']],
    ['fruit_bv', ['Łukasz Nowak']],
  ])('finds %s by client name, company or e-mail, accents and case ignored', async (q, expected) => {
    expect(names(await list(`q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect((await list(`q=${encodeURIComponent('%')}`)).data.map((c) => c.client_name)).toEqual(['Łukasz Nowak']);
    expect((await list(`q=${encodeURIComponent('_')}`)).data.map((c) => c.client_name)).toEqual(['Łukasz Nowak']);
    expect((await list(`q=${encodeURIComponent('z%a')}`)).meta.total).toBe(0);
  });

  it('never finds another lawyer’s case', async () => {
    const body = await list('q=zoe');
    expect(body.data.map((c) => c.id)).not.toContain(otherCaseId);
    expect(body.meta.total).toBe(1);
  });

  it('combines with status filter, sort and page, and counts only matches', async () => {
    const all = await list('q=example&sort=client_name&dir=desc');
    expect(all.meta.total).toBe(6);
    expect(names(all)[0]).toBe('Zoë Bakker');
    expect((await list('q=example&statuses=lead')).meta.total).toBe(0);
    expect((await list('q=example&statuses=check,lead')).meta.total).toBe(6);
    const page2 = await list('q=example&page=2');
    expect(page2.data).toEqual([]);
    expect(page2.meta.total).toBe(6);
  });

  it('an empty or blank search lists everything', async () => {
    expect((await list('q=')).meta.total).toBe(6);
    expect((await list('q=%20%20')).meta.total).toBe(6);
  });

  it('finds a client by a new e-mail address after it changes', async () => {
    const id = ids.get('Bram') as string;
    const [c] = await ctx.db.select({ clientId: cases.clientId }).from(cases).where(eq(cases.id, id));
    await ctx.db.update(users).set({ email: 'bram.nieuw@voorbeeld.example' }).where(eq(users.id, c!.clientId));
    expect(names(await list('q=voorbeeld'))).toEqual(['Bram Jansen']);
    expect((await list('q=kantoor')).meta.total).toBe(0);
  });

  it('answers 422 for a search longer than 100 characters and accepts exactly 100', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases?q=${'a'.repeat(101)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.q).toBeDefined();
    expect((await list(`q=${'a'.repeat(100)}`)).meta.total).toBe(0);
  });

  it('answers 422 for a search with a NUL byte instead of failing in the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/cases?q=ab%00cd', headers: bearer(token) });
    expect(response.statusCode).toBe(422);
  });

  it('is served by the trigram index', async () => {
    // A handful of rows would be scanned; forbid that to see the index the planner can use.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT case_id FROM case_lawyers WHERE search_key LIKE '%' || portal_fold(${'zoë'}) || '%'`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('case_lawyers_search_trgm_idx');
  });
});
