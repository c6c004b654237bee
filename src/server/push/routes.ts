import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePushSubscriptionRequestSchema,
  CreatePushSubscriptionResponseSchema,
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
} from '../../contract/push';
import { requireUser } from '../auth/access';
import { isUuid } from '../cases/access';
import { fieldError, notFound } from '../infra/errors/errors';
import { requestTranslate } from '../infra/errors/language';
import { deviceName } from './device-name';
import { isAllowedPushEndpoint } from './endpoint';
import { getVapidKeys } from './keys';
import { deleteSubscription, listSubscriptions, saveSubscription } from './queries';

const IdParams = z.object({ id: z.string().max(64) });

/** A browser's P-256 public key is an uncompressed point (65 bytes, 0x04 first); its auth secret 16 bytes. */
function isBrowserKey(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

/**
 * Web Push (docs/notifications.md):
 * GET /api/push/public-key: the VAPID public key for the browser's `applicationServerKey`;
 * POST /api/push-subscriptions: this device's subscription (201 {data: {id}});
 * GET /api/push-subscriptions: the user's devices; DELETE /api/push-subscriptions/{id}: one removed.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.deps;

  app.get('/api/push/public-key', { schema: { response: { 200: PushPublicKeyResponseSchema } } }, async (request) => {
    await requireUser(request);
    const keys = await getVapidKeys(db, config, clock.now());
    return { data: { public_key: keys.publicKey } };
  });

  app.post(
    '/api/push-subscriptions',
    {
      schema: { body: CreatePushSubscriptionRequestSchema, response: { 201: CreatePushSubscriptionResponseSchema } },
      // A subscription is a few hundred bytes; anything much larger is no browser's.
      bodyLimit: 8_192,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint, config.push.allowedOrigins))
        throw fieldError('endpoint', PUSH_ENDPOINT_INVALID);
      if (!isBrowserKey(keys.p256dh, keys.auth)) throw fieldError('keys', PUSH_KEYS_INVALID);
      const id = await saveSubscription(db, {
        userId: auth.userId,
        tokenId: auth.tokenId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: String(request.headers['user-agent'] ?? ''),
        now: clock.now(),
      });
      return reply.status(201).send({ data: { id } });
    },
  );

  app.get('/api/push-subscriptions', { schema: { response: { 200: PushDevicesResponseSchema } } }, async (request) => {
    const auth = await requireUser(request);
    const t = requestTranslate(request);
    const rows = await listSubscriptions(db, auth.userId);
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: deviceName(row.userAgent, t),
        last_used_at: row.lastUsedAt.toISOString(),
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  app.delete('/api/push-subscriptions/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const auth = await requireUser(request);
    const { id } = request.params;
    if (!isUuid(id) || !(await deleteSubscription(db, auth.userId, id))) throw notFound();
    return reply.status(204).send();
  });
};
