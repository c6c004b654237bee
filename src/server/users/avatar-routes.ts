import { UserResponseSchema } from '../../contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { requireUser } from '../auth/access';
import { AppError, notFound, unauthenticated } from '../infra/errors/errors';
import { getUser } from './queries';
import { readMultipart } from '../infra/files/multipart';
import {
  AVATAR_FILE,
  AVATAR_MAX_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  avatarStorageKey,
  replaceAvatar,
  storeAvatar,
} from './avatar';

const TOO_LARGE = 'errors.avatar.tooLarge';

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage } = app.deps;

  app.post('/api/user/avatar', { schema: { response: { 200: UserResponseSchema } } }, async (request, reply) => {
    const auth = await requireUser(request);
    // The image is read into memory (at most AVATAR_MAX_BYTES) and only its resized copy is stored.
    const { files } = await readMultipart(request, reply, {
      maxFiles: 1,
      fileSize: AVATAR_MAX_BYTES,
      field: 'avatar',
      unreadable: () => new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] }),
      take: (part) => part.toBuffer(),
      discard: async () => undefined,
      tooLarge: () => new AppError('payload_too_large', TOO_LARGE),
    });
    const bytes = files[0];
    if (!bytes) throw new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] });
    const file = await storeAvatar(storage, auth.userId, bytes);
    await replaceAvatar(db, storage, auth.userId, file, clock.now());
    const user = await getUser(db, auth.userId);
    if (!user) throw unauthenticated();
    return { data: user };
  });

  app.delete('/api/user/avatar', { schema: { response: { 200: UserResponseSchema } } }, async (request) => {
    const auth = await requireUser(request);
    await replaceAvatar(db, storage, auth.userId, null, clock.now());
    const user = await getUser(db, auth.userId);
    if (!user) throw unauthenticated();
    return { data: user };
  });

  /** Avatars are served by an unguessable name (128 random bits), so an <img> can show them. */
  app.get(
    '/files/avatars/:file',
    { schema: { params: z.object({ file: text().max(100) }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!AVATAR_FILE.test(file)) throw notFound();
      let found;
      try {
        found = await storage.read(avatarStorageKey(file));
      } catch {
        throw notFound();
      }
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Length', String(found.size))
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(found.stream);
    },
  );
};
