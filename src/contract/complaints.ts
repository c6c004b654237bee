import { z } from 'zod';
import { text } from './text';

/** Longest complaint, handling note or outcome text. */
export const COMPLAINT_TEXT_MAX = 10_000;

export const COMPLAINT_STATUSES = ['received', 'in_progress', 'closed'] as const;
export const ComplaintStatusSchema = z.enum(COMPLAINT_STATUSES);
export type ComplaintStatus = z.infer<typeof ComplaintStatusSchema>;

/** Most documents one complaint may carry. */
export const COMPLAINT_FILES_MAX = 5;

/** A complaint, handling note or outcome: free text, so line breaks are kept. */
const complaintText = () => text({ multiline: true }).trim();

/**
 * POST /api/complaints: the client's complaint, in their own words. As JSON, or as multipart with
 * the same `text` field and up to COMPLAINT_FILES_MAX file parts (the document upload rules).
 */
export const CreateComplaintRequestSchema = z.object({ text: complaintText().min(1).max(COMPLAINT_TEXT_MAX) }).strict();
export type CreateComplaintRequest = z.infer<typeof CreateComplaintRequestSchema>;

/** 201 of POST /api/complaints. `answer_by`: YYYY-MM-DD, the date by which the firm answers. */
export const ComplaintReceiptSchema = z.object({
  id: z.string().uuid(),
  status: ComplaintStatusSchema,
  answer_by: z.string(),
});
export const ComplaintReceiptResponseSchema = z.object({ data: ComplaintReceiptSchema });

/** The independent body a client may turn to after the firm's answer, and the months they have for it. */
export const ComplaintsBodySchema = z.object({ name: z.string(), url: z.string().url(), months: z.number().int() });

/** A document attached to a complaint; downloaded with POST /api/complaint-files/{id}/download. */
export const ComplaintFileSchema = z.object({
  id: z.string().uuid(),
  filename: z.string(),
  size_bytes: z.number().int(),
});
export type ComplaintFile = z.infer<typeof ComplaintFileSchema>;

/** GET /api/complaints/mine: the client's own complaints, with status and outcome. */
export const MyComplaintSchema = z.object({
  id: z.string().uuid(),
  text: z.string(),
  status: ComplaintStatusSchema,
  answer_by: z.string(),
  outcome: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  files: z.array(ComplaintFileSchema),
});
export type MyComplaint = z.infer<typeof MyComplaintSchema>;
export const MyComplaintsResponseSchema = z.object({ data: z.array(MyComplaintSchema), body: ComplaintsBodySchema });

/** GET /api/admin/complaints: the register, as the complaints officer reads it. */
export const RegisterComplaintSchema = MyComplaintSchema.extend({
  client_name: z.string(),
  case_id: z.string().uuid().nullable(),
  lawyer_names: z.array(z.string()),
  handling: z.string().nullable(),
  officer_name: z.string().nullable(),
});
export type RegisterComplaint = z.infer<typeof RegisterComplaintSchema>;
export const ComplaintRegisterResponseSchema = z.object({ data: z.array(RegisterComplaintSchema) });
export const RegisterComplaintResponseSchema = z.object({ data: RegisterComplaintSchema });

/** POST /api/admin/complaints/{id}/handling: what the officer did (the complaint is then in progress). */
export const ComplaintHandlingRequestSchema = z
  .object({ handling: complaintText().min(1).max(COMPLAINT_TEXT_MAX) })
  .strict();
/** POST /api/admin/complaints/{id}/outcome: the written outcome closes the complaint. */
export const ComplaintOutcomeRequestSchema = z
  .object({
    outcome: complaintText().min(1).max(COMPLAINT_TEXT_MAX),
    handling: complaintText().max(COMPLAINT_TEXT_MAX).optional(),
  })
  .strict();

/** POST /api/admin/admins/{id}/complaints-officer and GET /api/admin/admins. */
export const ComplaintsOfficerRequestSchema = z.object({ complaints_officer: z.boolean() }).strict();
export const AdminAccountSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  complaints_officer: z.boolean(),
});
export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export const AdminAccountsResponseSchema = z.object({ data: z.array(AdminAccountSchema) });
export const AdminAccountResponseSchema = z.object({ data: AdminAccountSchema });
