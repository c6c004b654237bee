import { MailTopicSchema, type MailTopic } from '../../../contract/notifications';
import { hmac, safeEqual } from '../lib/crypto';

/** Where a mail's `List-Unsubscribe` header points: the one-click address of RFC 8058. */
export const ONE_CLICK_PATH = '/api/mail/unsubscribe/one-click';

/**
 * The token of an unsubscribe link: `<user id>.<topic>.<HMAC>`. It turns off one topic of one
 * user without logging in, and cannot be made for another user or topic without APP_SECRET.
 */
export function unsubscribeToken(secret: string, userId: string, topic: MailTopic): string {
  return `${userId}.${topic}.${hmac(secret, 'unsubscribe', `${userId}:${topic}`).toString('base64url')}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; topic: MailTopic } | null {
  const [userId, topic, signature, ...rest] = token.split('.');
  if (!userId || !topic || !signature || rest.length > 0) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  const parsedTopic = MailTopicSchema.safeParse(topic);
  if (!parsedTopic.success) return null;
  const expected = hmac(secret, 'unsubscribe', `${userId}:${parsedTopic.data}`);
  if (!safeEqual(Buffer.from(signature, 'base64url'), expected)) return null;
  return { userId, topic: parsedTopic.data };
}
