import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';

/**
 * Keys of an audit line's `data` that carry no personal data: ids (of rows that are deleted
 * with the case, or of staff), status and offer names, version numbers, flags and dates of the
 * firm's own actions. Everything else (document titles, rejection messages, legal-hold
 * reasons, the client's minimal achievement, PDF digests) is removed from the audit lines of
 * a purged case. A key not on this list is removed too, so a new audit field is private until
 * someone decides otherwise here.
 */
export const NON_PERSONAL_AUDIT_KEYS = [
  'from',
  'to',
  'until',
  'cause',
  'case_id',
  'document_id',
  'letter_document_id',
  'message_id',
  'lawyer_id',
  'mandatory',
  'version',
  'replaced',
  'visible',
  'attachment',
  'offer',
  'legal_hold',
  'questions',
  'completed_at',
  'documents_removed',
  'personal_data_removed',
  // The data export: which export and who asked for it (client, lawyer or admin), never its content.
  'export_id',
  'requested_by',
] as const;

/**
 * Removes personal data from every audit line of a case that is being purged (retention):
 * lines on its timeline, lines whose subject is the case or one of its documents, and lines
 * about the client's account. The skeleton stays (who, what, when, and the keys above), with
 * `personal_data_removed: true`. Call it before the case's documents are deleted; it uses only
 * the indexed columns (case_id; subject_type and subject_id). Returns the number of lines changed.
 */
export async function scrubCaseAudit(db: Db, input: { caseId: string; clientId: string }): Promise<number> {
  const allowed = sql.join(
    NON_PERSONAL_AUDIT_KEYS.map((key) => sql`${key}`),
    sql`, `,
  );
  const caseDocuments = sql`SELECT id::text FROM documents WHERE case_id = ${input.caseId}::uuid`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      UPDATE audit_events AS a
      SET data = (
        SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
        FROM jsonb_each(a.data) AS e
        WHERE e.key IN (${allowed})
      ) || '{"personal_data_removed": true}'::jsonb
      WHERE a.id IN (
        SELECT id FROM audit_events WHERE case_id = ${input.caseId}::uuid
        UNION SELECT id FROM audit_events WHERE subject_type = 'case' AND subject_id = ${input.caseId}
        UNION SELECT id FROM audit_events WHERE subject_type = 'document' AND subject_id IN (${caseDocuments})
        UNION SELECT id FROM audit_events WHERE subject_type = 'user' AND subject_id = ${input.clientId}
      )
      AND EXISTS (SELECT 1 FROM jsonb_object_keys(a.data) AS k WHERE k NOT IN (${allowed}))
      RETURNING a.id`,
  );
  return rows.length;
}
