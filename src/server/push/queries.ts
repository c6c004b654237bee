import { and, desc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { PUSH_DEVICES_MAX } from '../../contract/push';
import type { Db } from '../infra/db/client';
import { withEvents } from '../domain-events';
import { pushSubscriptions } from '../infra/db/schema';

export type NewSubscription = {
  userId: string;
  tokenId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
  now: Date;
};

/**
 * Stores a device's subscription for the signed-in user and session. The endpoint is one browser
 * profile: posted again it is refreshed (same id, new keys and session); held by another account
 * it moves to this one (that account no longer reaches the device). Beyond PUSH_DEVICES_MAX
 * devices the least recently used go. One statement for the upsert, so parallel posts agree.
 */
export async function saveSubscription(db: Db, input: NewSubscription): Promise<string> {
  const values = {
    userId: input.userId,
    tokenId: input.tokenId,
    p256dh: input.p256dh,
    auth: input.auth,
    userAgent: input.userAgent.slice(0, 300),
    lastUsedAt: input.now,
  };
  return withEvents(db, async (tx) => {
    // Another account's row for this endpoint goes, with its waiting notices (a new id: ids are never shared).
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, input.userId)));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: input.endpoint, createdAt: input.now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error('push subscription not stored');
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, input.userId))
      .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.createdAt))
      .limit(PUSH_DEVICES_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, input.userId), notInArray(pushSubscriptions.id, keep)));
    return row.id;
  });
}

/** The user's devices, the most recently used first. */
export async function listSubscriptions(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      userAgent: pushSubscriptions.userAgent,
      lastUsedAt: pushSubscriptions.lastUsedAt,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt))
    .limit(PUSH_DEVICES_MAX);
}

/** Removes one of the user's devices; false when it is not theirs or gone. */
export async function deleteSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Removes subscriptions the push service no longer knows (404 or 410). */
export async function removeSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
