import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './sql';
import { openTestDatabase, postgresTemplate } from '../testing/harness';
import { createScratchDatabase } from '../testing/scratch-database';
import { openPostgres, type Database } from './client';
import { MAX_NAMED_STATEMENTS, preparedQuery, preparedStatement, statementName, type Statement } from './prepared';
import { users } from './schema';
import { eq } from 'drizzle-orm';

/** A statement written out: its name, its text and a placeholder per `$n`. */
const raw = (name: string | undefined, text: string, placeholders: string[] = []): Statement => ({
  name,
  plan: name === undefined ? 'custom' : 'generic',
  query: { sql: text, params: placeholders.map((p) => sql.placeholder(p)) },
});

describe('prepared statements (docs/performance.md)', () => {
  let database: Database & { close: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps drizzle's text as it renders it, and binds fixed values and placeholders by name", async () => {
    const n = sql.placeholder('n');
    const at = sql.placeholder('at');
    const statement = preparedStatement(
      sql`SELECT ${n}::int * ${3} AS n, ${"l'eau"}::text AS fixed, ${n}::int AS again, ${at}::timestamptz AS at`,
    );
    expect(statement.query.sql).toBe(
      'SELECT $1::int * $2 AS n, $3::text AS fixed, $4::int AS again, $5::timestamptz AS at',
    );
    // A moment goes in as a Date and comes back as text, on both databases.
    const [row] = await database.run<{ n: number; fixed: string; again: number; at: string }>(statement, {
      n: 7,
      at: new Date(0),
    });
    expect(row).toMatchObject({ n: 21, fixed: "l'eau", again: 7 });
    expect(new Date(row?.at ?? '').getTime()).toBe(0);
    await expect(database.run(statement, { at: new Date(0) })).rejects.toThrow(/n/);
  });

  it('runs a new statement met by several requests at once for each of them', async () => {
    const statement = preparedStatement(sql`SELECT ${sql.placeholder('n')}::int + 1 AS prepared_test_race`);
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

  it("builds a query builder's prepared query once per database, and once for each transaction", async () => {
    let builds = 0;
    const byEmail = preparedQuery((db) => {
      builds++;
      return db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare('prepared_test_by_email');
    });
    expect(await byEmail(database.db).execute({ email: 'nobody@example.com' })).toEqual([]);
    expect(await byEmail(database.db).execute({ email: 'nobody-else@example.com' })).toEqual([]);
    expect(builds).toBe(1);
    // Inside a transaction it runs on the transaction: it sees the transaction's own rows.
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values({ role: 'client', email: 'prepared-query@example.com', name: 'P', lastName: 'Q' });
        expect(await byEmail(tx).execute({ email: 'prepared-query@example.com' })).toEqual([
          { email: 'prepared-query@example.com' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(builds).toBe(2);
    expect(await byEmail(database.db).execute({ email: 'prepared-query@example.com' })).toEqual([]);
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

  it.runIf(process.env.DATABASE_URL)(
    'keeps a named statement prepared on the connection that ran it (PostgreSQL), a search unnamed',
    async () => {
      // On a pool of one connection, so the statement that reads pg_prepared_statements sees its own session.
      const adminUrl = process.env.DATABASE_URL as string;
      const scratch = await createScratchDatabase(adminUrl, 'portal_prepared', {
        template: await postgresTemplate(adminUrl),
      });
      const single = await openPostgres(scratch.url, { max: 1 });
      try {
        const named = raw('portal_test_kept', 'SELECT $1::int AS n', ['n']);
        const search = raw(undefined, 'SELECT $1::text AS word', ['word']);
        await single.run(named, { n: 1 });
        await single.run(search, { word: 'a' });
        expect(await single.run(named, { n: 2 })).toEqual([{ n: 2 }]);
        expect(
          await queryRows<{ name: string }>(
            single.db,
            sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'portal%' ORDER BY name`,
          ),
        ).toEqual([{ name: 'portal_test_kept' }]);
      } finally {
        await single.close();
        await scratch.drop();
      }
    },
  );
});
