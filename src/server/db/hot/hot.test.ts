import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows } from '../sql';
import { openTestDatabase } from '../../testing/harness';
import type { Database } from '../client';
import { bindStatement, hotStatement, MAX_NAMED_STATEMENTS, statementName, type Statement } from './statement';
import { postgresRunner } from './run';

/** A statement as `hotStatement` makes them, written out: its name, its text and a placeholder per `$n`. */
const raw = (name: string | undefined, text: string, placeholders: string[] = []): Statement => ({
  name,
  text,
  params: placeholders.map((p) => sql.placeholder(p)),
});

describe('hot statements (docs/performance.md)', () => {
  let database: Database & { close: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps drizzle's text as it renders it, and binds fixed values and placeholders by name", async () => {
    const n = sql.placeholder('n');
    const epoch = new Date(0);
    const statement = hotStatement(
      sql`SELECT ${n}::int * ${3} AS n, ${"l'eau"}::text AS fixed, ${n}::int AS again, ${epoch}::timestamptz AS at`,
    );
    expect(statement.text).toBe('SELECT $1::int * $2 AS n, $3::text AS fixed, $4::int AS again, $5::timestamptz AS at');
    expect(bindStatement(statement, { n: 7 })).toEqual([7, 3, "l'eau", 7, new Date(0)]);
    expect(() => bindStatement(statement, {})).toThrow(/n/);
    expect(await database.run(statement, { n: 7 })).toEqual([{ n: 21, fixed: "l'eau", again: 7, at: new Date(0) }]);
  });

  it('runs a new statement met by several requests at once for each of them (one Parse)', async () => {
    const statement = hotStatement(sql`SELECT ${sql.placeholder('n')}::int + 1 AS prepared_test_race`);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => database.run<{ prepared_test_race: number }>(statement, { n })),
    );
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

  it('runs the same statement many times with other values, and after an error', async () => {
    const statement = raw('portal_test_run', 'SELECT $1::int * 2 AS n, $2::text AS t', ['n', 't']);
    for (let n = 1; n <= 7; n++)
      expect(await database.run<{ n: number; t: string }>(statement, { n, t: `x${n}` })).toEqual([
        { n: n * 2, t: `x${n}` },
      ]);
    await expect(database.run(statement, { n: 'not a number', t: 'x' })).rejects.toThrow();
    expect(await database.run(statement, { n: 21, t: 'y' })).toEqual([{ n: 42, t: 'y' }]);
    // A bad text fails cleanly, and the next statement runs.
    await expect(database.run(raw('portal_test_bad', 'SELEC 1'), {})).rejects.toThrow();
    expect(await database.run<{ one: number }>(raw(undefined, 'SELECT 1 AS one'), {})).toEqual([{ one: 1 }]);
  });

  it('waits for a running transaction instead of joining it', async () => {
    const statement = raw('portal_test_tx', 'SELECT count(*)::int AS n FROM users WHERE email = $1', ['email']);
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(
        sql`INSERT INTO users (role, email, name, last_name) VALUES ('client', 'prepared-tx@example.com', 'P', 'T')`,
      );
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

  it('plans named statements generically, nothing else (PostgreSQL: own pool; PGlite: setting per call)', async () => {
    type Mode = { mode: string; generic: string | null; custom: string | null; n: number };
    // The statement reads its own row of pg_prepared_statements (found by its text: the driver
    // names it): the plan counters are counted before it executes, so the first run already
    // shows which plan it got.
    const statement = raw(
      'portal_test_generic',
      `SELECT current_setting('plan_cache_mode') AS mode, p.generic_plans::text AS generic, ` +
        `p.custom_plans::text AS custom, $1::int AS n
        FROM (SELECT 1) one LEFT JOIN pg_prepared_statements p ON p.statement LIKE ` +
        `'%pg\\_prepared\\_statements p ON p.statement%'`,
      ['n'],
    );
    for (let n = 1; n <= 3; n++) {
      const [row] = await database.run<Mode>(statement, { n });
      expect(row).toMatchObject({ mode: 'force_generic_plan', custom: '0', n });
      expect(Number(row?.generic)).toBeGreaterThanOrEqual(1);
    }
    // Unnamed statements (searches) and every drizzle query keep PostgreSQL's own choice.
    expect(
      await database.run<{ mode: string }>(raw(undefined, "SELECT current_setting('plan_cache_mode') AS mode"), {}),
    ).toEqual([{ mode: 'auto' }]);
    expect(
      await queryRows<{ mode: string }>(database.db, sql`SELECT current_setting('plan_cache_mode') AS mode`),
    ).toEqual([{ mode: 'auto' }]);
    // Also after a named statement that failed, and in parallel with drizzle's queries.
    await expect(
      database.run(raw('portal_test_generic_fails', 'SELECT 1 / $1::int AS n', ['n']), { n: 0 }),
    ).rejects.toThrow();
    const modes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? database.run<Mode>(statement, { n: i }).then((rows) => rows[0]?.mode)
          : queryRows<{ mode: string }>(database.db, sql`SELECT current_setting('plan_cache_mode') AS mode`).then(
              (rows) => rows[0]?.mode,
            ),
      ),
    );
    expect(modes).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? 'force_generic_plan' : 'auto')));
    if (database.kind === 'postgres') {
      const stats = database.poolStats?.();
      expect(stats?.hot).toMatchObject({ inUse: 0, waiting: 0 });
      expect(stats?.hot.max).toBeLessThanOrEqual(stats?.main.max ?? 0);
    }
  });
});

describe('the switch HOT_PATH=0', () => {
  it('sends named statements to the main pool, unnamed, as ordinary queries', async () => {
    const pools = () => {
      const calls: { pool: string; query: unknown }[] = [];
      const pool = (name: string) =>
        ({
          query: vi.fn(async (query: unknown) => (calls.push({ pool: name, query }), { rows: [{ pool: name }] })),
        }) as unknown as pg.Pool;
      return { calls, main: pool('main'), hot: pool('hot') };
    };
    const statement = raw('portal_test_switch', 'SELECT $1::int AS n', ['n']);
    const on = pools();
    expect(await postgresRunner(on.main, on.hot)(statement, { n: 1 })).toEqual([{ pool: 'hot' }]);
    expect(on.calls).toEqual([
      { pool: 'hot', query: { name: 'portal_test_switch', text: 'SELECT $1::int AS n', values: [1] } },
    ]);
    vi.stubEnv('HOT_PATH', '0');
    try {
      const off = pools();
      expect(await postgresRunner(off.main, off.hot)(statement, { n: 1 })).toEqual([{ pool: 'main' }]);
      expect(off.calls).toEqual([{ pool: 'main', query: { text: 'SELECT $1::int AS n', values: [1] } }]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
