import { z } from 'zod';

export const SiteSchema = z.object({
  product_name: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  address_lines: z.array(z.string()),
  contact_url: z.string().url(),
  calculation_tools_url: z.string().url(),
  review_url: z.string().url(),
  terms_url: z.string().url(),
  disclaimer_url: z.string().url(),
  privacy_url: z.string().url(),
  /** The firm's complaints regulation (footer). */
  complaints_regulation_url: z.string().url(),
  /** Days of the withdrawal period after signing the engagement letter (at least 14). */
  withdrawal_days: z.number().int().min(14),
  /** The largest file an upload may be, in MB (MAX_UPLOAD_MB): the browser refuses a larger one before sending it. */
  max_upload_mb: z.number().int().positive(),
});
export type Site = z.infer<typeof SiteSchema>;
export const SiteResponseSchema = z.object({ data: SiteSchema });
