import { z } from 'zod';

/** How long a finished export can be downloaded, from the moment it is ready. */
export const DATA_EXPORT_VALID_HOURS = 24;

export const DATA_EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed', 'expired'] as const;
export const DataExportStatusSchema = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

/**
 * A client's data export as they see it: `download_url` is a signed link of a few minutes,
 * given only while the export is ready; `next_request_at` is when a new request is possible
 * (the next day in Amsterdam), null when it is possible now.
 */
export const DataExportSchema = z.object({
  id: z.string().uuid(),
  status: DataExportStatusSchema,
  requested_by: z.enum(['client', 'lawyer', 'admin']),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  download_url: z.string().nullable(),
  next_request_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET /api/user/export: the newest export, or null when there is none. */
export const DataExportResponseSchema = z.object({ data: DataExportSchema.nullable() });

/**
 * 202 of POST /api/user/export and of the staff variants: the export is being made; the link comes by mail to the
 * client.
 */
export const DataExportAcceptedResponseSchema = z.object({ data: DataExportSchema });
