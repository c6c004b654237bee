import { z } from 'zod';
import { PersonReferenceSchema } from './documents';
import { text } from './text';
import { validationKey } from './validation-messages';

/** Messages between a client and the case's lawyers (one conversation per case). */
export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGES_PAGE_SIZE = 30;
/** The author may delete a message this long after sending it; after that it stays. */
export const MESSAGE_DELETE_WINDOW_MS = 5 * 60_000;
/** Unread this long after sending: the other side gets a mail (without the text). */
export const MESSAGE_MAIL_DELAY_MS = 5 * 60_000;

// Translation keys (public/i18n), given in the reader's language by the forms and the server's error handler.
// The numbers stay in the texts: 5.000 in Dutch, 5,000 in English.
export const MESSAGE_EMPTY = validationKey('messageEmpty');
export const MESSAGE_TOO_LONG = validationKey('messageTooLong');
export const MESSAGE_INVALID_CHARACTERS = validationKey('messageInvalidCharacters');
/** A 409, not a field error: the error handler translates a plain error's text only when it is an `errors.` key. */
export const MESSAGE_DELETE_TOO_LATE = 'errors.messages.deleteTooLate';
export const MESSAGE_CURSOR_INVALID = validationKey('messageCursor');

/** Trims, normalises line ends and checks 1 to 5,000 characters (code points). */
export const MessageTextSchema = text({
  multiline: true,
  message: MESSAGE_INVALID_CHARACTERS,
  params: { required_error: MESSAGE_EMPTY, invalid_type_error: MESSAGE_EMPTY },
})
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGE_EMPTY });
    else if ([...value].length > MESSAGE_MAX_LENGTH)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGE_TOO_LONG });
  });

export const SendMessageRequestSchema = z.object({ text: MessageTextSchema }).strict();
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

export const MarkMessagesReadRequestSchema = z.object({ up_to: z.string().uuid() }).strict();
export type MarkMessagesReadRequest = z.infer<typeof MarkMessagesReadRequestSchema>;

export const MessageRoleSchema = z.enum(['client', 'lawyer']);

export const MessageAttachmentSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  filename: z.string().nullable(),
  extension: z.string().nullable(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

export const MessageSchema = z.object({
  id: z.string().uuid(),
  case_id: z.string().uuid(),
  /** Null when the author's account no longer exists. */
  author: PersonReferenceSchema.nullable(),
  author_role: MessageRoleSchema,
  /**
   * The author wrote it as the case's stand-in ('vervangend jurist'): on the case's stand-in list for the day it was
   * sent.
   */
  author_stand_in: z.boolean(),
  text: z.string(),
  attachment: MessageAttachmentSchema.nullable(),
  created_at: z.string(),
  /** When the other side read it; null while unread. */
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagePageSchema = z.object({
  /** Newest first. */
  data: z.array(MessageSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;
export const MessageResponseSchema = z.object({ data: MessageSchema });

export const UnreadCountSchema = z.object({
  case_id: z.string().uuid(),
  client_name: z.string(),
  count: z.number().int(),
});
export const UnreadCountsResponseSchema = z.object({ data: z.array(UnreadCountSchema), total: z.number().int() });
export type UnreadCounts = z.infer<typeof UnreadCountsResponseSchema>;

export const MarkReadResponseSchema = z.object({
  data: z.object({ case_id: z.string().uuid(), read_at: z.string().nullable(), marked: z.number().int() }),
});

/** The ticket that opens one event stream (GET /api/events?ticket=…): single use, valid for a minute. */
export const EventTicketResponseSchema = z.object({ ticket: z.string(), expires_at: z.string() });
export type EventTicketResponse = z.infer<typeof EventTicketResponseSchema>;

/** What the event stream carries; the SSE `event:` field is the key. */
export const LiveEventSchemas = {
  ready: z.object({ resumed: z.boolean() }),
  message: MessageSchema,
  message_deleted: z.object({ id: z.string().uuid(), case_id: z.string().uuid() }),
  messages_read: z.object({ case_id: z.string().uuid(), up_to: z.string().uuid(), read_at: z.string() }),
  unread: z.object({ case_id: z.string().uuid(), count: z.number().int() }),
  case_changed: z.object({ case_id: z.string().uuid() }),
} as const;
export type LiveEventType = keyof typeof LiveEventSchemas;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof LiveEventSchemas)[T]>;
