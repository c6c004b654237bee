import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../infra/errors/errors';
import { createMollie } from './mollie';
import { applyMollieWebhook } from './payments';

const WebhookAnswerSchema = z.object({ ok: z.literal(true) });

/**
 * Mollie's webhook (docs/decisions/063): form-encoded `id` and nothing else is read. The payment is
 * fetched from Mollie and its status applied; an unknown id answers 200 and changes nothing (Mollie
 * retries a non-200). A call without an id is no webhook call: 422. Without a configured key every
 * call is answered 200 and ignored.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const mollie = createMollie(config);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/api/payments/mollie/webhook',
    {
      schema: { response: { 200: WebhookAnswerSchema } },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request) => {
      const body = request.body as Record<string, unknown> | undefined;
      // Mollie always posts a form with the payment id: anything else is not a webhook call.
      if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.id !== 'string')
        throw fieldError('id', 'validation.required');
      const id = body.id;
      if (!mollie || !/^tr_[A-Za-z0-9]{1,64}$/.test(id)) return { ok: true as const };
      const outcome = await applyMollieWebhook(db, mollie, { paymentId: id, now: clock.now() });
      request.log.info({ payment: id, outcome }, 'mollie webhook');
      return { ok: true as const };
    },
  );
};
