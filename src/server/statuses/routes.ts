import { StatusListResponseSchema } from '../../contract/statuses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/access';
import { listStatuses } from '../cases/list';

/** GET /api/statuses: the status catalogue in order. */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/statuses', { schema: { response: { 200: StatusListResponseSchema } } }, async (request) => {
    await requireUser(request);
    return { data: await listStatuses(app.deps.db) };
  });
};
