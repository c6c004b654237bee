import { z } from 'zod';

/**
 * The firm's archive ('Archief'): cases whose client's account was deleted 6 months after
 * completion. Read-only, for the admin and the case's lawyers. Dates as ISO strings; `destroy_on`
 * is the day the file is destroyed (FILE_RETENTION_YEARS after completion) unless a legal hold
 * stops it.
 */
export const ArchiveQuerySchema = z.object({
  q: z
    .string()
    .max(200, 'validation.tooLong')
    .refine((value) => !value.includes('\u0000'), 'validation.invalid')
    .optional(),
});

export const ArchivedCaseSchema = z.object({
  case_id: z.string(),
  client_name: z.string(),
  company_name: z.string().nullable(),
  completed_at: z.string().nullable(),
  archived_at: z.string(),
  destroy_on: z.string().nullable(),
  legal_hold: z.boolean(),
  lawyers: z.array(z.string()),
});
export type ArchivedCase = z.infer<typeof ArchivedCaseSchema>;

export const ArchiveListResponseSchema = z.object({ data: z.array(ArchivedCaseSchema) });

export const ArchiveDetailSchema = ArchivedCaseSchema.extend({
  legal_hold_reason: z.string().nullable(),
  counts: z.object({
    documents: z.number(),
    messages: z.number(),
    settlement_versions: z.number(),
    appointments: z.number(),
  }),
  documents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      filename: z.string().nullable(),
      uploaded_at: z.string().nullable(),
      size_bytes: z.number().nullable(),
    }),
  ),
});
export type ArchiveDetail = z.infer<typeof ArchiveDetailSchema>;
export const ArchiveDetailResponseSchema = z.object({ data: ArchiveDetailSchema });

export const FileDestructionSchema = z.object({
  case_id: z.string(),
  client_initials: z.string(),
  completed_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  destroyed_at: z.string(),
  counts: z.record(z.number()),
});
export type FileDestruction = z.infer<typeof FileDestructionSchema>;
export const DestructionsResponseSchema = z.object({ data: z.array(FileDestructionSchema) });

/** The admin's home: the newest good backup (BACKUP_DIR), and a warning when there was none for 26 hours. */
export const BackupStatusSchema = z.object({
  enabled: z.boolean(),
  last_at: z.string().nullable(),
  last_bytes: z.number().nullable(),
  last_failed_at: z.string().nullable(),
  warning: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
export const BackupStatusResponseSchema = z.object({ data: BackupStatusSchema });
