import { z } from 'zod';
import { PostcodeSchema } from './rules/postcode';
import { text } from './text';
import { ArticleSchema } from './articles';
import { ContactPersonSchema } from './contact-persons';
import { DocumentSchema } from './documents';
import { LawyerSchema } from './lawyers';
import { MinimalAchievementSchema, OfferSchema } from './offers';
import { QuestionSchema } from './questions';
import { StatusSlugSchema, statusSlugFromLabel } from './statuses';
import { paginatedSchema } from './pagination';
import { RowVersionSchema } from './row-version';

const nullableText = z.string().nullable();

/** Ex-employer fields of a case. */
export const CompanyFieldsSchema = z.object({
  company_name: nullableText,
  company_street: nullableText,
  company_house_number: nullableText,
  company_postcode: nullableText,
  company_city: nullableText,
  contact_email: nullableText,
  contact_phone_number: nullableText,
});

/** Case as the client sees it (GET /api/cases/mine). */
export const CaseClientViewSchema = CompanyFieldsSchema.extend({
  id: z.string().uuid(),
  title: z.string(),
  appointment_start_time: nullableText,
  appointment_end_time: nullableText,
  last_updated_at: z.string(),
  proposal_signed_at: nullableText,
  minimal_achievement: MinimalAchievementSchema.nullable(),
  /** The engagement letter now shown (a document of the case), when it was sent and the SHA-256 of its bytes. */
  proposal_document_id: z.string().uuid().nullable(),
  proposal_sent_at: nullableText,
  proposal_sha256: nullableText,
  /** When the case reached completed (the 6-month deletion clock starts then). */
  completed_at: nullableText,
  /** After signing: the first moment after the withdrawal period ('Opdracht herroepen' until then). */
  withdrawal_ends_at: nullableText,
  /** The client's choice when signing: may the firm start inside the withdrawal period (null before signing). */
  start_consent: z.boolean().nullable(),
  /** A legal hold ('Bewaarplicht') is set: documents stay as they are (contract/rules/document-lock.ts). */
  legal_hold: z.boolean().default(false),
  status: z.object({
    slug: StatusSlugSchema,
    display_name: z.string(),
    order: z.number().int(),
    articles: z.array(ArticleSchema),
  }),
  offer: OfferSchema.nullable(),
  documents: z.array(DocumentSchema),
  contact_persons: z.array(ContactPersonSchema),
  /**
   * Versions of the employer data and of the contact-person list, sent back with their saves (contract/row-version.ts).
   */
  company_version: RowVersionSchema,
  contact_persons_version: RowVersionSchema,
  lawyers: z.array(LawyerSchema),
  typeform: z.record(z.string()),
  questions: z.array(QuestionSchema),
});
export type CaseClientView = z.infer<typeof CaseClientViewSchema>;
export const CaseClientViewResponseSchema = z.object({ data: CaseClientViewSchema });

export const ClientSchema = z.object({
  id: z.string().uuid(),
  name: nullableText,
  infix: nullableText,
  last_name: nullableText,
  email: z.string(),
  phone_number: nullableText,
  address: nullableText,
  postcode: nullableText,
  house_number: nullableText,
  house_number_addition: nullableText,
  street: nullableText,
  city: nullableText,
  client_questions: z.array(QuestionSchema),
});
export type Client = z.infer<typeof ClientSchema>;

const LawyerStatusSchema = z.object({ slug: StatusSlugSchema, display_name: z.string(), order: z.number().int() });

/** Case as its lawyer sees it (GET /api/cases/{id}). */
export const CaseLawyerViewSchema = CaseClientViewSchema.omit({ status: true }).extend({
  client: ClientSchema,
  client_name: z.string(),
  status: LawyerStatusSchema,
  last_update_at: z.string(),
  pending_documents: z.number().int(),
});
export type CaseLawyerView = z.infer<typeof CaseLawyerViewSchema>;
export const CaseLawyerViewResponseSchema = z.object({ data: CaseLawyerViewSchema });

/**
 * PATCH /api/cases/{id}/offer: the case after the choice, as the one who chose sees it (the
 * client's view or the lawyer's). The lawyer's view comes first: a client's answer lacks its
 * `client`, so it is never taken for one, while the client's view would read a lawyer's answer
 * and drop its fields.
 */
export const UpdateOfferResponseSchema = z.union([CaseLawyerViewResponseSchema, CaseClientViewResponseSchema]);

/** One row of the lawyer's case list (GET /api/cases). */
export const CaseListItemSchema = z.object({
  id: z.string().uuid(),
  client_name: z.string(),
  company_name: nullableText,
  status: LawyerStatusSchema,
  offer: OfferSchema.nullable(),
  last_update_at: z.string(),
  pending_documents: z.number().int(),
  /**
   * On a case the lawyer stands in on (an admin's stand-in whose dates cover today), the name of the lawyer whose
   * case it is: the list shows 'Waarneming voor {name}'. Null on the lawyer's own cases.
   */
  stand_in_for: z.string().nullable(),
});
export type CaseListItem = z.infer<typeof CaseListItemSchema>;
export const CaseListResponseSchema = paginatedSchema(CaseListItemSchema);

/** Longest accepted case search (`GET /api/cases?q=`); longer answers 422. */
export const CASE_SEARCH_MAX = 100;
export const CASE_SORTS = ['client_name', 'company_name', 'last_update_at', 'status'] as const;
export const CaseListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    sort: z.enum(CASE_SORTS).default('client_name'),
    dir: text()
      .transform((d) => d.toLowerCase())
      .pipe(z.enum(['asc', 'desc']))
      .default('asc'),
    statuses: text()
      .max(500)
      .optional()
      // A slug, a display name or an alias ('Wachten op tekenen' = proposal).
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .map((s) => statusSlugFromLabel(s) ?? s)
          : [],
      )
      .pipe(z.array(StatusSlugSchema).max(20)),
    /** Search in client name, company name and client e-mail: every word, anywhere, accents and case ignored. */
    q: text()
      .max(CASE_SEARCH_MAX)
      .optional()
      .transform((value) => value?.trim() ?? ''),
  })
  .strict();
export type CaseListQuery = z.infer<typeof CaseListQuerySchema>;

export const StatusCountSchema = z.object({
  slug: StatusSlugSchema,
  display_name: z.string(),
  order: z.number().int(),
  cases_count: z.number().int(),
});
export const StatusCountListResponseSchema = z.object({ data: z.array(StatusCountSchema) });

/**
 * PATCH /api/cases/{id}: the ex-employer form. The form marks house number, postcode,
 * city, contact e-mail and phone required; the company name is not (blank is stored as null).
 * Texts come from the one error map (contract/validation-messages.ts).
 */
export const UpdateCompanyRequestSchema = z
  .object({
    company_name: text()
      .trim()
      .max(250)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    company_street: text().trim().max(250).nullable().optional(),
    company_house_number: text().trim().min(1).max(20),
    company_postcode: PostcodeSchema,
    company_city: text().trim().min(1).max(250),
    contact_email: text().trim().min(1).max(254).email(),
    contact_phone_number: text().trim().min(1).max(50),
    /** The case's `company_version` the form was loaded with: 409 when it changed since. */
    version: RowVersionSchema.optional(),
  })
  .strict();
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequestSchema>;

export const UpdateStatusRequestSchema = z.object({ status: StatusSlugSchema }).strict();
export const UpdateStatusResponseSchema = z.union([
  z.object({ ok: z.literal(true), data: CaseLawyerViewSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
