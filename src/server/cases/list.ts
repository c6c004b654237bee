import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tokenStatement } from '../auth/queries';
import type { Statement } from '../db/hot/statement';
import type { CaseListItem, CaseListQuery } from '../../contract/cases';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
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
    .select({
      caseId: caseLawyers.caseId,
      pos: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('pos'),
    })
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
    const escaped = sql`replace(replace(replace(portal_fold(${word}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
    filter.push(sql`${caseLawyers.searchKey} LIKE '%' || ${escaped} || '%'`);
  }
  return and(...filter);
}

/** The number of the lawyer's cases matching a search (the trigger-kept counts do not know words). */
function searchCountQuery(db: Db, lawyerId: LawyerRef, args: ListArgs) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(caseLawyers)
    .where(listFilter(lawyerId, args));
}

/**
 * The list in one statement (the embedded database answers on the event loop, so round trips
 * count): the page's rows in page order, each with the total, or one row with the total and
 * no case when the page is empty (a page past the last). The page of ids is read in index
 * order, then the lawyer's case_lawyers rows of them: what the list shows of each case is
 * copied there by triggers (migrations 0009 and 0010), so the page query stays an index-only
 * scan however deep the page, and only the status's name is looked up.
 */
export function caseListStatement(db: Db, lawyerId: LawyerRef, query: CaseListQuery): SQL {
  return listStatement(db, lawyerId, listArgs(query));
}

function listStatement(db: Db, lawyerId: LawyerRef, args: ListArgs): SQL {
  const page = pageQuery(db, lawyerId, args).as('page');
  const countSum = sql`coalesce(sum(${lawyerStatusCounts.casesCount}), 0)::int`;
  const total = args.search
    ? sql`(${searchCountQuery(db, lawyerId, args)})`
    : sql`(SELECT ${countSum} FROM ${lawyerStatusCounts} WHERE ${countFilter(lawyerId, args)})`;
  const items = db
    .select({
      pos: sql<number>`${page.pos}`.as('pos'),
      caseId: sql<string>`${own.caseId}`.as('case_id'),
      clientName: sql<string>`${own.clientName}`.as('client_name'),
      companyName: sql<string | null>`${own.companyName}`.as('company_name'),
      statusSlug: sql<string>`${own.statusSlug}`.as('status_slug'),
      statusName: sql<string | null>`${statuses.displayName}`.as('status_name'),
      statusOrder: sql<number | null>`${statuses.order}`.as('status_order'),
      lastUpdateAt: sql<Date>`${own.lastUpdateAt}`.as('last_update_at'),
      pendingDocuments: sql<number>`${own.pendingDocuments}`.as('pending_documents'),
      offer: sql<string | null>`${own.offer}`.as('offer'),
    })
    .from(page)
    .innerJoin(own, and(eq(own.caseId, page.caseId), eq(own.lawyerId, lawyerId)))
    .leftJoin(statuses, eq(statuses.slug, own.statusSlug));
  return sql`SELECT tot.total, i.* FROM (SELECT ${total} AS total) tot LEFT JOIN LATERAL (${items}) i ON true`;
}

/** A row of the list statement: a case of the page (its columns null on an empty page) and the total. */
export type CaseListRow = {
  total: number | string;
  pos: number | string | null;
  case_id: string | null;
  client_name: string | null;
  company_name: string | null;
  status_slug: string | null;
  status_name: string | null;
  status_order: number | null;
  last_update_at: Date | string | null;
  pending_documents: number | null;
  offer: string | null;
};

/** The package of an item, as the contract names it. */
const offerOf = (slug: string | null): CaseListItem['offer'] =>
  slug !== null && slug in OFFER_DISPLAY_NAMES
    ? { slug: slug as OfferSlug, display_name: OFFER_DISPLAY_NAMES[slug as OfferSlug] }
    : null;

/** One item of the list (contract/cases `CaseListItem`) from its row's columns. */
export function caseListItem(row: CaseListRow & { case_id: string }): CaseListItem {
  const at = row.last_update_at;
  return {
    id: row.case_id,
    client_name: row.client_name ?? '',
    company_name: row.company_name,
    // A slug the catalogue does not know yet keeps its slug; its name and order come from the statuses table.
    status: { slug: row.status_slug as StatusSlug, display_name: row.status_name ?? '', order: row.status_order ?? 0 },
    offer: offerOf(row.offer),
    last_update_at: at instanceof Date ? at.toISOString() : new Date(at ?? 0).toISOString(),
    pending_documents: Number(row.pending_documents ?? 0),
  };
}

/** The page from the rows of the list statement: its items in page order and the total. */
export function caseListPage(rows: readonly CaseListRow[]): { items: CaseListItem[]; total: number } {
  const items: CaseListItem[] = [];
  for (const row of rows) if (row.case_id !== null) items.push(caseListItem(row as CaseListRow & { case_id: string }));
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** Statements of `caseListForToken`, one per shape (sort, direction, number of statuses and words). */
const forTokenStatements = new Map<string, Statement>();

/**
 * The token check and the list statement for the token's lawyer (`requireUserWith`: one round
 * trip), built once per shape with placeholders for the statuses, words and offset: a hot
 * statement (db/hot/, docs/performance.md), the values bound per request. Without search words
 * it is named and planned once (a generic plan: the lawyer comes from the token either way); a
 * search is planned with its words every time (`plan: 'custom'`): a generic plan cannot know
 * that a word of one or two letters gives the trigram index nothing to look up, and would scan
 * all of it.
 */
export function caseListForToken(
  db: Db,
  query: CaseListQuery,
): { statement: Statement; values: Record<string, unknown> } {
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
    statement = tokenStatement(listStatement(db, sql`auth.user_id`, shape), {
      orderBy: 'pos',
      plan: args.search ? 'custom' : 'generic',
    });
    forTokenStatements.set(key, statement);
  }
  const values: Record<string, unknown> = { offset: args.offset };
  args.statusOrders.forEach((order, i) => (values[`status${i}`] = order));
  args.words.forEach((word, i) => (values[`word${i}`] = word));
  return { statement, values };
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
  const rows = await db
    .select({ slug: statuses.slug, displayName: statuses.displayName, order: statuses.order })
    .from(statuses)
    .orderBy(asc(statuses.order));
  const known = new Set<string>(STATUSES.map((s) => s.slug));
  return rows
    .filter((r) => known.has(r.slug))
    .map((r) => ({ slug: r.slug as StatusSlug, display_name: r.displayName, order: r.order }));
}
