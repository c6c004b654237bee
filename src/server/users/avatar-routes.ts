import { UserResponseSchema } from '../../contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { requireUser } from '../auth/access';
import { AppError, notFound, unauthenticated } from '../errors/errors';
import { getUser } from './queries';
import { takeUploadSlot } from '../http/body-limits';
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
    if (!request.isMultipart())
      throw new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] });
    takeUploadSlot(request, reply, auth.userId);
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part) throw new AppError('validation', NOT_AN_IMAGE_MESSAGE, { avatar: [NOT_AN_IMAGE_MESSAGE] });
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('payload_too_large', TOO_LARGE);
      throw error;
    }
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
