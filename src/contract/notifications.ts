import { z } from 'zod';
import { text } from './text';

/** Languages a user can choose; mails are written in it. Dutch is the default. */
export const USER_LANGUAGES = ['nl-NL', 'en-US'] as const;
export const UserLanguageSchema = z.enum(USER_LANGUAGES);
export type UserLanguage = z.infer<typeof UserLanguageSchema>;

/**
 * The mails a user may turn off. Everything else (login codes, the letter to sign,
 * rejections, deletion notices, assignment, signing, feedback) always goes.
 * - phase_changes: the client's case moved to another phase;
 * - reminders: a to-do has been open for 7 days;
 * - uploads: a document shared by the lawyer (client), a document uploaded or all mandatory
 *   documents in (lawyer).
 */
export const MAIL_TOPICS = ['phase_changes', 'reminders', 'uploads'] as const;
export const MailTopicSchema = z.enum(MAIL_TOPICS);
export type MailTopic = z.infer<typeof MailTopicSchema>;

/**
 * Which optional mails a user receives: true = on. `email` is the e-mail channel of the notices
 * ('Meldingen' in the settings, beside 'push on this device'): off, none of the topics above is
 * mailed (their own choices are kept for when it is turned on again). Mails about a deadline, a
 * signature, a rejected document, a message, an appointment, the login or the account always go.
 */
export const MailPreferencesSchema = z.object({
  phase_changes: z.boolean(),
  reminders: z.boolean(),
  uploads: z.boolean(),
  /** Always in the server's answers; optional in the type so a client of the three topics alone still parses. */
  email: z.boolean().optional(),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;
export const MailPreferencesResponseSchema = z.object({ data: MailPreferencesSchema });
export const UpdateMailPreferencesRequestSchema = MailPreferencesSchema.partial().strict();
export type UpdateMailPreferencesRequest = z.infer<typeof UpdateMailPreferencesRequestSchema>;

/** The signed token of an unsubscribe link (works without logging in). */
export const UnsubscribeRequestSchema = z.object({ token: text().min(1).max(300) }).strict();
export const UnsubscribeResponseSchema = z.object({ data: z.object({ topic: MailTopicSchema }) });
