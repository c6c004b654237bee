import { z } from 'zod';
import { MinimalAchievementSchema } from './offers';
import { paginatedSchema } from './pagination';
import { text } from './text';
import { validationKey } from './validation-messages';

/** POST /api/cases/{id}/proposal: the lawyer sends the engagement letter with a minimum result guarantee. */
export const SendProposalRequestSchema = z.object({ minimal_achievement: MinimalAchievementSchema }).strict();
export type SendProposalRequest = z.infer<typeof SendProposalRequestSchema>;

/** Translation keys (public/i18n), given in the reader's language. */
export const AGREE_REQUIRED_MESSAGE = validationKey('agreeRequired');
export const NAME_MISMATCH_MESSAGE = validationKey('nameMismatch');
export const START_CHOICE_REQUIRED_MESSAGE = validationKey('startChoiceRequired');

/** POST /api/cases/{id}/proposal/sign: the client's simple electronic signature. */
export const SignProposalRequestSchema = z
  .object({
    full_name: text().trim().min(1).max(300),
    agree: z.literal(true, { errorMap: () => ({ message: AGREE_REQUIRED_MESSAGE }) }),
    /**
     * The client's choice before signing: true = the firm may start at once, inside the
     * withdrawal period (and the client then owes a proportionate part when withdrawing);
     * false = the firm waits until the period has ended.
     */
    start_now: z.boolean({ errorMap: () => ({ message: START_CHOICE_REQUIRED_MESSAGE }) }),
    /** The SHA-256 of the letter the client was shown; when sent, a replaced letter answers 409. */
    proposal_sha256: text()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .strict();
export type SignProposalRequest = z.infer<typeof SignProposalRequestSchema>;

/**
 * The kinds of events a case timeline shows (from the audit trail; the server's event rules agree,
 * domain-events.test.ts).
 */
export const TIMELINE_KINDS = [
  'case.status_changed',
  'case.finished',
  'case.reactivated',
  'case.completed',
  'case.offer_changed',
  'case.lawyer_assigned',
  'proposal.sent',
  'proposal.signed',
  'document.uploaded',
  'document.deleted',
  'document.approved',
  'document.rejected',
  'document.shown',
  'document.hidden',
  // A message, never its text.
  'message.sent',
  // The first conversation: booked, moved, cancelled (the time is on the case, not in the timeline).
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  // The settlement agreement: a new version ('Nieuw voorstel van je werkgever'), definitief, the signed agreement
  // ('Bedenktijd gestart').
  'settlement.version_added',
  'settlement.version_final',
  'settlement.signed',
  // Invoices: issued, credited, paid, refunded; the payment reminder and the fourteen-day letter.
  'invoice.issued',
  'invoice.credited',
  'invoice.paid',
  'invoice.refunded',
  'invoice.reminder_sent',
  'invoice.letter_sent',
] as const;
export const TimelineKindSchema = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof TimelineKindSchema>;

/** What a client sees on their own timeline: phases, the letter, and reviews of their documents. */
export const CLIENT_TIMELINE_KINDS: readonly TimelineKind[] = [
  'case.status_changed',
  'case.finished',
  'case.reactivated',
  'case.completed',
  'proposal.sent',
  'proposal.signed',
  'document.approved',
  'document.rejected',
  'message.sent',
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  'settlement.version_added',
  'settlement.version_final',
  'settlement.signed',
  'invoice.issued',
  'invoice.credited',
  'invoice.paid',
  'invoice.refunded',
  'invoice.letter_sent',
];

export const TimelineEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The display name of who caused it; null for the system (e.g. automatic assignment). */
  actor: z.string().nullable(),
  kind: TimelineKindSchema,
  /** from/to: status slugs (offer slugs for case.offer_changed); title: the document's title. */
  details: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    title: z.string().nullable(),
  }),
  /** The event in a short sentence, in the reader's language (the request's), from kind and details. */
  text: z.string(),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export const TIMELINE_PAGE_SIZE = 20;
export const TimelineResponseSchema = paginatedSchema(TimelineEventSchema);
export const TimelineQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
