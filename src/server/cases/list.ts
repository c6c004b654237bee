import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tokenUserStatement } from '../auth/queries';
import { preparedStatement, type Statement } from '../infra/db/prepared';
import type { CaseListItem, CaseListQuery } from '../../contract/cases';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { STATUSES, getStatus, type StatusSlug } from '../../contract/statuses';
import type { Database, Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import { getDisplayName } from '../../contract/rules/display-name';
import { caseLawyers, caseStandIns, lawyerStatusCounts, statuses, users } from '../infra/db/schema';

export const CASE_PAGE_SIZE = 10;

/** The lawyer's own case_lawyers row of a listed case, apart from the page query's scan. */
const OWN = 'own';
const own = alias(caseLawyers, OWN);

/** The lawyer whose case it is, on a row of a case the reader stands in on. */
const COVERED = 'covered';
const covered = alias(users, COVERED);

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
  /** The day (YYYY-MM-DD, Europe/Amsterdam) whose stand-ins count: a stand-in's cases show only within its dates. */
  today: string | Placeholder;
};

const listArgs = (query: CaseListQuery, today: string): ListArgs => ({
  sort: query.sort,
  dir: query.dir,
  search: Boolean(query.q),
  statusOrders: [...new Set(query.statuses.map(orderOf))],
  words: searchWords(query.q),
  offset: (query.page - 1) * CASE_PAGE_SIZE,
  today,
});

/** The columns of a list row's source: the case_lawyers row whose copied keys sort and filter it. */
const SOURCE_COLUMNS = sql.raw(
  'cl.case_id, cl.lawyer_id, cl.status_order, cl.client_name_key, cl.company_name_key, ' +
    'cl.last_update_at, cl.search_key',
);

/**
 * The cases a lawyer stands in on that day and that are not their own, each once, with the case_lawyers row of the
 * lawyer whose case it is (the first by id when a case has several): its copied keys sort, filter and show the row.
 */
function coveredRows(lawyerId: LawyerRef, today: string | Placeholder) {
  return sql`SELECT DISTINCT ON (cl.case_id) ${SOURCE_COLUMNS}
    FROM ${caseStandIns} s JOIN ${caseLawyers} cl ON cl.case_id = s.case_id
    WHERE s.lawyer_id = ${lawyerId} AND s.from_date <= ${today}::date AND s.until_date >= ${today}::date
      AND NOT EXISTS (SELECT 1 FROM ${caseLawyers} m WHERE m.case_id = s.case_id AND m.lawyer_id = ${lawyerId})
    ORDER BY cl.case_id, cl.lawyer_id`;
}

/**
 * The rows a lawyer's list is read from (`src`): their own case_lawyers rows, read in the order of a (lawyer_id,
 * sort key, case_id) index, and the few rows of the cases they stand in on today (`coveredRows`).
 */
function sourceRows(lawyerId: LawyerRef, args: ListArgs) {
  return sql`(SELECT ${SOURCE_COLUMNS} FROM ${caseLawyers} cl WHERE cl.lawyer_id = ${lawyerId}
    UNION ALL (${coveredRows(lawyerId, args.today)})) src`;
}

/** A column of `src`, under the name of the case_lawyers column it comes from. */
const src = (column: { name: string }) => sql`src.${sql.identifier(column.name)}`;

/** The page query: the page's case ids with the case_lawyers row each is shown from (`lawyer_id`), in order. */
function pageQuery(lawyerId: LawyerRef, args: ListArgs) {
  const dir = args.dir === 'desc' ? sql.raw('DESC') : sql.raw('ASC');
  const keys = {
    client_name: [caseLawyers.clientNameKey, caseLawyers.caseId],
    company_name: [caseLawyers.companyNameKey, caseLawyers.caseId],
    last_update_at: [caseLawyers.lastUpdateAt, caseLawyers.caseId],
    status: [caseLawyers.statusOrder, caseLawyers.clientNameKey, caseLawyers.caseId],
  }[args.sort];
  // Like drizzle's asc/desc: ascending puts nulls last, descending first (PostgreSQL's default).
  const order = sql.join(
    keys.map((key) => sql`${src(key)} ${dir}`),
    sql`, `,
  );
  return sql`SELECT src.case_id, src.lawyer_id, row_number() over (order by ${order}) AS pos
    FROM ${sourceRows(lawyerId, args)}
    WHERE ${listFilter(args)}
    ORDER BY ${order} LIMIT ${CASE_PAGE_SIZE} OFFSET ${args.offset}`;
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

/**
 * Whether a word may give the trigram index nothing to look up: fewer than three characters once its accents are
 * stripped. `portal_fold` strips the same marks and otherwise keeps or lengthens a word (ß → ss), so a word this
 * calls long is at least three characters folded too.
 */
export const isShortWord = (word: string) => word.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').length < 3;

/** The status and word filters on `src` (the lawyer's own rows and those they stand in on are already chosen). */
function listFilter(args: ListArgs) {
  const filter: SQL[] = [sql`true`];
  if (args.statusOrders.length > 0)
    filter.push(
      sql`${src(caseLawyers.statusOrder)} IN (${sql.join(
        args.statusOrders.map((o) => sql`${o}`),
        sql`, `,
      )})`,
    );
  for (const word of args.words) {
    // Folded like the key (portal_fold, migration 0003), LIKE wildcards escaped; the trigram
    // GIN index on search_key serves words of three or more characters.
    const escaped = sql`replace(replace(replace(portal_fold(${word}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
    filter.push(sql`${src(caseLawyers.searchKey)} LIKE '%' || ${escaped} || '%'`);
  }
  return sql.join(filter, sql` AND `);
}

/** The number of the lawyer's cases (their own and those they stand in on) matching a search. */
function searchCountQuery(lawyerId: LawyerRef, args: ListArgs) {
  return sql`SELECT count(*)::int FROM ${sourceRows(lawyerId, args)} WHERE ${listFilter(args)}`;
}

/** The number of cases the lawyer stands in on today, in the statuses asked for. */
function coveredCountQuery(lawyerId: LawyerRef, args: ListArgs) {
  return sql`SELECT count(*)::int FROM (${coveredRows(lawyerId, args.today)}) src WHERE ${listFilter(args)}`;
}

/** `Date.prototype.toISOString`'s form as a `to_char` pattern (of a UTC timestamp). */
const ISO_MS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The version of what a list row shows: the row versions (`xmin`, new with every update) of the
 * case_lawyers row it is shown from, where triggers copy everything the item shows, of its status,
 * and on a case the reader stands in on, of the lawyer whose case it is (their name is shown).
 */
const ITEM_VERSION = sql`${sql.identifier(OWN)}.xmin::text || '.' || coalesce(${statuses}.xmin::text, '')
  || coalesce('.' || ${sql.identifier(COVERED)}.xmin::text, '')`;

/**
 * The list's parts: the page's rows in page order (`pos`) and the total. The page of ids is read
 * in index order, then the case_lawyers rows they are shown from: what the list shows of each case
 * is copied there by triggers (migrations 0009 and 0010), so the page query stays an index-only
 * scan however deep the page, and only the status's name (and on a case the lawyer stands in on,
 * the name of the lawyer whose case it is) is looked up. The moment of the last update comes as
 * the text the answer shows (ISO 8601 in UTC, to the millisecond), so no row's timestamp is parsed
 * into a Date only to be formatted again (docs/performance.md).
 */
function listParts(lawyerId: LawyerRef, args: ListArgs, columns: 'versions' | 'full'): { total: SQL; items: SQL } {
  const countSum = sql`coalesce(sum(${lawyerStatusCounts.casesCount}), 0)::int`;
  const total = args.search
    ? sql`(${searchCountQuery(lawyerId, args)})`
    : sql`((SELECT ${countSum} FROM ${lawyerStatusCounts} WHERE ${countFilter(lawyerId, args)})
      + (${coveredCountQuery(lawyerId, args)}))`;
  const full = sql`, ${own.clientName} AS client_name, ${own.companyName} AS company_name,
    ${own.statusSlug} AS status_slug, ${statuses.displayName} AS status_name, ${statuses.order} AS status_order,
    to_char(${own.lastUpdateAt} AT TIME ZONE 'UTC', ${ISO_MS}) AS last_update_at,
    ${own.pendingDocuments} AS pending_documents, ${own.offer} AS offer,
    ${covered.name} AS covered_name, ${covered.infix} AS covered_infix, ${covered.lastName} AS covered_last_name`;
  const shown = columns === 'full' ? full : sql``;
  const items = sql`SELECT page.pos, ${own.caseId} AS case_id, ${ITEM_VERSION} AS version ${shown}
    FROM (${pageQuery(lawyerId, args)}) page
    JOIN ${caseLawyers} ${sql.identifier(OWN)} ON ${own.caseId} = page.case_id AND ${own.lawyerId} = page.lawyer_id
    LEFT JOIN ${statuses} ON ${statuses.slug} = ${own.statusSlug}
    LEFT JOIN ${users} ${sql.identifier(COVERED)} ON page.lawyer_id <> ${lawyerId} AND ${covered.id} = page.lawyer_id`;
  return { total, items };
}

/**
 * The list for a lawyer in one statement, as `bench/cases.ts` measures it and as a page is read
 * whole for a lawyer: the page's rows in page order, each with the total, or one row
 * with the total and no case on a page past the last.
 */
export function caseListStatement(lawyerId: LawyerRef, query: CaseListQuery, today: string): SQL {
  return wholeListStatement(lawyerId, listArgs(query, today));
}

function wholeListStatement(lawyerId: LawyerRef, args: ListArgs): SQL {
  const { total, items } = listParts(lawyerId, args, 'full');
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
  /** On a case the reader stands in on: the name of the lawyer whose case it is. */
  covered_name: string | null;
  covered_infix: string | null;
  covered_last_name: string | null;
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
    stand_in_for:
      row.covered_name === null
        ? null
        : getDisplayName({ name: row.covered_name, infix: row.covered_infix, last_name: row.covered_last_name ?? '' }),
  };
}

/**
 * The row of `caseListForToken` for a valid token: the list's total and the page's version, each
 * case of the page as `id:version` in page order (null on a page past the last).
 */
export type CaseListHead = { total: number | string | null; page: string | null };

/** What a page shows depends on nothing else: its total and its cases with their versions, in order. */
const pageVersion = (total: number | string | null, page: string | null) => `${Number(total ?? 0)}|${page ?? ''}`;

/**
 * The list's `ETag`: a hash of the lawyer, the query and the version of the page (its total and its cases with their
 * row versions). Every change to what the page shows, and a day that starts or ends a stand-in, gives another one.
 */
export function caseListETag(lawyerId: string, query: CaseListQuery, version: string): string {
  const key = `${lawyerId} ${query.sort} ${query.dir} ${query.page} ${query.statuses.join(',')} ${query.q} ${version}`;
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** The `ETag` of the page whose version `caseListForToken` read with the token. */
export const headETag = (lawyerId: string, query: CaseListQuery, head: CaseListHead) =>
  caseListETag(lawyerId, query, pageVersion(head.total, head.page));

/**
 * The page read whole (`forLawyer` of `statementsFor`), its items built from their columns, with the `ETag` of what
 * was read (the newer of the two reads, so that is what is answered).
 */
export async function readCaseList(
  database: Pick<Database, 'db' | 'run'>,
  lawyerId: string,
  query: CaseListQuery,
  today: string,
): Promise<{ items: CaseListItem[]; total: number; etag: string }> {
  const { statements, values } = statementsFor(query, today);
  const rows = await database.run<CaseListRow>(statements.forLawyer, { ...values, lawyerId });
  const items: CaseListItem[] = [];
  const versions: string[] = [];
  for (const row of rows) {
    if (row.case_id === null) continue;
    items.push(caseListItem(row as CaseListRow & { case_id: string }));
    versions.push(`${row.case_id}:${row.version ?? ''}`);
  }
  const total = Number(rows[0]?.total ?? 0);
  const version = pageVersion(total, versions.length > 0 ? versions.join(' ') : null);
  return { items, total, etag: caseListETag(lawyerId, query, version) };
}

/** The statements of one list shape: sort, direction, number of statuses and words. */
type ShapeStatements = { forToken: Statement; forLawyer: Statement };
const shapeStatements = new Map<string, ShapeStatements>();

/**
 * The statements of a list query's shape, built once with placeholders for the statuses, words
 * and offset (and the lawyer of `forLawyer`): prepared statements (db/prepared.ts, docs/performance.md), the
 * values bound per request. They are named, and PostgreSQL plans them as any prepared statement
 * (a generic plan once it costs no more than those made with the values). A search with a word
 * of one or two letters is planned with its words every time (`plan: 'custom'`): a generic plan
 * cannot know that such a word gives the trigram index nothing to look up, and would scan all of
 * it. Planning a search statement costs PostgreSQL about as much as ten requests of another kind,
 * so the searches of three letters or more, nearly all of them, share a named statement.
 */
function statementsFor(
  query: CaseListQuery,
  today: string,
): { statements: ShapeStatements; values: Record<string, unknown> } {
  const args = listArgs(query, today);
  const short = args.words.some((word) => typeof word === 'string' && isShortWord(word));
  const key = `${args.sort} ${args.dir} ${args.search} ${short} ${args.statusOrders.length} ${args.words.length}`;
  let statements = shapeStatements.get(key);
  if (!statements) {
    const shape: ListArgs = {
      ...args,
      statusOrders: args.statusOrders.map((_, i) => sql.placeholder(`status${i}`)),
      words: args.words.map((_, i) => sql.placeholder(`word${i}`)),
      offset: sql.placeholder('offset'),
      today: sql.placeholder('today'),
    };
    const plan = short ? 'custom' : 'generic';
    const { total, items } = listParts(sql`t.user_id`, shape, 'versions');
    const page = sql`(SELECT string_agg(v.case_id::text || ':' || v.version, ' ' ORDER BY v.pos) FROM (${items}) v)`;
    statements = {
      forToken: tokenUserStatement(sql`${total} AS total, ${page} AS page`, { plan }),
      forLawyer: preparedStatement(wholeListStatement(sql`${sql.placeholder('lawyerId')}::uuid`, shape), { plan }),
    };
    shapeStatements.set(key, statements);
  }
  const values: Record<string, unknown> = { offset: args.offset, today };
  args.statusOrders.forEach((order, i) => (values[`status${i}`] = order));
  args.words.forEach((word, i) => (values[`word${i}`] = word));
  return { statements, values };
}

/**
 * The token check with the list's total and the version of its page, in one row
 * (`requireUserWith`: one round trip); its version is the answer's `ETag` (`headETag`).
 */
export function caseListForToken(
  query: CaseListQuery,
  today: string,
): { statement: Statement; values: Record<string, unknown> } {
  const { statements, values } = statementsFor(query, today);
  return { statement: statements.forToken, values };
}

/**
 * Every status with the number of the lawyer's cases in it: their own (trigger-kept lawyer_status_counts) and those
 * they stand in on that day.
 */
export function countByStatusQuery(lawyerId: string, today: string): SQL {
  return sql`SELECT o.order, sum(o.n)::int AS n FROM (
      SELECT ${lawyerStatusCounts.statusOrder} AS order, ${lawyerStatusCounts.casesCount} AS n
      FROM ${lawyerStatusCounts} WHERE ${lawyerStatusCounts.lawyerId} = ${lawyerId}
      UNION ALL SELECT src.status_order, 1 FROM (${coveredRows(lawyerId, today)}) src
    ) o GROUP BY o.order`;
}

export async function countLawyerCasesByStatus(db: Db, lawyerId: string, today: string) {
  const rows = await queryRows<{ order: number; n: number }>(db, countByStatusQuery(lawyerId, today));
  const counts = new Map(rows.map((r) => [Number(r.order), Number(r.n)]));
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
