import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { pushKeys } from '../infra/db/schema';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID key pair (RFC 8292) and subject. From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set;
 * otherwise the pair in the database, made by the first instance that needs it: every instance
 * inserts its own candidate with ON CONFLICT DO NOTHING on the one row and then reads the row, so
 * two instances starting at once end with the same pair.
 */
export async function getVapidKeys(db: Db, config: Pick<Config, 'push'>, now: Date): Promise<VapidKeys> {
  const { subject } = config.push;
  if (config.push.publicKey && config.push.privateKey)
    return { publicKey: config.push.publicKey, privateKey: config.push.privateKey, subject };
  const stored = await readStored(db);
  if (stored) return { ...stored, subject };
  const candidate = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: 1, publicKey: candidate.publicKey, privateKey: candidate.privateKey, createdAt: now })
    .onConflictDoNothing();
  const made = await readStored(db);
  if (!made) throw new Error('VAPID key pair missing after it was written');
  return { ...made, subject };
}

async function readStored(db: Db) {
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  return row ?? null;
}
