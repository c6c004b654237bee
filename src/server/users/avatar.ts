import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { users } from '../infra/db/schema';
import { AppError } from '../infra/errors/errors';
import type { Storage } from '../infra/storage/storage';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** Raster formats accepted by content (SVG and everything else is refused). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A translation key, given in the request's language by the error handler. */
export const NOT_AN_IMAGE_MESSAGE = 'errors.avatar.notAnImage';
export const AVATAR_FILE = /^[0-9a-f-]{36}-[A-Za-z0-9_-]{22}\.webp$/;

export const avatarStorageKey = (file: string) => `avatars/${file}`;

/** Checks the bytes (never the name), stores a square WebP of 256 px and returns the new file name. */
export async function storeAvatar(storage: Storage, userId: string, bytes: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format))
    throw new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] });
  let resized: Buffer;
  try {
    resized = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] });
  }
  const file = `${userId}-${randomBytes(16).toString('base64url')}.webp`;
  await storage.put(avatarStorageKey(file), resized);
  return file;
}

/** Points the user at a new avatar (or none) and removes the old file after the update. */
export async function replaceAvatar(
  db: Db,
  storage: Storage,
  userId: string,
  file: string | null,
  now: Date,
): Promise<void> {
  const [before] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ avatarKey: file, updatedAt: now }).where(eq(users.id, userId));
  if (before?.avatarKey && before.avatarKey !== file)
    await storage.remove(avatarStorageKey(before.avatarKey)).catch(() => undefined);
}
