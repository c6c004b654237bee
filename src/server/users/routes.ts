import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateUserRequestSchema } from '../../contract/users';
import { requireUser } from '../auth/access';
import { unauthenticated } from '../errors/errors';
import { getUser, updateUser } from './queries';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get('/api/user', async (request) => {
    const auth = await requireUser(request);
    const user = await getUser(db, auth.userId);
    if (!user) throw unauthenticated();
    return { data: user };
  });

  app.patch('/api/user', { schema: { body: UpdateUserRequestSchema } }, async (request) => {
    const auth = await requireUser(request);
    await updateUser(db, auth.userId, request.body, clock.now());
    const user = await getUser(db, auth.userId);
    if (!user) throw unauthenticated();
    return { data: user };
  });
};
