import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tokenStatement } from '../auth/queries';
import type { Statement } from '../db/prepared';
import type { CaseListQuery } from '../../contract/cases';
import { OFFER_DISPLAY_NAMES } from '../../contract/offers';
import { STATUSES, getStatus, type StatusSlug } from '../../contract/statuses';
import type { Db } from '../db/client';
import { caseLawyers, lawyerStatusCounts, statuses } from '../db/schema';

export const CASE_PAGE_SIZE = 10;

/** The lawyer's own case_lawyers row of a listed case, apart from the page query's scan. */
const own = alias(caseLawyers, 'own');

/** A lawyer's id, or an SQL expression for it (`auth.user_id` when the list follows the token check). */
export type LawyerRef = string | SQL;

const orderOf = (slug: StatusSlug) => getStatus(slug).order;

/**
 * What the list statement depends on: the sort, the status orders and search words (values,
 * or placeholders when the statement is built once per shape, `caseListForToken`) and the offset.
 */
type ListArgs = {
  sort: CaseListQuery['sort'];
  dir: CaseListQuery['dir'];
  search: boolean;
  statusOrders: (number | Placeholder)[];
  words: (string | Placeholder)[];
  offset: number | Placeholder;
};

const listArgs = (query: CaseListQuery): ListArgs => ({
  sort: query.sort,
  dir: query.dir,
  search: Boolean(query.q),
  statusOrders: [...new Set(query.statuses.map(orderOf))],
  words: searchWords(query.q),
  offset: (query.page - 1) * CASE_PAGE_SIZE,
});

/** The page query: case ids of one page, read in the order of a (lawyer_id, sort key, case_id) index. */
function pageQuery(db: Db, lawyerId: LawyerRef, args: ListArgs) {
  const dir = args.dir === 'desc' ? desc : asc;
  const order = {
    client_name: [dir(caseLawyers.clientNameKey), dir(caseLawyers.caseId)],
    company_name: [dir(caseLawyers.companyNameKey), dir(caseLawyers.caseId)],
    last_update_at: [dir(caseLawyers.lastUpdateAt), dir(caseLawyers.caseId)],
    status: [dir(caseLawyers.statusOrder), dir(caseLawyers.clientNameKey), dir(caseLawyers.caseId)],
  }[args.sort];
  return db
    .select({ caseId: caseLawyers.caseId, pos: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('pos') })
    .from(caseLawyers)
    .where(listFilter(lawyerId, args))
    .orderBy(...order)
    .limit(CASE_PAGE_SIZE)
    .offset(args.offset);
}

function countFilter(lawyerId: LawyerRef, args: ListArgs) {
  const filter: SQL[] = [eq(lawyerStatusCounts.lawyerId, lawyerId)];
  if (args.statusOrders.length > 0) filter.push(inArray(lawyerStatusCounts.statusOrder, args.statusOrders));
  return and(...filter);
}

/** The words of a search, each matched anywhere in the folded search key (at most 10 words). */
export function searchWords(q: string): string[] {
  return [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 10);
}

function listFilter(lawyerId: LawyerRef, args: ListArgs) {
  const filter: SQL[] = [eq(caseLawyers.lawyerId, lawyerId)];
  if (args.statusOrders.length > 0) filter.push(inArray(caseLawyers.statusOrder, args.statusOrders));
  for (const word of args.words) {
    // Folded like the key (portal_fold, migration 0003), LIKE wildcards escaped; the trigram
    // GIN index on search_key serves words of three or more characters.
    filter.push(
      sql`${caseLawyers.searchKey} LIKE '%' || replace(replace(replace(portal_fold(${word}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
    );
  }
  return and(...filter);
}

/** The number of the lawyer's cases matching a search (the trigger-kept counts do not know words). */
function searchCountQuery(db: Db, lawyerId: LawyerRef, args: ListArgs) {
  return db.select({ n: sql<number>`count(*)::int` }).from(caseLawyers).where(listFilter(lawyerId, args));
}

/**
 * The list in one statement (the embedded database answers on the event loop, so round trips
 * count), as ONE row: the page's items as a JSON array text in page order, their number, and
 * the total. The page of ids is read in index order, then the lawyer's case_lawyers rows of
 * them (what the list shows, written ahead by a trigger). One row instead of ten spares the driver
 * ten rows of columns to parse (decision 029); the total is there for a page past the last too.
 */
export function caseListStatement(db: Db, lawyerId: LawyerRef, query: CaseListQuery) {
  return listStatement(db, lawyerId, listArgs(query));
}

function listStatement(db: Db, lawyerId: LawyerRef, args: ListArgs) {
  const page = pageQuery(db, lawyerId, args).as('page');
  const total = args.search
    ? sql`(${searchCountQuery(db, lawyerId, args)})`
    : sql`(SELECT coalesce(sum(${lawyerStatusCounts.casesCount}), 0)::int FROM ${lawyerStatusCounts} WHERE ${countFilter(lawyerId, args)})`;
  return db
    .select({
      items: sql<string>`coalesce('[' || string_agg(${listItemJson()}, ',' ORDER BY ${page.pos}) || ']', '[]')`.as('items'),
      count: sql<number>`count(*)::int`.as('count'),
      total: sql<number>`${total}`.as('total'),
    })
    .from(page)
    .innerJoin(own, and(eq(own.caseId, page.caseId), eq(own.lawyerId, lawyerId)));
}

/** Each package's JSON in a list item (`{"slug":…,"display_name":…}`), written once here. */
const OFFER_JSON = Object.entries(OFFER_DISPLAY_NAMES).map(([slug, name]) => [slug, JSON.stringify({ slug, display_name: name })] as const);

/**
 * One item of the list (contract/cases `CaseListItem`) as JSON text: the row's
 * `list_item_head`, which a trigger writes whenever the row changes (everything up to
 * `"offer":`, migration 0011), then the package's JSON from the contract and `}`. The route
 * puts the page's items into the response as they come, without parsing rows of columns into
 * objects and serialising them again (decision 027); the database no longer builds ten items
 * per request from their columns either, it reads ten texts (decision 030). What it shows of
 * each case, and the documents uploaded and not viewed by this lawyer since, are kept on the
 * lawyer's case_lawyers row by triggers (migrations 0009 to 0011) and read for the page's ten
 * rows only, so the page query itself stays an index-only scan however deep the page, and no
 * row is looked up in cases or statuses.
 */
function listItemJson(): SQL {
  const offers = sql.join(
    OFFER_JSON.map(([slug, json]) => sql`WHEN ${slug}::text THEN ${json}::text`),
    sql` `,
  );
  return sql`concat(${own.listItemHead}, CASE ${own.offer} ${offers} ELSE 'null' END, '}')`;
}

/** The one row of `caseListStatement` read as raw SQL: the page's items as a JSON array text (`listItemJson`), their number and the total. */
export type RawCaseListRow = { items: string; count: number | string; total: number | string };

/** Statements of `caseListForToken`, one per shape (sort, direction, number of statuses and words). */
const forTokenStatements = new Map<string, Statement>();

/**
 * The token check and the list statement for the token's lawyer (`requireUserWith`: one row),
 * built once per shape with placeholders for the statuses, words and offset: a prepared
 * statement (db/prepared.ts), the values bound per request. Without search words it is named
 * and planned once (a generic plan: the lawyer comes from the token either way); a search is
 * planned with its words every time (`plan: 'custom'`): a generic plan cannot know that a word
 * of one or two letters gives the trigram index nothing to look up, and would scan all of it
 * (120–190 ms per run with 5,000 cases per lawyer instead of 2–18; decision 023, addendum).
 */
export function caseListForToken(db: Db, query: CaseListQuery): { statement: Statement; values: Record<string, unknown> } {
  const args = listArgs(query);
  const key = `${args.sort} ${args.dir} ${args.search} ${args.statusOrders.length} ${args.words.length}`;
  let statement = forTokenStatements.get(key);
  if (!statement) {
    const shape: ListArgs = {
      ...args,
      statusOrders: args.statusOrders.map((_, i) => sql.placeholder(`status${i}`)),
      words: args.words.map((_, i) => sql.placeholder(`word${i}`)),
      offset: sql.placeholder('offset'),
    };
    statement = tokenStatement(listStatement(db, sql`auth.user_id`, shape).getSQL(), { plan: args.search ? 'custom' : 'generic' });
    forTokenStatements.set(key, statement);
  }
  const values: Record<string, unknown> = { offset: args.offset };
  args.statusOrders.forEach((order, i) => (values[`status${i}`] = order));
  args.words.forEach((word, i) => (values[`word${i}`] = word));
  return { statement, values };
}

/** One page from the row of `caseListForToken`: its items as one JSON array text, ready for the response, their number, and the total. */
export function caseListFromRow(row: RawCaseListRow | undefined): { itemsJson: string; count: number; total: number } {
  return { itemsJson: row?.items ?? '[]', count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
}

/** Every status with the number of the lawyer's cases in it (trigger-kept lawyer_status_counts). */
export function countByStatusQuery(db: Db, lawyerId: string) {
  return db
    .select({ order: lawyerStatusCounts.statusOrder, n: lawyerStatusCounts.casesCount })
    .from(lawyerStatusCounts)
    .where(eq(lawyerStatusCounts.lawyerId, lawyerId));
}

export async function countLawyerCasesByStatus(db: Db, lawyerId: string) {
  const rows = await countByStatusQuery(db, lawyerId);
  const counts = new Map(rows.map((r) => [r.order, r.n]));
  const catalogue = await listStatuses(db);
  return catalogue.map((s) => ({ ...s, cases_count: counts.get(s.order) ?? 0 }));
}

/** The status catalogue in order (GET /api/statuses). */
export async function listStatuses(db: Db) {
  const rows = await db.select({ slug: statuses.slug, displayName: statuses.displayName, order: statuses.order }).from(statuses).orderBy(asc(statuses.order));
  const known = new Set<string>(STATUSES.map((s) => s.slug));
  return rows.filter((r) => known.has(r.slug)).map((r) => ({ slug: r.slug as StatusSlug, display_name: r.displayName, order: r.order }));
}
