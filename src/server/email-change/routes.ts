import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmEmailChangeRequestSchema, UserResponseSchema } from '../../contract/users';
import { requireUser } from '../auth/access';
import { unauthenticated } from '../infra/errors/errors';
import { getUser } from '../users/queries';
import { securityLog } from '../infra/http/security-log';
import { confirmEmailChange, type EmailChangeContext } from './email-change';

/** The e-mail change's context from the request's server (PATCH /api/user starts a change too). */
export function emailChangeContext(request: FastifyRequest): EmailChangeContext {
  const { db, clock, config } = request.server.deps;
  return {
    db,
    now: clock.now(),
    appSecret: config.appSecret,
    log: (event, details) => securityLog(request, event, details),
    endSessions: (ended) => request.server.events.endSessions(ended),
  };
}

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
      await confirmEmailChange(emailChangeContext(request), auth.userId, auth.tokenId, request.body.code);
      const user = await getUser(db, auth.userId);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );
};
