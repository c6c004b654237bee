import { sql, type SQL } from 'drizzle-orm';

/** A timestamp parameter that both PGlite and node-postgres bind the same way. */
export const ts = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: { execute: (query: SQL) => unknown }, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
