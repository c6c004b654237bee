import { eq, sql } from 'drizzle-orm';
import {
  MAIL_TOPICS,
  type MailPreferences,
  type MailTopic,
  type UpdateMailPreferencesRequest,
} from '../../../contract/notifications';
import type { Db } from '../db/client';
import { users } from '../db/schema';

const toPreferences = (row: { optOuts: string[]; emailNotices: boolean }): MailPreferences => ({
  ...(Object.fromEntries(MAIL_TOPICS.map((topic) => [topic, !row.optOuts.includes(topic)])) as Omit<
    MailPreferences,
    'email'
  >),
  email: row.emailNotices,
});

const columns = { optOuts: users.mailOptOuts, emailNotices: users.emailNotices };

export async function getMailPreferences(db: Db, userId: string): Promise<MailPreferences | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row ? toPreferences(row) : null;
}

/**
 * Turns topics (and the e-mail channel, `email`) on or off in one statement (parallel changes of different topics
 * both hold).
 */
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
      ...(change.email === undefined ? {} : { emailNotices: change.email }),
    })
    .where(eq(users.id, userId))
    .returning(columns);
  return row ? toPreferences(row) : null;
}

/** A text[] literal built from known topic names only. */
const toTextArray = (topics: MailTopic[]) => sql.raw(`ARRAY[${topics.map((t) => `'${t}'`).join(',')}]::text[]`);
