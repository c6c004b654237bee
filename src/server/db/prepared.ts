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

type Slot = Statement['slots'][number];

/**
 * A value fixed at build time as a literal that can stand in the text: a plain string or a
 * whole number, quoted either way. A quoted literal has no type of its own until PostgreSQL
 * takes it from where it stands, as it does for a parameter: `'10'` is a bigint after LIMIT
 * and text beside a text column, where a bare `10` would be an integer there and fail.
 */
function literal(slot: Slot): string | null {
  if ('placeholder' in slot) return null;
  const { value } = slot;
  const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (text === null || /[\\\0]/.test(text)) return null;
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The statement as it is sent (decision 032): each run of blanks and line breaks outside quotes
 * made one space, and each value fixed at build time (a package's JSON in the case list, the
 * page size) written into the text as a literal, the parameters numbered again, one per
 * placeholder. The driver (postgres.js) joins the text with the parameter types and looks that
 * up on every run, and turns every parameter into text again on every run. Text with a
 * comment, a dollar quote, an escape string (E'…') or a name with a $ in it is left as it is.
 */
export function compactStatement(source: string, slots: readonly Slot[]): { text: string; slots: Slot[] } {
  // Gathered as parts and joined once: a text grown one character at a time is a rope of a
  // thousand pieces, which the driver walked again each time it joined it with the types.
  const text: string[] = [];
  const kept: Slot[] = [];
  const renumbered = new Map<string, number>();
  const unchanged = () => ({ text: source, slots: [...slots] });
  let quote: string | null = null;
  let blank = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (quote) {
      text.push(char);
      if (char === quote) quote = null;
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r') {
      blank = true;
      continue;
    }
    const next = source[i + 1] ?? '';
    const escapeString = (char === 'E' || char === 'e') && next === "'" && !/[A-Za-z0-9_]/.test(source[i - 1] ?? '');
    if ((char === '-' && next === '-') || (char === '/' && next === '*') || escapeString) return unchanged();
    if (blank && text.length > 0) text.push(' ');
    blank = false;
    if (char === '$') {
      const digits = /^[0-9]+/.exec(source.slice(i + 1))?.[0];
      const slot = digits ? slots[Number(digits) - 1] : undefined;
      // Not a parameter (a dollar quote, or a name with a $ in it): leave the text alone.
      if (!digits || !slot || /[A-Za-z0-9_]/.test(source[i - 1] ?? '')) return unchanged();
      i += digits.length;
      const fixed = literal(slot);
      if (fixed !== null) {
        text.push(fixed);
        continue;
      }
      // One parameter per placeholder, however often the text uses it.
      const key = 'placeholder' in slot ? `:${slot.placeholder}` : `$${digits}`;
      let number = renumbered.get(key);
      if (number === undefined) {
        kept.push(slot);
        number = kept.length;
        renumbered.set(key, number);
      }
      text.push(`$${number}`);
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    text.push(char);
  }
  return { text: text.join(''), slots: kept };
}

/**
 * Builds a statement from drizzle SQL once; call it at module level or once per shape.
 * `plan: 'custom'` for a statement that must be planned with its values every time (see `Statement`).
 */
export function prepareStatement(query: SQL, options: { plan?: 'generic' | 'custom' } = {}): Statement {
  const { sql: source, params } = dialect.sqlToQuery(query);
  const { text, slots } = compactStatement(
    source,
    params.map((param): Slot => {
      if (is(param, Placeholder)) return { placeholder: param.name };
      if (is(param, Param) && is(param.value, Placeholder)) return { placeholder: param.value.name };
      return { value: param };
    }),
  );
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
