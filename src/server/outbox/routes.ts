import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnsubscribeRequestSchema, UpdateMailPreferencesRequestSchema } from '../../contract/notifications';
import { requireUser } from '../auth/access';
import { AppError, unauthenticated } from '../errors/errors';
import { getMailPreferences, updateMailPreferences } from './preferences';
import { readUnsubscribeToken } from './unsubscribe';

/** A translation key (public/i18n), given in the request's language by the error handler. */
export const INVALID_UNSUBSCRIBE_MESSAGE = 'errors.outbox.invalidUnsubscribe';

/**
 * GET/PATCH /api/user/mail-preferences: the signed-in user's optional mails.
 * POST /api/mail/unsubscribe {token}: the signed link of a mail turns one kind off, without login.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get('/api/user/mail-preferences', async (request) => {
    const auth = await requireUser(request);
    const preferences = await getMailPreferences(db, auth.userId);
    if (!preferences) throw unauthenticated();
    return { data: preferences };
  });

  app.patch('/api/user/mail-preferences', { schema: { body: UpdateMailPreferencesRequestSchema } }, async (request) => {
    const auth = await requireUser(request);
    const preferences = await updateMailPreferences(db, auth.userId, request.body);
    if (!preferences) throw unauthenticated();
    return { data: preferences };
  });

  app.post('/api/mail/unsubscribe', { schema: { body: UnsubscribeRequestSchema }, config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request) => {
    const token = readUnsubscribeToken(config.appSecret, request.body.token);
    const invalid = new AppError('validation', INVALID_UNSUBSCRIBE_MESSAGE, { token: [INVALID_UNSUBSCRIBE_MESSAGE] });
    if (!token) throw invalid;
    // A deleted account: the link no longer has anything to turn off.
    if (!(await updateMailPreferences(db, token.userId, { [token.topic]: false }))) throw invalid;
    return { data: { topic: token.topic } };
  });
};
