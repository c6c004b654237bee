import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UnsubscribeRequestSchema,
  UpdateMailPreferencesRequestSchema,
  MailPreferencesResponseSchema,
  UnsubscribeResponseSchema,
} from '../../contract/notifications';
import { requireUser } from '../auth/access';
import { AppError, unauthenticated } from '../infra/errors/errors';
import { getMailPreferences, updateMailPreferences } from '../infra/outbox/preferences';
import { ONE_CLICK_PATH, readUnsubscribeToken } from '../infra/outbox/unsubscribe';

/** A translation key (public/i18n), given in the request's language by the error handler. */
export const INVALID_UNSUBSCRIBE_MESSAGE = 'errors.outbox.invalidUnsubscribe';

const OneClickQuery = z.object({ token: z.string().max(300).optional() });

/** The one-click body of RFC 8058 (`List-Unsubscribe=One-Click`), form-encoded or multipart. */
async function isOneClick(request: FastifyRequest): Promise<boolean> {
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      if (part.fieldname === 'List-Unsubscribe' && part.value === 'One-Click') return true;
    }
    return false;
  }
  const body = request.body as Record<string, unknown> | null | undefined;
  return typeof body === 'object' && body !== null && body['List-Unsubscribe'] === 'One-Click';
}

/**
 * GET/PATCH /api/user/mail-preferences: the signed-in user's optional mails.
 * POST /api/mail/unsubscribe {token}: the signed link of a mail turns one kind off, without login.
 * POST /api/mail/unsubscribe/one-click?token=…: the same from a mail program's own button
 * (RFC 8058, `List-Unsubscribe-Post`); a GET of that address shows the portal's page instead.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/api/user/mail-preferences',
    { schema: { response: { 200: MailPreferencesResponseSchema } } },
    async (request) => {
      const auth = await requireUser(request);
      const preferences = await getMailPreferences(db, auth.userId);
      if (!preferences) throw unauthenticated();
      return { data: preferences };
    },
  );

  app.patch(
    '/api/user/mail-preferences',
    { schema: { response: { 200: MailPreferencesResponseSchema }, body: UpdateMailPreferencesRequestSchema } },
    async (request) => {
      const auth = await requireUser(request);
      const preferences = await updateMailPreferences(db, auth.userId, request.body);
      if (!preferences) throw unauthenticated();
      return { data: preferences };
    },
  );

  // The one-click POST is a form, not JSON (RFC 8058); only this plugin reads forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    ONE_CLICK_PATH,
    {
      schema: { response: { 200: UnsubscribeResponseSchema }, querystring: OneClickQuery },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const invalid = new AppError('validation', INVALID_UNSUBSCRIBE_MESSAGE, { token: [INVALID_UNSUBSCRIBE_MESSAGE] });
      const token = request.query.token ? readUnsubscribeToken(config.appSecret, request.query.token) : null;
      if (!token || !(await isOneClick(request))) throw invalid;
      if (!(await updateMailPreferences(db, token.userId, { [token.topic]: false }))) throw invalid;
      return { data: { topic: token.topic } };
    },
  );

  // Someone opened the header's address in a browser: the portal's unsubscribe page asks first.
  app.get(ONE_CLICK_PATH, { schema: { querystring: OneClickQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    return reply.redirect(`/afmelden?token=${encodeURIComponent(token)}`, 303);
  });

  app.post(
    '/api/mail/unsubscribe',
    {
      schema: { response: { 200: UnsubscribeResponseSchema }, body: UnsubscribeRequestSchema },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const token = readUnsubscribeToken(config.appSecret, request.body.token);
      const invalid = new AppError('validation', INVALID_UNSUBSCRIBE_MESSAGE, { token: [INVALID_UNSUBSCRIBE_MESSAGE] });
      if (!token) throw invalid;
      // A deleted account: the link no longer has anything to turn off.
      if (!(await updateMailPreferences(db, token.userId, { [token.topic]: false }))) throw invalid;
      return { data: { topic: token.topic } };
    },
  );
};
