import { z } from 'zod';
import { EmailSchema } from './auth';
import { CalendarDateSchema } from './calendar-date';
import { StatusSchema } from './statuses';
import { text } from './text';
import { validationKey } from './validation-messages';

/**
 * What an admin ('beheerder') manages: people, assignments, stand-ins, legal holds and the audit trail; never case
 * content.
 */

const name = (max: number) => text().trim().min(1, 'Required').max(max, `Maximaal ${max} tekens.`);
const DateSchema = CalendarDateSchema;
export { DateSchema as AdminDateSchema };

export const AdminLawyerSchema = z.object({
  id: z.string().uuid(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  active_cases_count: z.number().int(),
});
export type AdminLawyer = z.infer<typeof AdminLawyerSchema>;
export const AdminLawyersResponseSchema = z.object({ data: z.array(AdminLawyerSchema) });
export const AdminLawyerResponseSchema = z.object({ data: AdminLawyerSchema });

export const CreateLawyerRequestSchema = z
  .object({
    name: name(250),
    last_name: name(250),
    email: EmailSchema,
    title: text().trim().max(250, 'Maximaal 250 tekens.').nullable().optional(),
  })
  .strict();
export type CreateLawyerRequest = z.infer<typeof CreateLawyerRequestSchema>;

export const AdminCaseLawyerSchema = z.object({ id: z.string().uuid(), full_name: z.string(), active: z.boolean() });
export const AdminStandInSchema = z.object({
  id: z.string().uuid(),
  lawyer_id: z.string().uuid(),
  full_name: z.string(),
  from: z.string(),
  until: z.string(),
});
export type AdminStandIn = z.infer<typeof AdminStandInSchema>;

export const AdminCaseSchema = z.object({
  id: z.string().uuid(),
  client_name: z.string(),
  client_email: z.string(),
  company_name: z.string().nullable(),
  status: StatusSchema,
  lawyers: z.array(AdminCaseLawyerSchema),
  stand_ins: z.array(AdminStandInSchema),
  legal_hold: z.boolean(),
  legal_hold_reason: z.string().nullable(),
  /** An active case whose lawyer was deactivated (or that has none left): reassign it. */
  needs_reassignment: z.boolean(),
  /** A first conversation is booked and ahead: shown only as 'gepland' (its time is case content). */
  appointment_planned: z.boolean().optional(),
});
export type AdminCase = z.infer<typeof AdminCaseSchema>;

export const AdminCasesQuerySchema = z
  .object({
    q: text().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();
export const AdminPageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
export const AdminCasesResponseSchema = z.object({ data: z.array(AdminCaseSchema), meta: AdminPageMetaSchema });
export const AdminCaseResponseSchema = z.object({ data: AdminCaseSchema });

export const AssignCaseRequestSchema = z.object({ lawyer_id: z.string().uuid() }).strict();
export type AssignCaseRequest = z.infer<typeof AssignCaseRequestSchema>;

export const MAX_STAND_IN_DAYS = 366;
export const StandInRequestSchema = z
  .object({ lawyer_id: z.string().uuid(), from: DateSchema, until: DateSchema })
  .strict()
  .refine((value) => value.until >= value.from, { message: validationKey('standInEndBeforeStart'), path: ['until'] })
  .refine((value) => (Date.parse(value.until) - Date.parse(value.from)) / 86_400_000 < MAX_STAND_IN_DAYS, {
    message: validationKey('standInTooLong'),
    path: ['until'],
  });
export type StandInRequest = z.infer<typeof StandInRequestSchema>;

export const LegalHoldRequestSchema = z
  .object({
    legal_hold: z.boolean(),
    reason: text({ multiline: true }).trim().min(1, 'Required').max(500, 'Maximaal 500 tekens.'),
  })
  .strict();
export type LegalHoldRequest = z.infer<typeof LegalHoldRequestSchema>;

/**
 * Every action the audit trail records, in the order the admin's filter lists them; each has
 * its words under `admin.audit.actions.<action>` in both translation files.
 */
export const AUDIT_ACTIONS = [
  'case.created',
  'case.lawyer_assigned',
  'case.reassigned',
  'case.stand_in_added',
  'case.legal_hold_changed',
  'case.offer_changed',
  'case.status_changed',
  'case.finished',
  'case.reactivated',
  'case.completed',
  'case.finalization_answered',
  'proposal.sent',
  'proposal.signed',
  'proposal.withdrawn',
  'document.uploaded',
  'document.deleted',
  'document.approved',
  'document.rejected',
  'document.shown',
  'document.hidden',
  'settlement.version_added',
  'settlement.version_final',
  'settlement.response',
  'settlement.check_approved',
  'settlement.signed',
  'settlement.cooling_off_expired',
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.callback_requested',
  'appointment.callback_done',
  'complaint.filed',
  'complaint.read',
  'complaint.handled',
  'complaint.closed',
  'complaint.register_read',
  'complaint.register_exported',
  'complaint.file_downloaded',
  'data_export.requested',
  'data_export.ready',
  'data_export.failed',
  'data_export.downloaded',
  'data_export.removed',
  'message.sent',
  'feedback.created',
  'lawyer.created',
  'lawyer.deactivated',
  'lawyer.reactivated',
  'retention.account_deleted',
  'retention.file_destroyed',
  'archive.downloaded',
  'backup.failed',
  'audit.read',
  'audit.exported',
  'outbox.read',
  'outbox.retried',
  'insight.exported',
  'invoice.drafted',
  'invoice.issued',
  'invoice.credited',
  'invoice.paid',
  'invoice.refunded',
  'invoice.reminder_sent',
  'invoice.letter_sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The translation key of an action's words; null for an action this list does not know (shown as recorded). */
export const auditActionKey = (action: string): string | null =>
  (AUDIT_ACTIONS as readonly string[]).includes(action) ? `admin.audit.actions.${action}` : null;

export const AuditQuerySchema = z
  .object({
    /** Part of a lawyer's name: lines by that lawyer, or on a case assigned to them (accents and case ignored). */
    lawyer: text().trim().max(200).optional(),
    /** Part of a client's name: lines on their case, or by them. */
    client: text().trim().max(200).optional(),
    actor: z.string().uuid().optional(),
    action: text()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.-]*$/, 'Ongeldige actie')
      .optional(),
    case: z.string().uuid().optional(),
    from: DateSchema.optional(),
    until: DateSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AdminAuditEventSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  /** Only the non-personal keys (ids, statuses, flags, dates): never titles, reasons or other free text. */
  data: z.record(z.unknown()),
});
export type AdminAuditEvent = z.infer<typeof AdminAuditEventSchema>;
export const AdminAuditResponseSchema = z.object({ data: z.array(AdminAuditEventSchema), meta: AdminPageMetaSchema });

/** GET /api/admin/outbox: pending and failed mails, never their content; the address is masked. */
export const AdminOutboxQuerySchema = z
  .object({ page: z.coerce.number().int().min(1).max(10_000).optional() })
  .strict();
export const AdminOutboxMailSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  status: z.enum(['pending', 'failed']),
  /** `k***@example.com` */
  to: z.string(),
  attempts: z.number().int(),
  /** null for a failed mail: it is not tried again unless retried. */
  next_attempt_at: z.string().nullable(),
  /** SMTP reply code or error code of the last attempt (`550`, `ECONNREFUSED`, `expired`), no text. */
  last_error_code: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOutboxMail = z.infer<typeof AdminOutboxMailSchema>;
export const AdminOutboxResponseSchema = z.object({ data: z.array(AdminOutboxMailSchema), meta: AdminPageMetaSchema });
