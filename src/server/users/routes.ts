import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateUserRequestSchema, UserResponseSchema, EmailChangeRequestedResponseSchema } from '../../contract/users';
import { requireUser, requireUserWith } from '../auth/access';
import { staleWrite, unauthenticated } from '../infra/errors/errors';
import { getUser, PROFILE_FOR_TOKEN, profileToUser, updateUser, type ProfileColumns } from './queries';
import { EMAIL_CHANGE_SENT_MESSAGE, requestEmailChange } from '../email-change/email-change';
import { emailChangeContext } from '../email-change/routes';
import { requestTranslate } from '../infra/errors/language';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  // The token check and the profile in one statement (one round trip).
  app.get('/api/user', { schema: { response: { 200: UserResponseSchema } } }, async (request) => {
    const { row } = await requireUserWith<ProfileColumns>(request, { statement: PROFILE_FOR_TOKEN });
    return { data: profileToUser(row) };
  });

  app.patch(
    '/api/user',
    {
      schema: {
        response: { 200: UserResponseSchema, 202: EmailChangeRequestedResponseSchema },
        body: UpdateUserRequestSchema,
      },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const { email, ...rest } = request.body;
      const current = await getUser(db, auth.userId);
      if (!current) throw unauthenticated();
      // A new address is never set here: it is confirmed by a code sent to it (email-change/).
      const changesEmail = email !== undefined && email !== current.email;
      // A form loaded before the profile last changed mails no code either. This read only spares
      // the mail: the UPDATE below checks the version itself, in its WHERE clause.
      if (changesEmail && rest.version !== undefined && rest.version !== current.version) throw staleWrite();
      // First, so that a refused change (429) leaves the other fields as they were too.
      if (changesEmail) await requestEmailChange(emailChangeContext(request), auth.userId, email);
      await updateUser(db, auth.userId, rest, clock.now());
      const user = await getUser(db, auth.userId);
      if (!user) throw unauthenticated();
      if (changesEmail)
        return reply.status(202).send({
          message: requestTranslate(request)(EMAIL_CHANGE_SENT_MESSAGE),
          email_change_requested: true,
          data: user,
        });
      return { data: user };
    },
  );
};
