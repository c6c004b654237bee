import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CookieRecordResponseSchema, CookieRecordSchema } from '../../contract/cookies';
import { requireUser } from '../auth/access';
import { saveCookieRecord } from './queries';

/** POST /api/cookies: stores one consent or ads cookie value of the signed-in user (upsert per name). */
export const cookieRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.post(
    '/api/cookies',
    { schema: { response: { 200: CookieRecordResponseSchema }, body: CookieRecordSchema } },
    async (request) => {
      const auth = await requireUser(request);
      const { name, value } = request.body;
      await saveCookieRecord(db, { userId: auth.userId, name, value, now: clock.now() });
      return { data: { name, value } };
    },
  );
};
