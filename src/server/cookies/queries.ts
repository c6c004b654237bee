import type { CookieName } from '../../contract/cookies';
import type { Db } from '../infra/db/client';
import { cookieRecords } from '../infra/db/schema';

/** Stores one consent or ads cookie value of a user: one row per user and name, the newest value wins. */
export async function saveCookieRecord(
  db: Db,
  input: { userId: string; name: CookieName; value: string; now: Date },
): Promise<void> {
  const { userId, name, value, now } = input;
  await db
    .insert(cookieRecords)
    .values({ userId, name, value, updatedAt: now })
    .onConflictDoUpdate({ target: [cookieRecords.userId, cookieRecords.name], set: { value, updatedAt: now } });
}
