import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { queryRows } from '../db/sql';
import { auditEvents, users } from '../db/schema';
import { createUser } from '../../users/create';
import { pgliteTemplate } from './harness';
import { keptPglite } from './pglite-pool';

/**
 * The kept embedded test databases (testing/pglite-pool.ts): a file that gets one a file before
 * it closed must find it as a new one, and a file that changed more than rows must not hand its
 * database on. Run on PGlite whatever DATABASE_URL says.
 */
describe('kept test databases (PGlite)', () => {
  let started = 0;
  const open = () =>
    keptPglite(async () => {
      started += 1;
      return openPglite(null, { loadDataDir: await pgliteTemplate() });
    });
  /** When the backend started: the same value means the same backend. */
  const backendOf = async (database: Database) =>
    (await queryRows<{ at: string }>(database.db, sql`SELECT pg_postmaster_start_time()::text AS at`))[0]!.at;
  const leftOpen: Database[] = [];
  afterAll(async () => {
    for (const database of leftOpen) await database.close();
  });

  it('hands a closed database to the next opener, emptied, with its sequences and session reset', async () => {
    const first = await open();
    const backend = await backendOf(first);
    await createUser(first.db, { role: 'lawyer', email: 'kept@example.com', name: 'Kees', lastName: 'Kept' });
    const event = { action: 'kept', subjectType: 'test', subjectId: 'kept', createdAt: new Date() };
    await first.db.insert(auditEvents).values([event, event]);
    await first.db.execute(sql`SET TIME ZONE 'Pacific/Auckland'`);
    await first.db.execute(sql`PREPARE kept_left AS SELECT 1`);
    const statement = preparedStatement(sql`SELECT ${sql.placeholder('n')}::int * 2 AS kept_doubled`);
    expect(await first.run(statement, { n: 2 })).toEqual([{ kept_doubled: 4 }]);
    await first.close();

    const startedBefore = started;
    const second = await open();
    expect(started).toBe(startedBefore);
    expect(await backendOf(second)).toBe(backend);
    expect(await second.db.select().from(users)).toEqual([]);
    expect(await queryRows(second.db, sql`SELECT name FROM pg_prepared_statements`)).toEqual([]);
    expect(await queryRows(second.db, sql`SELECT current_setting('TimeZone') AS zone`)).toEqual([{ zone: 'UTC' }]);
    expect(await second.run(statement, { n: 3 })).toEqual([{ kept_doubled: 6 }]);
    const [row] = await second.db.insert(auditEvents).values(event).returning();
    expect(row?.id).toBe(1);
    await second.close();
  });

  it('refuses every call on a database once it is closed, and stops its listeners', async () => {
    const database = await open();
    const heard: string[] = [];
    await database.listen('kept_channel', () => heard.push('closed one'));
    await database.close();
    const refused = await database.db
      .select()
      .from(users)
      .catch((error: unknown) => error);
    expect((refused as Error).cause).toMatchObject({ message: expect.stringMatching(/closed/) });
    await expect(database.ping()).rejects.toThrow(/closed/);

    const next = await open();
    await next.listen('kept_channel', () => heard.push('next one'));
    await next.db.execute(sql`NOTIFY kept_channel`);
    await expect.poll(() => heard).toEqual(['next one']);
    await next.close();
  });

  it('does not hand on a database whose schema a file changed, nor one it left in a transaction', async () => {
    const changed = await open();
    const backend = await backendOf(changed);
    await changed.db.execute(sql`ALTER TABLE users ADD COLUMN kept_extra text`);
    await changed.close();
    const afterSchema = await open();
    expect(await backendOf(afterSchema)).not.toBe(backend);
    expect(
      await queryRows(afterSchema.db, sql`SELECT 1 FROM information_schema.columns WHERE column_name = 'kept_extra'`),
    ).toEqual([]);

    const inTransaction = await backendOf(afterSchema);
    await afterSchema.db.execute(sql`BEGIN`);
    await afterSchema.close();
    const afterTransaction = await open();
    expect(await backendOf(afterTransaction)).not.toBe(inTransaction);
    leftOpen.push(afterTransaction);
  });
});
