import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './sql';
import { openTestDatabase } from '../testing/harness';
import { HOT_LANE_FILL, type Database } from './client';
import { bindStatement, compactStatement, MAX_NAMED_STATEMENTS, prepareStatement, statementName } from './prepared';

describe('prepared statements of the hot path', () => {
  let database: Database & { close: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends the text compacted: blanks outside quotes made one space, fixed values as literals, one parameter per placeholder', () => {
    const statement = prepareStatement(
      sql`SELECT ${sql.placeholder('a')}::int AS a,
          ${"it's  two   spaces"}::text AS fixed, ${10} AS page,
          '  kept   as is  ' AS quoted, ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int AS sum, ${'back\\slash'}::text AS escaped`,
    );
    expect(statement.text).toBe("SELECT $1::int AS a, 'it''s  two   spaces'::text AS fixed, '10' AS page, '  kept   as is  ' AS quoted, $1::int + $2::int AS sum, $3::text AS escaped");
    expect(statement.slots).toEqual([{ placeholder: 'a' }, { placeholder: 'b' }, { value: 'back\\slash' }]);
    // Comments, dollar quotes, escape strings and names with a $ are left alone.
    for (const source of ['SELECT $1 -- note\n, 2', 'SELECT $$a  b$$, $1', 'SELECT a$1 FROM t WHERE x = $1', "SELECT E'it\\'s  $1', $1"]) {
      expect(compactStatement(source, [{ value: 1 }])).toEqual({ text: source, slots: [{ value: 1 }] });
    }
  });

  it('runs a compacted statement with the values it was built with', async () => {
    const statement = prepareStatement(
      sql`SELECT ${sql.placeholder('n')}::int * ${3} AS n, ${"l'eau"}::text AS fixed, ${sql.placeholder('n')}::int AS again, ${'a\\b'}::text AS slash,
        (SELECT count(*)::int FROM (VALUES ('5'), ('6')) v(t) WHERE v.t = ${5}) AS as_text, (SELECT count(*)::int FROM generate_series(1, 20) LIMIT ${2}) AS limited`,
    );
    // A fixed number takes its type from where it stands, as a parameter would: text beside a text column.
    expect(await database.run(statement, { n: 7 })).toEqual([{ n: 21, fixed: "l'eau", again: 7, slash: 'a\\b', as_text: 1, limited: 20 }]);
  });

  it('runs a new statement met by several requests at once for each of them (one Parse)', async () => {
    const statement = prepareStatement(sql`SELECT ${sql.placeholder('n')}::int + 1 AS prepared_test_race`);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => database.run<{ prepared_test_race: number }>(statement, { n })));
    expect(results).toEqual([2, 3, 4, 5, 6].map((n) => [{ prepared_test_race: n }]));
  });

  it('gives one text one name and never one name to two texts', () => {
    const a = statementName('SELECT 1 AS prepared_test_a');
    const b = statementName('SELECT 1 AS prepared_test_b');
    expect(a).toBeDefined();
    expect(b).not.toBe(a);
    expect(statementName('SELECT 1 AS prepared_test_a')).toBe(a);
  });

  it('names at most MAX_NAMED_STATEMENTS texts, then sends the rest unnamed', () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 5; i++) {
      const text = `SELECT ${i} AS prepared_test_cap`;
      const name = statementName(text);
      if (name) {
        expect(seen.get(name) ?? text).toBe(text);
        seen.set(name, text);
      }
    }
    expect(statementName('SELECT 0 AS prepared_test_cap_later')).toBeUndefined();
  });

  it('binds placeholders by name and refuses a missing one', () => {
    const statement = prepareStatement(sql`SELECT ${sql.placeholder('x')}::int + ${7} AS n, ${new Date(0)}::timestamptz AS fixed`);
    // The whole number is written into the text; a value that cannot be a literal stays a parameter.
    expect(bindStatement(statement, { x: 3 })).toEqual([3, new Date(0)]);
    expect(() => bindStatement(statement, {})).toThrow(/x/);
  });

  it('runs the same statement many times with other values, and after an error', async () => {
    const statement = { name: 'portal_test_run', text: 'SELECT $1::int * 2 AS n, $2::text AS t', slots: [{ placeholder: 'n' }, { placeholder: 't' }] };
    for (let n = 1; n <= 7; n++) expect(await database.run<{ n: number; t: string }>(statement, { n, t: `x${n}` })).toEqual([{ n: n * 2, t: `x${n}` }]);
    await expect(database.run(statement, { n: 'not a number', t: 'x' })).rejects.toThrow();
    expect(await database.run(statement, { n: 21, t: 'y' })).toEqual([{ n: 42, t: 'y' }]);
    // A bad text fails cleanly, and the next statement runs.
    await expect(database.run({ name: 'portal_test_bad', text: 'SELEC 1', slots: [] }, {})).rejects.toThrow();
    expect(await database.run<{ one: number }>({ name: undefined, text: 'SELECT 1 AS one', slots: [] }, {})).toEqual([{ one: 1 }]);
  });

  it('waits for a running transaction instead of joining it', async () => {
    const statement = { name: 'portal_test_tx', text: 'SELECT count(*)::int AS n FROM users WHERE email = $1', slots: [{ placeholder: 'email' }] };
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO users (role, email, name, last_name) VALUES ('client', 'prepared-tx@example.com', 'P', 'T')`);
      inside();
      await hold;
      throw new Error('roll back');
    });
    await opened;
    const read = database.run<{ n: number }>(statement, { email: 'prepared-tx@example.com' });
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await read).toEqual([{ n: 0 }]);
  });

  it('plans named statements generically, and nothing else (PostgreSQL: their own connections; PGlite: a setting local to each call)', async () => {
    type Mode = { mode: string; generic: string | null; custom: string | null; n: number };
    // The statement reads its own row of pg_prepared_statements (found by its text: the driver
    // names it): the plan counters are counted before it executes, so the first run already
    // shows which plan it got.
    const statement = {
      name: 'portal_test_generic',
      text: `SELECT current_setting('plan_cache_mode') AS mode, p.generic_plans::text AS generic, p.custom_plans::text AS custom, $1::int AS n
        FROM (SELECT 1) one LEFT JOIN pg_prepared_statements p ON p.statement LIKE '%pg\\_prepared\\_statements p ON p.statement%'`,
      slots: [{ placeholder: 'n' }],
    };
    for (let n = 1; n <= 3; n++) {
      const [row] = await database.run<Mode>(statement, { n });
      expect(row).toMatchObject({ mode: 'force_generic_plan', custom: '0', n });
      expect(Number(row?.generic)).toBeGreaterThanOrEqual(1);
    }
    // Unnamed statements (searches) and every drizzle query keep PostgreSQL's own choice.
    expect(await database.run<{ mode: string }>({ name: undefined, text: "SELECT current_setting('plan_cache_mode') AS mode", slots: [] }, {})).toEqual([{ mode: 'auto' }]);
    expect(await queryRows<{ mode: string }>(database.db, sql`SELECT current_setting('plan_cache_mode') AS mode`)).toEqual([{ mode: 'auto' }]);
    // Also after a named statement that failed, and in parallel with drizzle's queries.
    await expect(database.run({ name: 'portal_test_generic_fails', text: 'SELECT 1 / $1::int AS n', slots: [{ placeholder: 'n' }] }, { n: 0 })).rejects.toThrow();
    const modes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0 ? database.run<Mode>(statement, { n: i }).then((rows) => rows[0]?.mode) : queryRows<{ mode: string }>(database.db, sql`SELECT current_setting('plan_cache_mode') AS mode`).then((rows) => rows[0]?.mode),
      ),
    );
    expect(modes).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? 'force_generic_plan' : 'auto')));
    if (database.kind === 'postgres') {
      const stats = database.poolStats?.();
      expect(stats?.hot).toMatchObject({ inUse: 0, waiting: 0 });
      expect(stats?.hot.max).toBeLessThanOrEqual(stats?.main.max ?? 0);
    }
  });

  // Decision 031: the statements of one turn of the event loop share one connection (one write,
  // one backend woken), and the next connection opens only when HOT_LANE_FILL are in flight.
  it.skipIf(!process.env.DATABASE_URL)('sends the hot statements of one moment down one connection, and opens the next one only past HOT_LANE_FILL in flight', async () => {
    const statement = { name: 'portal_test_lane', text: 'SELECT pg_backend_pid() AS pid, $1::int AS n', slots: [{ placeholder: 'n' }] };
    const pids = async (count: number) => {
      const rows = await Promise.all(Array.from({ length: count }, (_, n) => database.run<{ pid: number; n: number }>(statement, { n })));
      expect(rows.map((r) => r[0]?.n)).toEqual(Array.from({ length: count }, (_, n) => n));
      return new Set(rows.map((r) => r[0]?.pid));
    };
    expect((await pids(HOT_LANE_FILL)).size).toBe(1);
    const first = [...(await pids(1))][0];
    expect(await pids(HOT_LANE_FILL)).toEqual(new Set([first]));
    // Past the fill the next lane takes the rest: a slow statement cannot hold up them all.
    expect(database.poolStats?.().hot.max).toBeGreaterThanOrEqual(3);
    const spread = await pids(2 * HOT_LANE_FILL + 1);
    expect(spread.size).toBe(3);
    expect(spread.has(first)).toBe(true);
    expect(database.poolStats?.().hot).toMatchObject({ inUse: 0, waiting: 0 });
  });
});
