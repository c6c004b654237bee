import { z } from 'zod';
import { InvoiceListResponseSchema } from './invoices';
import { AppointmentStateResponseSchema } from './appointments';
import { CaseClientViewSchema } from './cases';
import { QuestionSchema } from './questions';
import { StepperSchema } from './stepper';
import { TimelineResponseSchema } from './workflow';

/**
 * GET /api/cases/mine/dashboard: what the client's dashboard shows, in one answer. Each part is exactly the answer
 * (or its `data`) of the request it stands for, so a phone on a slow line makes one request instead of five:
 * - `case`: GET /api/cases/mine;
 * - `stepper`: GET /api/cases/{id}/status-stepper in the asked language (`lang`, as there);
 * - `timeline`: GET /api/cases/{id}/timeline?page=1 (the whole answer, with its pagination);
 * - `appointment`: GET /api/cases/{id}/appointment (the whole answer);
 * - `questions`: GET /api/client-questions.
 * `retention` (a completed case only, not on legal hold): when the client's account is deleted (6 months after
 * completion) and until when the firm keeps the file (`years`, FILE_RETENTION_YEARS, after completion), as ISO
 * moments; null otherwise.
 */
export const DashboardRetentionSchema = z.object({
  account_until: z.string(),
  file_until: z.string(),
  years: z.number().int(),
});
export type DashboardRetention = z.infer<typeof DashboardRetentionSchema>;

export const ClientDashboardSchema = z.object({
  case: CaseClientViewSchema,
  stepper: StepperSchema,
  timeline: TimelineResponseSchema,
  appointment: AppointmentStateResponseSchema,
  questions: z.array(QuestionSchema),
  retention: DashboardRetentionSchema.nullable().optional(),
  /** The case's invoices as GET /api/cases/{id}/invoices answers them to the client (the card of open invoices). */
  invoices: InvoiceListResponseSchema.optional(),
});
export type ClientDashboard = z.infer<typeof ClientDashboardSchema>;
export const ClientDashboardResponseSchema = z.object({ data: ClientDashboardSchema });
