import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tokenUserStatement } from '../auth/queries';
import { hotStatement, type Statement } from '../db/hot/statement';
import { hotPathEnabled } from '../db/hot/run';
import { VersionedCache } from '../db/hot/versioned-cache';
import type { CaseListItem, CaseListQuery } from '../../contract/cases';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { STATUSES, getStatus, type StatusSlug } from '../../contract/statuses';
import type { Database, Db } from '../db/client';
import { caseLawyers, lawyerStatusCounts, statuses } from '../db/schema';

export const CASE_PAGE_SIZE = 10;

/** The lawyer's own case_lawyers row of a listed case, apart from the page query's scan. */
const OWN = 'own';
const own = alias(caseLawyers, OWN);

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

/** `Date.prototype.toISOString`'s form as a `to_char` pattern (of a UTC timestamp). */
const ISO_MS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The version of what a list row shows: the row versions (`xmin`, new with every update) of the
 * lawyer's case_lawyers row, where triggers copy everything the item shows, and of its status.
 */
const ITEM_VERSION = sql`${sql.identifier(OWN)}.xmin::text || '.' || coalesce(${statuses}.xmin::text, '')`;

/**
 * The list's parts: the page's rows in page order (`pos`) and the total. The page of ids is read
 * in index order, then the lawyer's case_lawyers rows of them: what the list shows of each case
 * is copied there by triggers (migrations 0009 and 0010), so the page query stays an index-only
 * scan however deep the page, and only the status's name is looked up. The moment of the last
 * update comes as the text the answer shows (ISO 8601 in UTC, to the millisecond), so no row's
 * timestamp is parsed into a Date only to be formatted again (docs/performance.md).
 */
function listParts(
  db: Db,
  lawyerId: LawyerRef,
  args: ListArgs,
  columns: 'versions' | 'full',
): { total: SQL; items: SQL } {
  const page = pageQuery(db, lawyerId, args).as('page');
  const countSum = sql`coalesce(sum(${lawyerStatusCounts.casesCount}), 0)::int`;
  const total = args.search
    ? sql`(${searchCountQuery(db, lawyerId, args)})`
    : sql`(SELECT ${countSum} FROM ${lawyerStatusCounts} WHERE ${countFilter(lawyerId, args)})`;
  const versions = {
    pos: sql<number>`${page.pos}`.as('pos'),
    caseId: sql<string>`${own.caseId}`.as('case_id'),
    version: sql<string>`${ITEM_VERSION}`.as('version'),
  };
  const items = db
    .select(
      columns === 'versions'
        ? versions
        : {
            ...versions,
            clientName: sql<string>`${own.clientName}`.as('client_name'),
            companyName: sql<string | null>`${own.companyName}`.as('company_name'),
            statusSlug: sql<string>`${own.statusSlug}`.as('status_slug'),
            statusName: sql<string | null>`${statuses.displayName}`.as('status_name'),
            statusOrder: sql<number | null>`${statuses.order}`.as('status_order'),
            lastUpdateAt: sql<string>`to_char(${own.lastUpdateAt} AT TIME ZONE 'UTC', ${ISO_MS})`.as('last_update_at'),
            pendingDocuments: sql<number>`${own.pendingDocuments}`.as('pending_documents'),
            offer: sql<string | null>`${own.offer}`.as('offer'),
          },
    )
    .from(page)
    .innerJoin(own, and(eq(own.caseId, page.caseId), eq(own.lawyerId, lawyerId)))
    .leftJoin(statuses, eq(statuses.slug, own.statusSlug));
  return { total, items: sql`${items}` };
}

/**
 * The list for a lawyer in one statement, as `bench/cases.ts` measures it and as a page is read
 * whole for a lawyer: the page's rows in page order, each with the total, or one row
 * with the total and no case on a page past the last.
 */
export function caseListStatement(db: Db, lawyerId: LawyerRef, query: CaseListQuery): SQL {
  return wholeListStatement(db, lawyerId, listArgs(query));
}

function wholeListStatement(db: Db, lawyerId: LawyerRef, args: ListArgs): SQL {
  const { total, items } = listParts(db, lawyerId, args, 'full');
  return sql`SELECT tot.total, i.* FROM (SELECT ${total} AS total) tot LEFT JOIN LATERAL (${items}) i ON true
    ORDER BY i.pos`;
}

/** A row of the list read whole: a case of the page with the total, or only the total (a page past the last). */
export type CaseListRow = {
  total: number | string | null;
  pos: number | string | null;
  case_id: string | null;
  version: string | null;
  client_name: string | null;
  company_name: string | null;
  status_slug: string | null;
  status_name: string | null;
  status_order: number | null;
  last_update_at: string | null;
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
  return {
    id: row.case_id,
    client_name: row.client_name ?? '',
    company_name: row.company_name,
    // A slug the catalogue does not know yet keeps its slug; its name and order come from the statuses table.
    status: { slug: row.status_slug as StatusSlug, display_name: row.status_name ?? '', order: row.status_order ?? 0 },
    offer: offerOf(row.offer),
    last_update_at: row.last_update_at ?? '',
    pending_documents: Number(row.pending_documents ?? 0),
  };
}

/**
 * The row of `caseListForToken` for a valid token: the list's total and the page's version, each
 * case of the page as `id:version` in page order (null on a page past the last).
 */
export type CaseListHead = { total: number | string | null; page: string | null };

/** What a page shows depends on nothing else: its total and its cases with their versions, in order. */
const pageVersion = (total: number | string | null, page: string | null) => `${Number(total ?? 0)}|${page ?? ''}`;

/** Written answers of the list, one per lawyer and query, with the version of the page they show. */
export type CaseListCache = VersionedCache<string>;

/** How many answers a server keeps written (a few kilobytes each). */
export const CASE_LIST_CACHE_SIZE = 5_000;

/** A cache of written list answers; none are kept with the hot path switched off (docs/performance.md). */
export const createCaseListCache = (): CaseListCache =>
  new VersionedCache<string>(hotPathEnabled() ? CASE_LIST_CACHE_SIZE : 0);

const pageKey = (lawyerId: string, query: CaseListQuery) =>
  `${lawyerId} ${query.sort} ${query.dir} ${query.page} ${query.statuses.join(',')} ${query.q}`;

/**
 * The list's answer for a lawyer, as JSON text, from the row of `caseListForToken` (the total and
 * the page's cases with their versions): the answer kept in `cache` when it was written from
 * exactly that page, which is what a list asked for again finds; otherwise the page read whole in
 * a second statement (`forLawyer` of `statementsFor`), its items built from their columns,
 * written by `write` and kept under the version of what was read. A page read whole is answered
 * as read: it is the newer of the two.
 */
export async function caseListAnswer(
  database: Pick<Database, 'db' | 'run'>,
  cache: CaseListCache,
  lawyerId: string,
  query: CaseListQuery,
  head: CaseListHead,
  write: (page: { items: CaseListItem[]; total: number }) => string,
): Promise<string> {
  const key = pageKey(lawyerId, query);
  const kept = cache.get(key, pageVersion(head.total, head.page));
  if (kept !== undefined) return kept;
  const { statements, values } = statementsFor(database.db, query);
  const rows = await database.run<CaseListRow>(statements.forLawyer, { ...values, lawyerId });
  const items: CaseListItem[] = [];
  const versions: string[] = [];
  for (const row of rows) {
    if (row.case_id === null) continue;
    items.push(caseListItem(row as CaseListRow & { case_id: string }));
    versions.push(`${row.case_id}:${row.version ?? ''}`);
  }
  const total = Number(rows[0]?.total ?? 0);
  const answer = write({ items, total });
  cache.set(key, pageVersion(total, versions.length > 0 ? versions.join(' ') : null), answer);
  return answer;
}

/** The statements of one list shape: sort, direction, number of statuses and words. */
type ShapeStatements = { forToken: Statement; forLawyer: Statement };
const shapeStatements = new Map<string, ShapeStatements>();

/**
 * The statements of a list query's shape, built once with placeholders for the statuses, words
 * and offset (and the lawyer of `forLawyer`): hot statements (db/hot/, docs/performance.md), the
 * values bound per request. Without search words they are named and planned once (a generic
 * plan); a search is planned with its words every time (`plan: 'custom'`): a generic plan cannot
 * know that a word of one or two letters gives the trigram index nothing to look up, and would
 * scan all of it.
 */
function statementsFor(db: Db, query: CaseListQuery): { statements: ShapeStatements; values: Record<string, unknown> } {
  const args = listArgs(query);
  const key = `${args.sort} ${args.dir} ${args.search} ${args.statusOrders.length} ${args.words.length}`;
  let statements = shapeStatements.get(key);
  if (!statements) {
    const shape: ListArgs = {
      ...args,
      statusOrders: args.statusOrders.map((_, i) => sql.placeholder(`status${i}`)),
      words: args.words.map((_, i) => sql.placeholder(`word${i}`)),
      offset: sql.placeholder('offset'),
    };
    const plan = args.search ? 'custom' : 'generic';
    const { total, items } = listParts(db, sql`t.user_id`, shape, 'versions');
    const page = sql`(SELECT string_agg(v.case_id::text || ':' || v.version, ' ' ORDER BY v.pos) FROM (${items}) v)`;
    statements = {
      forToken: tokenUserStatement(sql`${total} AS total, ${page} AS page`, { plan }),
      forLawyer: hotStatement(wholeListStatement(db, sql`${sql.placeholder('lawyerId')}::uuid`, shape), { plan }),
    };
    shapeStatements.set(key, statements);
  }
  const values: Record<string, unknown> = { offset: args.offset };
  args.statusOrders.forEach((order, i) => (values[`status${i}`] = order));
  args.words.forEach((word, i) => (values[`word${i}`] = word));
  return { statements, values };
}

/**
 * The token check with the list's total and the version of its page, in one row
 * (`requireUserWith`: one round trip); `caseListAnswer` turns it into the answer.
 */
export function caseListForToken(
  db: Db,
  query: CaseListQuery,
): { statement: Statement; values: Record<string, unknown> } {
  const { statements, values } = statementsFor(db, query);
  return { statement: statements.forToken, values };
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
