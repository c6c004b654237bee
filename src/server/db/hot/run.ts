import { parse as pgliteParse, type PGlite, protocol } from '@electric-sql/pglite';
import type pg from 'pg';
import type { HotQueryable } from './lanes';
import { bindStatement, type Statement } from './statement';

/**
 * How `Database.run` sends a hot statement (docs/performance.md). Both databases keep each
 * named statement prepared: parsed once, and planned generically (`plan_cache_mode =
 * force_generic_plan`) so its plan is made once too. Statements without a name are parsed and
 * planned with their values every time.
 */
export type HotRunner = <T>(statement: Statement, values: Readonly<Record<string, unknown>>) => Promise<T[]>;

/** Set to '0' to send every hot statement as an ordinary unnamed query (the switch of docs/performance.md). */
export const hotPathEnabled = (): boolean => process.env.HOT_PATH !== '0';

/** The plan cache mode of the named statements, on both databases. */
export const GENERIC_PLANS = 'force_generic_plan';

/**
 * PostgreSQL: named statements go to `hot`, the pipelined lanes (lanes.ts) whose connections
 * start with generic plans (node-postgres keeps a named statement parsed per connection);
 * unnamed ones go to `main`, where PostgreSQL chooses its plans as for every other query.
 */
export function postgresRunner(main: pg.Pool, hot: HotQueryable): HotRunner {
  const enabled = hotPathEnabled();
  return async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
    // A moment goes as ISO 8601 text (every timestamp placeholder is cast in SQL): node-postgres
    // would write it in the server's local time zone, a few times slower.
    const params = bindStatement(statement, values).map((value) =>
      value instanceof Date ? value.toISOString() : value,
    );
    const result =
      enabled && statement.name
        ? await hot.query({ name: statement.name, text: statement.text, values: params })
        : await main.query({ text: statement.text, values: params });
    return result.rows as T[];
  };
}

/** A value as PGlite's bind message takes it: text (the backend parses it by the parameter's type). */
function pgliteValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * PGlite: one call into the embedded backend per statement through its public protocol API
 * (`runExclusive` + `execProtocol`): Parse only the first time, then Bind, Describe, Execute,
 * Sync, where `PGlite.query` parses and plans every time in six calls. PGlite has one session,
 * shared with drizzle's queries, so the generic plans are asked for per statement with
 * `set_config('plan_cache_mode', …, true)`, local to the implicit transaction the Sync ends.
 *
 * `runExclusive` keeps other queries out but not an open transaction (drizzle's transactions
 * hold PGlite's transaction lock across their queries): a statement that finds the session in
 * a transaction block runs instead as `PGlite.query`, which waits for that transaction's end.
 */
export function pgliteRunner(client: PGlite): HotRunner {
  const { serialize } = protocol;
  const parsed = new Set<string>();
  const sync = serialize.sync();
  const setter = 'portal_generic_plans';
  const setterText = `SELECT set_config('plan_cache_mode', '${GENERIC_PLANS}', true)`;
  const setGeneric = [
    serialize.bind({ statement: setter, values: [] }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
  ];
  const enabled = hotPathEnabled();
  const plain = async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> =>
    (await client.query<T>(statement.text, bindStatement(statement, values))).rows;
  return async <T>(statement: Statement, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
    if (!enabled) return plain<T>(statement, values);
    const { name } = statement;
    const bound = bindStatement(statement, values).map(pgliteValue);
    // What to parse is decided once the backend is ours, so two requests that meet a new
    // statement at the same moment do not both send its Parse.
    const outcome = await client.runExclusive(async () => {
      if (client.isInTransaction()) return null;
      const parts: Uint8Array[] = [];
      const parsingSetter = Boolean(name) && !parsed.has(setter);
      if (parsingSetter) parts.push(serialize.parse({ name: setter, text: setterText }));
      if (name) parts.push(...setGeneric);
      const parsing = !name || !parsed.has(name);
      if (parsing) parts.push(serialize.parse({ name: name ?? '', text: statement.text }));
      parts.push(
        serialize.bind({ statement: name ?? '', values: bound }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        sync,
      );
      const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        message.set(part, offset);
        offset += part.length;
      }
      const result = await client.execProtocol(message, { throwOnError: false });
      // A statement parsed before a later message failed still exists in the backend: remember
      // it. The backend answers in order, so the first ParseComplete is the setter's when sent.
      const parses = result.messages.filter((m) => m.name === 'parseComplete').length;
      if (parsingSetter && parses >= 1) parsed.add(setter);
      if (name && parsing && parses >= (parsingSetter ? 2 : 1)) parsed.add(name);
      return result.messages;
    });
    if (outcome === null) return plain<T>(statement, values);
    const error = outcome.find((m) => m.name === 'error');
    if (error) throw error;
    // After the setter's result comes the statement's.
    return (pgliteParse.parseResults(outcome, client.parsers)[name ? 1 : 0]?.rows ?? []) as T[];
  };
}
