import type { Document, PersonReference } from '../../contract/documents';
import { getDisplayName } from '../../contract/rules/display-name';
import type { documents, users } from '../db/schema';
import { signFileLink } from '../files/links';

type DocumentRow = typeof documents.$inferSelect;
type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'infix' | 'lastName' | 'email'>;

export function toPersonReference(person: PersonRow | undefined | null): PersonReference | null {
  if (!person) return null;
  return {
    id: person.id,
    name: person.name,
    infix: person.infix,
    last_name: person.lastName,
    full_name: getDisplayName({ name: person.name, infix: person.infix, last_name: person.lastName }),
    email: person.email,
  };
}

/** The one place a document row becomes the API's Document, with a fresh signed link. */
export function toDocument(row: DocumentRow, people: Map<string, PersonRow>, link: { secret: string; now: Date }): Document {
  const signed = row.storageKey ? signFileLink(link.secret, { kind: 'documents', id: row.id, version: row.version, now: link.now }) : null;
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    mandatory: row.mandatory,
    status: row.status,
    visible: row.visible,
    message: row.message,
    uploaded_at: row.uploadedAt?.toISOString() ?? null,
    uploaded_by: toPersonReference(row.uploadedBy ? people.get(row.uploadedBy) : null),
    rejected_by: toPersonReference(row.rejectedBy ? people.get(row.rejectedBy) : null),
    approved_by: toPersonReference(row.approvedBy ? people.get(row.approvedBy) : null),
    extension: row.extension,
    temporary_url: signed?.url ?? null,
    expires_at_unix_time: signed?.expiresAt ?? null,
  };
}
