import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CookieRecordSchema } from '../../contract/cookies';
import { requireUser } from '../auth/access';
import { cookieRecords } from '../db/schema';

/** POST /api/cookies: stores one consent or ads cookie value of the signed-in user (upsert per name). */
export const cookieRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.post('/api/cookies', { schema: { body: CookieRecordSchema } }, async (request) => {
    const auth = await requireUser(request);
    const { name, value } = request.body;
    const now = clock.now();
    await db
      .insert(cookieRecords)
      .values({ userId: auth.userId, name, value, updatedAt: now })
      .onConflictDoUpdate({ target: [cookieRecords.userId, cookieRecords.name], set: { value, updatedAt: now } });
    return { data: { name, value } };
  });
};
