import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';

/** The consent and ads cookie values stored after an offer choice. */
export const COOKIE_NAMES = [
  'gclid',
  'security_storage',
  'functionality_storage',
  'analytics_storage',
  'ad_storage',
] as const;
export type CookieName = (typeof COOKIE_NAMES)[number];

/** These English fallbacks are the product's own text, in both languages. */
const INVALID_COOKIE_NAME = validationKey('invalidCookieName');
const INVALID_COOKIE_VALUE = validationKey('invalidCookieValue');

export const CookieRecordSchema = z
  .object({
    name: z.enum(COOKIE_NAMES, { errorMap: () => ({ message: INVALID_COOKIE_NAME }) }),
    value: text({ message: INVALID_COOKIE_VALUE, params: { errorMap: () => ({ message: INVALID_COOKIE_VALUE }) } })
      .min(1, INVALID_COOKIE_VALUE)
      .max(500, INVALID_COOKIE_VALUE),
  })
  .strict();
export type CookieRecord = z.infer<typeof CookieRecordSchema>;
export const CookieRecordResponseSchema = z.object({ data: CookieRecordSchema });
