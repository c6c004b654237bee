import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement of the hot request path, built once (its SQL text, written with drizzle's `sql`
 * and `sql.placeholder('x')` for what differs per request) and then only bound to values:
 * `Database.run` sends it as a named prepared statement, so PostgreSQL (and PGlite) parse and
 * plan it once per connection instead of once per request; on PostgreSQL over connections
 * with `plan_cache_mode = force_generic_plan`, so the plan made once is a generic one (one plan
 * for every value). A statement whose good plan depends on its values (a search: a word of
 * fewer than three letters cannot use the trigram index) is built with `plan: 'custom'`: it has
 * no name and is parsed and planned for its values on every run. Decision 023.
 */
export type Statement = {
  /**
   * The prepared statement's name: planned once, generically. Undefined for `plan: 'custom'`
   * and past MAX_NAMED_STATEMENTS: then sent unnamed, planned with the values every time.
   */
  readonly name: string | undefined;
  readonly text: string;
  /** Per parameter `$n`: the placeholder to take from the values, or a value fixed at build time. */
  readonly slots: readonly ({ placeholder: string } | { value: unknown })[];
};

/** Each distinct text gets its own name; a backend keeps at most this many for us. */
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

/**
 * Builds a statement from drizzle SQL once; call it at module level or once per shape.
 * `plan: 'custom'` for a statement that must be planned with its values every time (see `Statement`).
 */
export function prepareStatement(query: SQL, options: { plan?: 'generic' | 'custom' } = {}): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const slots = params.map((param) => {
    if (is(param, Placeholder)) return { placeholder: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) return { placeholder: param.value.name };
    return { value: param };
  });
  return { name: options.plan === 'custom' ? undefined : statementName(text), text, slots };
}

/** The values of a statement's parameters, in order; a missing placeholder is an error. */
export function bindStatement(statement: Statement, values: Readonly<Record<string, unknown>>): unknown[] {
  return statement.slots.map((slot) => {
    if (!('placeholder' in slot)) return slot.value;
    const value = values[slot.placeholder];
    if (value === undefined) throw new Error(`No value for placeholder ${slot.placeholder}`);
    return value;
  });
}
