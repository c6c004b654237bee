import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Message } from '../../contract/messages';
import { MESSAGES_PAGE_SIZE } from '../../contract/messages';
import type { Db } from '../infra/db/client';
import { preparedQuery } from '../infra/db/prepared';
import { caseLawyers, caseStandIns, cases, documents, messages, users } from '../infra/db/schema';
import { queryRows, ts } from '../infra/db/sql';
import { toPersonReference } from '../documents/mapping';
import { lockOpenCase } from '../cases/lock';
import { createGeneralDocument, type StoredFile } from '../documents/queries';
import { emit, provideMessageReads, withEvents } from '../domain-events';
import { MAX_DOCUMENT_TITLE } from '../../contract/documents';

export type MessageRow = typeof messages.$inferSelect;
export type Role = 'client' | 'lawyer';
export const otherSide = (role: Role): Role => (role === 'client' ? 'lawyer' : 'client');

/** Keyset position of a message: newer pages never shift older ones. */
export type Cursor = { createdAt: Date; id: string };

const CURSOR = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const encodeCursor = (c: Cursor) => Buffer.from(`${c.createdAt.getTime()}_${c.id}`).toString('base64url');
export function decodeCursor(value: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(value)) return null;
  const match = CURSOR.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

/** The message's author is a lawyer. */
const lawyerAuthor = sql`${messages.authorRole} = 'lawyer'`;
/** The stand-in `s` is one on the message's case, by its author. */
const standInAuthor = sql`s.case_id = ${messages.caseId} AND s.lawyer_id = ${messages.authorId}`;

const messageColumns = {
  message: messages,
  author: { id: users.id, name: users.name, infix: users.infix, lastName: users.lastName, email: users.email },
  document: { id: documents.id, title: documents.title, filename: documents.filename, extension: documents.extension },
  // A lawyer's message written on a day they stood in on this case (the day in the firm's time zone).
  standIn: sql<boolean>`(${lawyerAuthor} AND EXISTS (SELECT 1 FROM ${caseStandIns} s WHERE ${standInAuthor}
    AND (${messages.createdAt} AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN s.from_date AND s.until_date))`,
};

type Joined = {
  message: MessageRow;
  standIn: boolean | string | null;
  author: { id: string; name: string | null; infix: string | null; lastName: string | null; email: string } | null;
  document: { id: string; title: string; filename: string | null; extension: string | null } | null;
};

/** The one place a message row becomes the API's Message. */
export function toMessage(row: Joined): Message {
  const m = row.message;
  return {
    id: m.id,
    case_id: m.caseId,
    author: toPersonReference(row.author),
    author_role: m.authorRole,
    author_stand_in: row.standIn === true || row.standIn === 't',
    text: m.text,
    attachment: row.document
      ? {
          id: row.document.id,
          title: row.document.title,
          filename: row.document.filename,
          extension: row.document.extension,
        }
      : null,
    created_at: m.createdAt.toISOString(),
    read_at: m.readAt?.toISOString() ?? null,
  };
}

const selectMessages = (db: Db) =>
  db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(documents, eq(documents.id, messages.documentId));

/** The newest page of a case's conversation (what every visit opens), as a query built once per database. */
const newestMessages = preparedQuery((db) =>
  selectMessages(db)
    .where(eq(messages.caseId, sql.placeholder('caseId')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .prepare('newest_messages'),
);

/** One page of a case's messages, newest first, before the cursor; read through (case_id, created_at, id). */
export async function listMessages(
  db: Db,
  caseId: string,
  before: Cursor | null,
): Promise<{ data: Message[]; nextCursor: string | null }> {
  const rows = before
    ? await selectMessages(db)
        .where(
          and(
            eq(messages.caseId, caseId),
            sql`(${messages.createdAt}, ${messages.id}) < (${ts(before.createdAt)}, ${before.id}::uuid)`,
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(MESSAGES_PAGE_SIZE + 1)
    : await newestMessages(db).execute({ caseId });
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map(toMessage),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE && last ? encodeCursor(last.message) : null,
  };
}

export async function getMessage(db: Db, id: string): Promise<Message | null> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  return row ? toMessage(row) : null;
}

export async function findMessageRow(db: Db, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ?? null;
}

export async function insertMessage(
  db: Db,
  input: { caseId: string; authorId: string; authorRole: Role; text: string; documentId: string | null; now: Date },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      caseId: input.caseId,
      authorId: input.authorId,
      authorRole: input.authorRole,
      text: input.text,
      documentId: input.documentId,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('Message not created');
  return row;
}

/** How many messages of the other side `reader` has not read in this case. */
export async function unreadInCase(db: Db, caseId: string, reader: Role): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.caseId, caseId), eq(messages.authorRole, otherSide(reader)), isNull(messages.readAt)));
  return Number(row?.count ?? 0);
}

/** The user's unread messages per case (only cases with unread messages). */
export async function unreadCounts(
  db: Db,
  userId: string,
  role: Role,
): Promise<{ case_id: string; client_name: string; count: number }[]> {
  const caseJoin = sql`JOIN ${cases} c ON c.id = m.case_id`;
  const access =
    role === 'lawyer'
      ? sql`JOIN ${caseLawyers} cl ON cl.case_id = m.case_id AND cl.lawyer_id = ${userId} ${caseJoin}`
      : sql`JOIN ${cases} c ON c.id = m.case_id AND c.client_id = ${userId}`;
  const rows = await queryRows<{ case_id: string; client_name: string; count: number }>(
    db,
    sql`SELECT m.case_id, c.client_name, count(*)::int AS count FROM ${messages} m ${access}
        WHERE m.read_at IS NULL AND m.author_role = ${otherSide(role)}
        GROUP BY m.case_id, c.client_name ORDER BY c.client_name, m.case_id`,
  );
  return rows.map((r) => ({ case_id: r.case_id, client_name: r.client_name, count: Number(r.count) }));
}

/**
 * Marks the other side's unread messages of a case read, up to and including `upTo`.
 * Returns null when `upTo` is not a message of this case, else how many were marked.
 */
export async function markRead(
  db: Db,
  input: { caseId: string; reader: Role; upTo: string; now: Date },
): Promise<number | null> {
  const [anchor] = await db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, input.upTo), eq(messages.caseId, input.caseId)));
  if (!anchor) return null;
  const rows = await db
    .update(messages)
    .set({ readAt: input.now })
    .where(
      and(
        eq(messages.caseId, input.caseId),
        ne(messages.authorRole, input.reader),
        isNull(messages.readAt),
        sql`(${messages.createdAt}, ${messages.id}) <= (${ts(anchor.createdAt)}, ${anchor.id}::uuid)`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * Deletes the author's own message while it is younger than `since`; one statement, so a late request cannot slip in.
 */
export async function deleteOwnMessage(db: Db, input: { id: string; authorId: string; since: Date }): Promise<boolean> {
  const rows = await db
    .delete(messages)
    .where(
      and(
        eq(messages.id, input.id),
        eq(messages.authorId, input.authorId),
        sql`${messages.createdAt} > ${ts(input.since)}`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

/**
 * Sends a message, with its attachment stored as a general case document, and records it, in
 * one transaction. Returns the new message's id.
 */
export async function sendMessage(
  db: Db,
  input: {
    caseId: string;
    author: { userId: string; role: Role };
    text: string;
    file: { id: string; stored: StoredFile } | null;
    now: Date;
  },
): Promise<string> {
  const { caseId, author, text, file, now } = input;
  return withEvents(db, async (tx) => {
    // A 'Voltooid' case takes no message; an attachment is a document, which a closed case no longer takes.
    await lockOpenCase(tx, caseId, 'message');
    if (file) {
      const title = (file.stored.filename || 'Bijlage').slice(0, MAX_DOCUMENT_TITLE);
      await createGeneralDocument(tx, {
        id: file.id,
        caseId,
        title,
        file: file.stored,
        userId: author.userId,
        byClient: author.role === 'client',
        now,
      });
    }
    const row = await insertMessage(tx, {
      caseId,
      authorId: author.userId,
      authorRole: author.role,
      text,
      documentId: file?.id ?? null,
      now,
    });
    // The timeline shows 'bericht verstuurd' for this, never the text.
    await emit(tx, {
      actorId: author.userId,
      action: 'message.sent',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: { message_id: row.id, attachment: file !== null },
      at: now,
    });
    return row.id;
  });
}

/**
 * Marks the other side's messages up to one as read and records it (when any were unread); null for an unknown message.
 */
export async function markMessagesRead(
  db: Db,
  input: { caseId: string; reader: { userId: string; role: Role }; upTo: string; now: Date },
): Promise<number | null> {
  const { caseId, reader, upTo, now } = input;
  return withEvents(db, async (tx) => {
    const count = await markRead(tx, { caseId, reader: reader.role, upTo, now });
    if (count)
      await emit(tx, {
        actorId: reader.userId,
        action: 'message.read',
        subjectType: 'case',
        subjectId: caseId,
        data: { up_to: upTo, read_at: now.toISOString(), reader: reader.role },
        at: now,
      });
    return count;
  });
}

/** Deletes one's own message within the window and records it; false when it is gone or too old. */
export async function deleteMessage(
  db: Db,
  input: { row: MessageRow; author: { userId: string; role: Role }; since: Date; now: Date },
): Promise<boolean> {
  const { row, author, since, now } = input;
  return withEvents(db, async (tx) => {
    await lockOpenCase(tx, row.caseId, 'message');
    const gone = await deleteOwnMessage(tx, { id: row.id, authorId: author.userId, since });
    if (gone)
      await emit(tx, {
        actorId: author.userId,
        action: 'message.deleted',
        subjectType: 'message',
        subjectId: row.id,
        caseId: row.caseId,
        data: { author_role: author.role, was_unread: !row.readAt },
        at: now,
      });
    return gone;
  });
}

// The live rules of the message kinds (domain-events/live.ts) read through these; every message
// event is emitted from this module, so they are provided before the first one.
provideMessageReads({ message: getMessage, unreadInCase });
