import { z } from 'zod';
import { isCalendarDate } from './rules/amsterdam-date';
import { getTransitionPaymentMaximum, maximumYearOf } from './rules/transition-payment';
import { WW_CHECK_KEYS, WW_CHECK_RESULTS } from './rules/ww-check';
import { text } from './text';
import { RowVersionSchema } from './row-version';
import { SettlementSummarySchema } from './settlement-summary';
import { validationKey } from './validation-messages';

/**
 * The settlement agreement (vaststellingsovereenkomst): its versions with terms and text,
 * the client's responses, the WW check and the signed agreement with its bedenktijd; and the
 * two calculation calls. Case content: only the client and the case's lawyers read it.
 */

/** The years a settlement date may fall in: a date outside them is a typing error, refused (422). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;
export const DATE_OUT_OF_RANGE = 'dateOutOfRange';

/** A calendar date, YYYY-MM-DD, that exists, in the years 1900 to 2100. */
export const CalendarDateSchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, validationKey('invalidDate'))
  .superRefine((value, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return; // the format's own message says it
    if (!isCalendarDate(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: validationKey('nonexistentDate') });
      return;
    }
    const year = Number(value.slice(0, 4));
    if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        params: { key: DATE_OUT_OF_RANGE, min: DATE_YEAR_MIN, max: DATE_YEAR_MAX },
      });
  });

/** An amount in integer cents, 0 to € 100.000.000. */
export const CentsSchema = z.number().int().min(0).max(10_000_000_000);
const Percent = z.number().min(0).max(100);

export const SETTLEMENT_FROM = ['employer', 'us'] as const;
export const SettlementFromSchema = z.enum(SETTLEMENT_FROM);
export type SettlementFrom = z.infer<typeof SettlementFromSchema>;

export const NON_COMPETE = ['kept', 'dropped', 'none'] as const;
export const INITIATIVES = ['employer', 'employee'] as const;

/**
 * The terms of one version, all optional (a version states what it states). Field names are
 * those of the two calculation calls where they meet.
 */
export const SettlementTermsSchema = z
  .object({
    // The employment.
    start_date: CalendarDateSchema.nullable(),
    monthly_salary_cents: CentsSchema.nullable(),
    holiday_allowance_percent: Percent.nullable(),
    year_end_cents: CentsSchema.nullable(),
    extras_monthly_cents: CentsSchema.nullable(),
    variable_three_years_cents: CentsSchema.nullable(),
    /** From the contract or CAO in months; null = statutory ('wettelijk'). */
    notice_months: z.number().int().min(0).max(24).nullable(),
    /** The lawyer's mark that a CAO shortens the notice period (art. 7:672 lid 5 BW). */
    notice_shortened_by_cao: z.boolean().nullable(),
    // The agreement.
    agreement_date: CalendarDateSchema.nullable(),
    end_date: CalendarDateSchema.nullable(),
    garden_leave: z.boolean().nullable(),
    severance_cents: CentsSchema.nullable(),
    legal_costs_cents: CentsSchema.nullable(),
    legal_costs_conditional: z.boolean().nullable(),
    non_compete: z.enum(NON_COMPETE).nullable(),
    final_discharge: z.boolean().nullable(),
    initiative: z.enum(INITIATIVES).nullable(),
    urgent_reason_excluded: z.boolean().nullable(),
    cooling_off_clause: z.boolean().nullable(),
    employee_ill: z.boolean().nullable(),
    reference_letter: z.boolean().nullable(),
    outplacement_cents: CentsSchema.nullable(),
  })
  .partial()
  .strict();
export type SettlementTerms = z.infer<typeof SettlementTermsSchema>;
export const SETTLEMENT_TERM_FIELDS = Object.keys(SettlementTermsSchema.shape) as (keyof SettlementTerms)[];

export const END_BEFORE_START = 'endBeforeStartDate';
export const END_BEFORE_AGREEMENT = 'endBeforeAgreementDate';
export const AGREEMENT_BEFORE_START = 'agreementBeforeStart';

/**
 * The terms as a new version writes them: besides each field's own check, the dates in order
 * (the employment starts before the agreement, the agreement is dated before the end). Stored
 * terms are read with {@link SettlementTermsSchema}, so an older version stays readable.
 */
export const SettlementTermsInputSchema = SettlementTermsSchema.superRefine((terms, ctx) => {
  // Only dates that passed their own check are compared (zod refines an object with bad fields too).
  const valid = (value: string | null | undefined) =>
    value && CalendarDateSchema.safeParse(value).success ? value : null;
  const [start, agreement, end] = [valid(terms.start_date), valid(terms.agreement_date), valid(terms.end_date)];
  if (start && agreement && agreement < start)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['agreement_date'], params: { key: AGREEMENT_BEFORE_START } });
  if (end && agreement && end < agreement)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end_date'], params: { key: END_BEFORE_AGREEMENT } });
  else if (end && start && end < start)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end_date'], params: { key: END_BEFORE_START } });
});

// ---------------------------------------------------------------------------------------------
// POST /api/calculations/transition-payment

/** An end before 2020: the transition payment was calculated otherwise then. */
export const END_BEFORE_FIRST_MAXIMUM = 'transitionEndBeforeFirstYear';

/**
 * The wage both calculations take (the transition payment and the WW check): the monthly salary
 * and what counts on top of it. The WW check takes it optionally (its salary made optional there).
 */
const WAGE_SHAPE = {
  monthly_salary_cents: CentsSchema,
  holiday_allowance_percent: Percent.optional(),
  year_end_cents: CentsSchema.optional(),
  extras_monthly_cents: CentsSchema.optional(),
  variable_three_years_cents: CentsSchema.optional(),
};

export const TransitionPaymentRequestSchema = z
  .object({
    start_date: CalendarDateSchema,
    end_date: CalendarDateSchema,
    ...WAGE_SHAPE,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end_date'], params: { key: END_BEFORE_START } });
    else if (getTransitionPaymentMaximum(maximumYearOf(value.end_date)) === null)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['end_date'],
        params: { key: END_BEFORE_FIRST_MAXIMUM },
      });
  });
export type TransitionPaymentRequest = z.infer<typeof TransitionPaymentRequestSchema>;

export const TransitionPaymentSchema = z.object({
  amount_cents: z.number().int(),
  monthly_wage_cents: z.number().int(),
  capped: z.boolean(),
  cap_cents: z.number().int(),
  /** The statutory maximum used (cap_cents is this or a year's wage). */
  year_maximum_cents: z.number().int(),
  /** The year whose maximum was used: the end date's, or the last published one. */
  maximum_year: z.number().int(),
  /** True when the end date's year has no published maximum yet, so the last one was used. */
  provisional: z.boolean(),
  years: z.number().int(),
  months: z.number().int(),
  days: z.number().int(),
});
export type TransitionPaymentResult = z.infer<typeof TransitionPaymentSchema>;
export const TransitionPaymentResponseSchema = z.object({ data: TransitionPaymentSchema });

// ---------------------------------------------------------------------------------------------
// POST /api/calculations/ww-check

export const WwCheckRequestSchema = z
  .object({
    start_date: CalendarDateSchema,
    agreement_date: CalendarDateSchema,
    end_date: CalendarDateSchema,
    notice_months: z.number().int().min(0).max(24).nullable(),
    /** The notice period is shortened by a CAO (art. 7:672 lid 5 BW); without it a shorter one is a warning. */
    notice_shortened_by_cao: z.boolean().optional(),
    initiative: z.enum(INITIATIVES),
    urgent_reason_excluded: z.boolean(),
    cooling_off_clause: z.boolean(),
    employee_ill: z.boolean(),
    severance_cents: CentsSchema,
    legal_costs_conditional: z.boolean(),
    // Optional: the wage, to weigh the severance against the statutory transition payment.
    ...WAGE_SHAPE,
    monthly_salary_cents: CentsSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.agreement_date < value.start_date)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['agreement_date'], params: { key: AGREEMENT_BEFORE_START } });
    if (value.end_date < value.start_date)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end_date'], params: { key: END_BEFORE_START } });
  });
export type WwCheckRequest = z.infer<typeof WwCheckRequestSchema>;

export const WwCheckItemSchema = z.object({
  key: z.enum(WW_CHECK_KEYS),
  result: z.enum(WW_CHECK_RESULTS),
  /** The item in plain words, in the reader's language. */
  text: z.string(),
});
export type WwCheckItemView = z.infer<typeof WwCheckItemSchema>;
export const WwCheckSchema = z.object({
  fictitious_notice_end: z.string(),
  ww_start_date: z.string(),
  /** The notice period used: the contract's or CAO's, or the statutory one. */
  notice_months: z.number().int(),
  items: z.array(WwCheckItemSchema),
});
export type WwCheckView = z.infer<typeof WwCheckSchema>;
export const WwCheckResponseSchema = z.object({ data: WwCheckSchema });

// ---------------------------------------------------------------------------------------------
// Versions, responses, the check and the signed agreement

export const SETTLEMENT_NOTE_MAX = 2_000;
export const SETTLEMENT_TEXT_MAX = 200_000;
export const QUESTION_REQUIRED = 'settlementQuestionRequired';
export const TERMS_UNREADABLE = 'settlementTermsUnreadable';
export const TEXT_OR_FILE = 'settlementTextOrFile';

/** The fields of POST /api/cases/{id}/settlement/versions besides the file (multipart fields are strings). */
export const AddSettlementVersionFieldsSchema = z
  .object({
    from: SettlementFromSchema,
    dated: CalendarDateSchema,
    reply_by: CalendarDateSchema.optional(),
    note: text({ multiline: true }).trim().max(SETTLEMENT_NOTE_MAX).optional(),
    text: text({ multiline: true }).max(SETTLEMENT_TEXT_MAX).optional(),
    /** JSON of SettlementTerms; parsed separately so its errors name `terms`. */
    terms: z.string().max(20_000).optional(),
  })
  .strict();

/** 'true'/'false' as a multipart field sends them. */
export const FormBooleanSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const RecordSignedFieldsSchema = z
  .object({
    dated: CalendarDateSchema,
    agreed_on: CalendarDateSchema,
    cooling_off_clause: FormBooleanSchema,
    dissolved_within_six_months: FormBooleanSchema.optional(),
    /**
     * The version of the signed record the form was loaded with (`signed.version`): absent or 0 for
     * the first record; a correction sends the version it corrects, and a record changed meanwhile is
     * refused with 409 (contract/row-version.ts).
     */
    version: z.coerce.number().pipe(RowVersionSchema).optional(),
  })
  .strict();

export const SettlementResponseRequestSchema = z
  .object({
    response: z.enum(['agree', 'question']),
    text: text({ multiline: true }).trim().max(5_000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.response === 'question' && !value.text)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['text'], params: { key: QUESTION_REQUIRED } });
  });
export type SettlementResponseRequest = z.infer<typeof SettlementResponseRequestSchema>;

export const SettlementResponseSchema = z.object({
  response: z.enum(['agree', 'question']),
  text: z.string().nullable(),
  at: z.string(),
});

export const SettlementVersionSchema = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  from: SettlementFromSchema,
  dated: z.string(),
  reply_by: z.string().nullable(),
  note: z.string().nullable(),
  text: z.string(),
  terms: SettlementTermsSchema,
  final: z.boolean(),
  final_at: z.string().nullable(),
  file: z.object({ filename: z.string() }).nullable(),
  created_at: z.string(),
  responses: z.array(SettlementResponseSchema),
});
export type SettlementVersion = z.infer<typeof SettlementVersionSchema>;
export const SettlementVersionResponseSchema = z.object({ data: SettlementVersionSchema });

/**
 * GET /api/settlement-versions/{id}/redline: the parts of the redline against the version before,
 * and in `meta` whether it gave up (`too_many_changes`: then `data` is the previous text deleted
 * and the new one inserted, to be shown side by side) or is still to be computed (`pending`, with
 * no parts). Absent `meta` (an older server) means neither.
 */
export const RedlineResponseSchema = z.object({
  data: z.array(z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() })),
  meta: z.object({ too_many_changes: z.boolean(), pending: z.boolean() }).optional(),
});

export const SettlementCheckSchema = z.object({
  version_id: z.string().uuid(),
  /** The check of the version's terms, or null while terms it needs are missing. */
  result: WwCheckSchema.nullable(),
  missing: z.array(z.string()),
  /**
   * The agreement date the check counted from: the signed agreement's dagtekening once it is
   * recorded (`from_signed`), else the final version's.
   */
  agreement_date: z.string().nullable(),
  from_signed: z.boolean(),
  approved_at: z.string().nullable(),
});
export type SettlementCheck = z.infer<typeof SettlementCheckSchema>;

export const SettlementSignedSchema = z.object({
  dated: z.string(),
  agreed_on: z.string(),
  cooling_off_clause: z.boolean(),
  dissolved_within_six_months: z.boolean(),
  file: z.object({ filename: z.string() }).nullable(),
  recorded_at: z.string(),
  /** 1 when first recorded, one more per correction; a correction sends it back (RecordSignedFieldsSchema). */
  version: z.number().int(),
  /** A correction is possible now: the bedenktijd runs, the case is open and no legal hold is set. */
  correctable: z.boolean(),
});

/** The summary's fields (settlement-summary.ts), its versions and signed agreement in full. */
export const SettlementSchema = SettlementSummarySchema.extend({
  versions: z.array(SettlementVersionSchema),
  /** The terms of the final version, else of the newest. */
  terms: SettlementTermsSchema,
  check: SettlementCheckSchema.nullable(),
  signed: SettlementSignedSchema.nullable(),
  /** The lawyer's task once the bedenktijd has passed: 'Bedenktijd verstreken: dossier voltooien'. */
  complete_task: z.boolean(),
  /** The case is closed ('Klaar voor facturatie' on, contract/rules/case-lock.ts): the settlement no longer changes. */
  closed: z.boolean(),
  dates: z.object({
    reply_by: z.string().nullable(),
    cooling_off_ends_on: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
});
export type Settlement = z.infer<typeof SettlementSchema>;
export const SettlementResponseBodySchema = z.object({ data: SettlementSchema });
