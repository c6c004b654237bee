import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmEmailChangeRequestSchema, UserResponseSchema } from '../../contract/users';
import { requireUser } from '../auth/access';
import { unauthenticated } from '../infra/errors/errors';
import { getUser } from '../users/queries';
import { confirmEmailChange } from './email-change';

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/api/user/email/confirm',
    {
      schema: { response: { 200: UserResponseSchema }, body: ConfirmEmailChangeRequestSchema },
      config: { rateLimit: { max: 60, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const auth = await requireUser(request);
      await confirmEmailChange(request, auth.userId, auth.tokenId, request.body.code);
      const user = await getUser(db, auth.userId);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );
};
