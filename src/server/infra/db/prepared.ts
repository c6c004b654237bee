import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement of the requests every screen makes (the token check, the profile, the case list;
 * docs/performance.md): drizzle SQL rendered once, at module level or once per shape, with
 * `sql.placeholder('x')` for what differs per request. `Database.run` sends it through drizzle's
 * own prepared query under its name, so PostgreSQL parses it once per connection of the pool;
 * only the values travel per request.
 */
export type Statement = {
  /**
   * The prepared statement's name, or undefined for a statement that must be planned with its
   * values every time (`plan: 'custom'`: a search for a word of one or two letters) and
   * past MAX_NAMED_STATEMENTS.
   */
  readonly name: string | undefined;
  /** How it was asked to be planned: 'generic' runs named (unless past MAX_NAMED_STATEMENTS), 'custom' never. */
  readonly plan: 'generic' | 'custom';
  /** The SQL text and parameters exactly as drizzle renders them. */
  readonly query: Query;
};

/** Each distinct text gets its own name; a connection keeps at most this many for us. */
export const MAX_NAMED_STATEMENTS = 100;

const names = new Map<string, string>();
const dialect = new PgDialect();

/** The name for a statement text: the same text always the same name, never one name for two texts. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `portal_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** Renders drizzle SQL once as a prepared statement (see `Statement`). */
export function preparedStatement(query: SQL, options: { plan?: 'generic' | 'custom' } = {}): Statement {
  const rendered = dialect.sqlToQuery(query);
  const plan = options.plan ?? 'generic';
  return { name: plan === 'custom' ? undefined : statementName(rendered.sql), plan, query: rendered };
}

/** Runs a statement with the values of its placeholders; the rows as the driver gives them. */
export type StatementRunner = <T>(statement: Statement, values: Readonly<Record<string, unknown>>) => Promise<T[]>;

/**
 * `Database.run` on a drizzle database: each statement becomes drizzle's prepared query once per
 * database (the same object `.prepare(name)` of a query builder makes) and runs on the ordinary
 * pool. Rows come as drizzle's prepared queries give them: json parsed, timestamps as text.
 * A moment goes as ISO 8601 text (every timestamp placeholder is cast in SQL): node-postgres
 * would write a Date in the server's local time zone, a few times slower.
 */
export function statementRunner(db: Db): StatementRunner {
  const prepared = new Map<Statement, PgPreparedQuery<PreparedQueryConfig>>();
  return async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
    let query = prepared.get(statement);
    if (!query) {
      query = db._.session.prepareQuery(statement.query, undefined, statement.name, false);
      prepared.set(statement, query);
    }
    const bound: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) bound[key] = value instanceof Date ? value.toISOString() : value;
    const result = (await query.execute(bound)) as { rows: T[] };
    return result.rows;
  };
}

/**
 * A query of the reads every case screen makes, built by drizzle's query builder once per
 * database instead of once per request: `build` ends in `.prepare(name)` (a name of its own,
 * never `portal_…`), with `sql.placeholder(key)` for each value a request brings, and the
 * result's `execute({ key: value })` runs it. Building the SQL of a wide select cost about as
 * much server CPU as the rest of its round trip (docs/performance.md). A transaction is a
 * database of its own: the query is built once for it. Placeholders carry ids, text and dates as
 * text, never a Date (node-postgres would write it in the server's local time zone).
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
