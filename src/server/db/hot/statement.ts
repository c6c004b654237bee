import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement of the hot request path (docs/performance.md): drizzle SQL rendered once, at
 * module level or once per shape, with `sql.placeholder('x')` for what differs per request.
 * `Database.run` sends it as a prepared statement under its name, so the database parses it
 * once per connection and keeps its plan; only the values travel per request.
 */
export type Statement = {
  /**
   * The prepared statement's name, or undefined for a statement that must be planned with its
   * values every time (`plan: 'custom'`: a search, whose good plan depends on its words) and
   * past MAX_NAMED_STATEMENTS.
   */
  readonly name: string | undefined;
  /** The SQL text exactly as drizzle renders it. */
  readonly text: string;
  /** Drizzle's parameters: values fixed at build time and placeholders filled per run. */
  readonly params: readonly unknown[];
};

/** Each distinct text gets its own name; a connection keeps at most this many for us. */
export const MAX_NAMED_STATEMENTS = 100;

const names = new Map<string, string>();
const dialect = new PgDialect();

/** The name for a statement text: the same text always the same name, never one name for two texts. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `portal_hot_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** Renders drizzle SQL once as a hot statement (see `Statement`). */
export function hotStatement(query: SQL, options: { plan?: 'generic' | 'custom' } = {}): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: options.plan === 'custom' ? undefined : statementName(text), text, params };
}

/** The values of a statement's parameters in order (drizzle's own filling); a missing placeholder is an error. */
export function bindStatement(statement: Statement, values: Readonly<Record<string, unknown>>): unknown[] {
  return fillPlaceholders(statement.params as unknown[], values as Record<string, unknown>);
}
