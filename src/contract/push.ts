import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';

/**
 * Web Push (RFC 8030, encrypted as RFC 8291, signed as RFC 8292): a device subscribes with the
 * browser's subscription JSON; the server sends short notices that never carry case content.
 *
 * 'Push on this device' in the settings is having a subscription of this browser: turning it on
 * asks the browser's permission, subscribes with the public key and POSTs the subscription;
 * turning it off unsubscribes in the browser and DELETEs it. The e-mail channel is the
 * `email` field of the mail preferences (notifications.ts).
 */

/** A translation key: the endpoint is no https address of a known push service. */
export const PUSH_ENDPOINT_INVALID = validationKey('pushEndpoint');
/** A translation key: the keys are not those of a browser's push subscription. */
export const PUSH_KEYS_INVALID = validationKey('pushKeys');

/** Longest endpoint accepted; the push services' addresses are well under 1 000 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** How many devices one user may subscribe; subscribing one more removes the least recently used. */
export const PUSH_DEVICES_MAX = 10;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** GET /api/push/public-key: the VAPID public key (uncompressed P-256 point, base64url) for `applicationServerKey`. */
export const PushPublicKeyResponseSchema = z.object({ data: z.object({ public_key: z.string() }) });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;

/**
 * POST /api/push-subscriptions: `PushSubscription.toJSON()` of the browser as is.
 * `p256dh` is the browser's P-256 public key (65 bytes, 87 base64url characters), `auth` its
 * 16-byte secret (22 characters). The endpoint must be an https address of a known push service
 * (Google, Mozilla, Apple, Microsoft); anything else answers 422 on `endpoint`.
 * Posting an endpoint again refreshes it (same id); an endpoint another account had moves to this
 * account (one device, one account).
 */
export const CreatePushSubscriptionRequestSchema = z
  .object({
    endpoint: text().min(1).max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_ENDPOINT_INVALID).url(PUSH_ENDPOINT_INVALID),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: text().min(80, PUSH_KEYS_INVALID).max(100, PUSH_KEYS_INVALID).regex(BASE64URL, PUSH_KEYS_INVALID),
        auth: text().min(16, PUSH_KEYS_INVALID).max(32, PUSH_KEYS_INVALID).regex(BASE64URL, PUSH_KEYS_INVALID),
      })
      .strict(),
  })
  .strict();
export type CreatePushSubscriptionRequest = z.input<typeof CreatePushSubscriptionRequestSchema>;

/** 201 of POST /api/push-subscriptions. */
export const CreatePushSubscriptionResponseSchema = z.object({ data: z.object({ id: z.string().uuid() }) });
export type CreatePushSubscriptionResponse = z.infer<typeof CreatePushSubscriptionResponseSchema>;

/**
 * One of the signed-in user's devices: `name` is made from the user agent that subscribed
 * ('Chrome op Android', 'Safari op iPhone'; in the request's language), `last_used_at` the last
 * time a notice reached it or the device renewed its subscription (ISO 8601).
 */
export const PushDeviceSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  last_used_at: z.string(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** GET /api/push-subscriptions: the user's own devices, the most recently used first. */
export const PushDevicesResponseSchema = z.object({ data: z.array(PushDeviceSchema) });
export type PushDevicesResponse = z.infer<typeof PushDevicesResponseSchema>;

/** DELETE /api/push-subscriptions/{id}: 204; another user's or an unknown id answers 404. */
export const PushSubscriptionParamsSchema = z.object({ id: z.string().uuid() });

/**
 * What a push message carries, JSON in the recipient's language: a short title and sentence
 * that never hold case content (no message text, amount, name or document title), the portal
 * path to open (`/berichten`, `/schikking` …) and a `tag`: a newer notice with the same tag
 * replaces the one still shown.
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
