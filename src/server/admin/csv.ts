import type { AdminAuditEvent } from '../../contract/admin';
import type { Translate } from '../../contract/validation-messages';
import { csvMoment, toCsv } from '../infra/lib/csv';

/**
 * The columns, titled under `admin.audit.csvColumns.` in the translation files. `action` in
 * words (the reader's language), `action_code` as recorded, for filtering in a spreadsheet.
 */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_name',
  'action',
  'action_code',
  'subject_type',
  'subject_id',
  'data',
] as const;

/** The audit lines as the portal's CSV (src/server/infra/lib/csv.ts): Dutch Excel's form, moments in Amsterdam. */
export function auditCsv(
  events: readonly AdminAuditEvent[],
  t: Translate,
  actionLabel: (action: string) => string = (action) => action,
): string {
  const rows = events.map((e) => [
    e.id,
    csvMoment(e.created_at),
    e.actor_id,
    e.actor_name,
    actionLabel(e.action),
    e.action,
    e.subject_type,
    e.subject_id,
    JSON.stringify(e.data),
  ]);
  return toCsv(
    AUDIT_CSV_COLUMNS.map((column) => t(`admin.audit.csvColumns.${column}`)),
    rows,
  );
}
