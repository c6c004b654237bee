import { z } from 'zod';
import { text } from './text';
import { validationKey, type Translate } from './validation-messages';

export const DOCUMENT_STATUSES = ['Not Uploaded', 'Uploaded', 'Approved', 'Rejected'] as const;
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;

export const PersonReferenceSchema = z.object({
  id: z.string().uuid(),
  name: z.string().nullable(),
  infix: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string().optional(),
  email: z.string(),
});
export type PersonReference = z.infer<typeof PersonReferenceSchema>;

export const DocumentSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  filename: z.string().nullable(),
  mandatory: z.boolean(),
  status: DocumentStatusSchema,
  visible: z.boolean(),
  message: z.string().nullable(),
  uploaded_at: z.string().nullable(),
  uploaded_by: PersonReferenceSchema.nullable(),
  rejected_by: PersonReferenceSchema.nullable(),
  approved_by: PersonReferenceSchema.nullable(),
  extension: z.string().nullable(),
  /** The engagement letter and its signed copy: their file can be neither replaced nor deleted (409), nor rejected. */
  locked: z.boolean(),
  /** The client's signed copy of the engagement letter: shown as 'Getekend', never reviewed. */
  signed: z.boolean().optional(),
  /** A link valid for a limited time (`expires_at_unix_time`); null when no file is uploaded. */
  temporary_url: z.string().nullable(),
  expires_at_unix_time: z.number().int().nullable(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentListResponseSchema = z.object({ data: z.array(DocumentSchema) });
export const DocumentResponseSchema = z.object({ data: DocumentSchema });

export const ReviewDocumentRequestSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('Approved') }).strict(),
  z
    .object({
      status: z.literal('Rejected'),
      message: text({ multiline: true }).trim().max(2000).nullable().optional(),
    })
    .strict(),
]);
export type ReviewDocumentRequest = z.infer<typeof ReviewDocumentRequestSchema>;

export const SetVisibilityRequestSchema = z.object({ visible: z.boolean() }).strict();

export const MAX_DOCUMENT_TITLE = 250;
/** The text fields of POST /api/cases/{id}/documents (multipart; the title part comes before the file). */
export const CreateDocumentFieldsSchema = z.object({ title: text().trim().min(1).max(MAX_DOCUMENT_TITLE) }).strict();
export type CreateDocumentFields = z.infer<typeof CreateDocumentFieldsSchema>;

/** Messages of the upload calls (with the client's fallback). */
export const UPLOAD_FAILED_MESSAGE = 'Er is iets fout gegaan bij het uploaden. Probeer het opnieuw.';
/** Translation keys (public/i18n), given in the reader's language. */
export const NO_FILE_MESSAGE = validationKey('noFile');
export const FILE_TOO_LARGE_MESSAGE = validationKey('fileTooLarge');
/** 'Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.' in the language of `translate`. */
export const fileTooLargeMessage = (maxMb: number, translate: Translate) =>
  translate(FILE_TOO_LARGE_MESSAGE, { maxMb });
