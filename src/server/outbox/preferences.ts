import { eq, sql } from 'drizzle-orm';
import {
  MAIL_TOPICS,
  type MailPreferences,
  type MailTopic,
  type UpdateMailPreferencesRequest,
} from '../../contract/notifications';
import type { Db } from '../db/client';
import { users } from '../db/schema';

const toPreferences = (optOuts: string[]): MailPreferences =>
  Object.fromEntries(MAIL_TOPICS.map((topic) => [topic, !optOuts.includes(topic)])) as MailPreferences;

export async function getMailPreferences(db: Db, userId: string): Promise<MailPreferences | null> {
  const [row] = await db.select({ optOuts: users.mailOptOuts }).from(users).where(eq(users.id, userId));
  return row ? toPreferences(row.optOuts) : null;
}

/** Turns topics on or off in one statement (parallel changes of different topics both hold). */
export async function updateMailPreferences(
  db: Db,
  userId: string,
  change: UpdateMailPreferencesRequest,
): Promise<MailPreferences | null> {
  const off = MAIL_TOPICS.filter((t) => change[t] === false);
  const on = MAIL_TOPICS.filter((t) => change[t] === true);
  const topics = sql`unnest(array_cat(${users.mailOptOuts}, ${toTextArray(off)}))`;
  const [row] = await db
    .update(users)
    .set({
      mailOptOuts: sql`ARRAY(SELECT DISTINCT t FROM ${topics} AS t WHERE NOT (t = ANY(${toTextArray(on)})) ORDER BY t)`,
    })
    .where(eq(users.id, userId))
    .returning({ optOuts: users.mailOptOuts });
  return row ? toPreferences(row.optOuts) : null;
}

/** A text[] literal built from known topic names only. */
const toTextArray = (topics: MailTopic[]) => sql.raw(`ARRAY[${topics.map((t) => `'${t}'`).join(',')}]::text[]`);
