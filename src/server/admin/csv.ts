import { stringify } from 'csv-stringify/sync';
import type { AdminAuditEvent } from '../../contract/admin';

/** `action` in words (the reader's language), `action_code` as recorded, for filtering in a spreadsheet. */
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

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe (OWASP "CSV injection"); quoting and escaping are csv-stringify's (RFC 4180).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The audit lines as RFC 4180 CSV: CRLF line ends, a header row, quotes where needed, UTF-8 BOM for spreadsheets. */
export function auditCsv(
  events: readonly AdminAuditEvent[],
  actionLabel: (action: string) => string = (action) => action,
): string {
  const rows = events.map((e) => [
    String(e.id),
    e.created_at,
    e.actor_id ?? '',
    neutraliseFormula(e.actor_name ?? ''),
    neutraliseFormula(actionLabel(e.action)),
    neutraliseFormula(e.action),
    neutraliseFormula(e.subject_type),
    neutraliseFormula(e.subject_id),
    neutraliseFormula(JSON.stringify(e.data)),
  ]);
  const csv = stringify([[...AUDIT_CSV_COLUMNS], ...rows], { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
  return `\uFEFF${csv}`;
}
