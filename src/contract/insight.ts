import { z } from 'zod';
import { AdminDateSchema } from './admin';
import { StatusSchema } from './statuses';
import { validationKey } from './validation-messages';

/**
 * The firm's view ('Inzicht' in /beheer): where clients drop out of the route and which cases
 * are stuck. Names, phases and dates only; never case content.
 */

/** The steps of the client's route, in order; a case counts at a step once it reached it. */
export const FUNNEL_STEPS = [
  'account_created',
  'first_login',
  'personal_data_complete',
  'employer_data_complete',
  'package_chosen',
  'letter_signed',
  'documents_complete',
  'settlement_signed',
  'completed',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Why a case is stuck. */
export const STUCK_REASONS = ['client_inactive', 'message_unanswered', 'letter_unsigned', 'letter_not_sent'] as const;
export type StuckReason = (typeof STUCK_REASONS)[number];

/** The rules' thresholds, shown with the reasons. */
export const STUCK_THRESHOLDS = {
  /** No client activity for this many days in a phase where the client has to act. */
  clientInactiveDays: 7,
  /** A client message unanswered for this many working days (Monday to Friday). */
  messageUnansweredWorkingDays: 2,
  /** The engagement letter sent and unsigned for this many days. */
  letterUnsignedDays: 3,
  /** A package chosen and no letter sent for this many hours. */
  letterNotSentHours: 24,
} as const;

/** The phases in which the next step is the client's: data, the package, the signature, documents. */
export const CLIENT_ACTION_PHASES = ['lead', 'almost-client', 'proposal', 'incomplete-case-file'] as const;

/** At most this many cases are listed per reason, longest stuck first. */
export const STUCK_LIMIT_PER_REASON = 100;
/** The longest period the funnel covers. */
export const INSIGHT_MAX_DAYS = 3 * 366;
/** The period when none is given: the last 90 days up to today. */
export const INSIGHT_DEFAULT_DAYS = 90;

export const FunnelRowSchema = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number().int(),
  /** Of the step before (0..1, three decimals); null for the first step or after a step of 0. */
  share: z.number().nullable(),
  /** The median days from the step before to this one; null for the first step or no case. */
  median_days: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof FunnelRowSchema>;

export const StuckCaseSchema = z.object({
  case_id: z.string().uuid(),
  client_name: z.string(),
  lawyer_name: z.string().nullable(),
  status: StatusSchema,
  reason: z.enum(STUCK_REASONS),
  /** The moment the reason's clock started (last activity, the message, the letter, the choice). */
  since: z.string(),
});
export type StuckCase = z.infer<typeof StuckCaseSchema>;

/** The years a period may name: anything else is a typing error (or a probe), refused with 422. */
export const INSIGHT_YEARS = { first: 1900, last: 2100 } as const;
const InsightDateSchema = AdminDateSchema.refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= INSIGHT_YEARS.first && year <= INSIGHT_YEARS.last;
}, validationKey('insightDateOutOfRange'));

const period = {
  from: InsightDateSchema.optional(),
  to: InsightDateSchema.optional(),
  /** The same as `to` (the funnel route's own name for it). */
  until: InsightDateSchema.optional(),
  lawyer_id: z.string().uuid().optional(),
};

/**
 * `from`/`to` (or `until`), both YYYY-MM-DD, Amsterdam days, inclusive; `to` not before `from`, at most
 * INSIGHT_MAX_DAYS.
 */
export const InsightQuerySchema = z
  .object(period)
  .strict()
  .refine((q) => !(q.to && q.until) || q.to === q.until, { message: validationKey('insightToTwice'), path: ['until'] })
  .refine((q) => !q.from || !(q.to ?? q.until) || (q.to ?? q.until)! >= q.from, {
    message: validationKey('insightEndBeforeStart'),
    path: ['to'],
  })
  .refine(
    (q) =>
      !q.from ||
      !(q.to ?? q.until) ||
      (Date.parse((q.to ?? q.until)!) - Date.parse(q.from)) / 86_400_000 < INSIGHT_MAX_DAYS,
    { message: validationKey('insightTooLong'), path: ['to'] },
  );
export type InsightQuery = z.infer<typeof InsightQuerySchema>;
export const StuckQuerySchema = z.object({ lawyer_id: period.lawyer_id }).strict();

export const InsightPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  lawyer_id: z.string().uuid().nullable(),
});
export const InsightResponseSchema = z.object({
  data: z.object({
    period: InsightPeriodSchema,
    funnel: z.array(FunnelRowSchema),
    stuck: z.array(StuckCaseSchema),
    /** A reason with more cases than STUCK_LIMIT_PER_REASON lists only the longest stuck. */
    stuck_truncated: z.array(z.enum(STUCK_REASONS)),
  }),
});
export type InsightResponse = z.infer<typeof InsightResponseSchema>;
export const FunnelResponseSchema = z.object({ data: z.array(FunnelRowSchema) });
export const StuckResponseSchema = z.object({ data: z.array(StuckCaseSchema) });
