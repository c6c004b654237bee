import type { Document, PersonReference } from '../../contract/documents';
import { getDisplayName } from '../../contract/rules/display-name';
import type { documents, users } from '../infra/db/schema';
import { LINK_LIFETIME_MS, signFileLink } from '../infra/files/links';
import { contentDisposition, GENERIC_TYPE, isPreviewable } from '../infra/files/content';
import type { Storage } from '../infra/storage/storage';
import { SIGNED_LETTER_SLOT, isSharedWithClient, isWorkflowDocument } from './workflow-slots';

type DocumentRow = typeof documents.$inferSelect;
/**
 * What a document's temporary_url is made with: a server link signed with `secret`, or a
 * presigned URL when the storage has one (S3). `clientId`: the reader is this client, for whom
 * the documents the lawyer shared are `locked` too.
 */
export type DocumentLink = {
  secret: string;
  now: Date;
  storage?: Pick<Storage, 'presign'>;
  clientId?: string | undefined;
};

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
export function toDocument(
  row: DocumentRow,
  people: Map<string, PersonRow>,
  link: { secret: string; now: Date; clientId?: string | undefined },
): Document {
  const signed = row.storageKey
    ? signFileLink(link.secret, { kind: 'documents', id: row.id, version: row.version, now: link.now })
    : null;
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
    locked: isWorkflowDocument(row.slotKey) || (link.clientId !== undefined && isSharedWithClient(row, link.clientId)),
    signed: row.slotKey === SIGNED_LETTER_SLOT,
    temporary_url: signed?.url ?? null,
    expires_at_unix_time: signed?.expiresAt ?? null,
  };
}

/**
 * Document rows as the API's Documents. On S3 the temporary_url is a presigned GET that
 * expires with the server link would (5 minutes) and makes the store answer with the same
 * safe Content-Type and Content-Disposition the server sends itself.
 */
export async function toDocumentList(
  rows: DocumentRow[],
  people: Map<string, PersonRow>,
  link: DocumentLink,
): Promise<Document[]> {
  const views = rows.map((row) => toDocument(row, people, link));
  const presign = link.storage?.presign;
  if (!presign) return views;
  return Promise.all(
    views.map(async (view, index) => {
      const row = rows[index];
      if (!row?.storageKey) return view;
      const inline = isPreviewable(row.contentType);
      const url = await presign(row.storageKey, {
        expiresInSeconds: LINK_LIFETIME_MS / 1000,
        contentType: inline ? (row.contentType ?? GENERIC_TYPE) : GENERIC_TYPE,
        contentDisposition: contentDisposition(inline ? 'inline' : 'attachment', row.filename ?? 'bestand'),
        now: link.now,
      });
      return { ...view, temporary_url: url };
    }),
  );
}
