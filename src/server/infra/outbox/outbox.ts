import { eq } from 'drizzle-orm';
import type { UserLanguage } from '../../../contract/notifications';
import type { Db } from '../db/client';
import { outbox, users } from '../db/schema';
import { MAIL_KINDS, type MailKind, type MailPayloads } from './kinds';

/** A user of the portal (address, language and preferences are read from the row), or a bare address. */
export type MailRecipient =
  { userId: string } | { address: string; language?: UserLanguage; userId?: string | null; name?: string | null };

export type EnqueueMail<K extends MailKind> = {
  kind: K;
  to: MailRecipient;
  payload: MailPayloads[K];
  now: Date;
  /** At most one mail per key, ever (e.g. `deletion-30:<case id>`); a second enqueue is a no-op. */
  dedupeKey?: string;
  /** Not sent before this moment (an appointment's moves wait so that moves close together go out as one). */
  sendAt?: Date;
  /** Not sent after this moment (login codes: 10 minutes). */
  expiresAt?: Date;
};

/**
 * Writes one mail to the outbox. Call it with the transaction of the change that causes the
 * mail, so the mail exists exactly when the change was committed; the worker sends it.
 * Returns false when nothing was queued: the user does not exist, turned this kind off,
 * or the dedupe key was used before.
 */
export async function enqueueMail<K extends MailKind>(db: Db, input: EnqueueMail<K>): Promise<boolean> {
  const definition = MAIL_KINDS[input.kind];
  let address: string;
  let language: string;
  let recipientId: string | null;
  let name: string | null;
  if ('address' in input.to) {
    address = input.to.address.toLowerCase();
    language = input.to.language ?? 'nl-NL';
    recipientId = input.to.userId ?? null;
    name = input.to.name ?? null;
  } else {
    const [user] = await db
      .select({
        email: users.email,
        language: users.language,
        name: users.name,
        optOuts: users.mailOptOuts,
        emailNotices: users.emailNotices,
      })
      .from(users)
      .where(eq(users.id, input.to.userId));
    if (!user) return false;
    // A topic turned off, or the whole e-mail channel of the optional mails ('Meldingen').
    if (definition.topic && (!user.emailNotices || user.optOuts.includes(definition.topic))) return false;
    address = user.email;
    language = user.language;
    recipientId = input.to.userId;
    name = user.name;
  }
  const inserted = await db
    .insert(outbox)
    .values({
      kind: input.kind,
      recipientId,
      toAddress: address,
      language,
      payload: { name, ...input.payload },
      digest: definition.digest,
      nextAttemptAt: input.sendAt ?? input.now,
      expiresAt: input.expiresAt ?? null,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return inserted.length > 0;
}

/**
 * The same database work as enqueueMail for a user, sending nothing: for answers that must not
 * reveal whether an address belongs to a user (POST /api/code), so both paths take alike time.
 * It writes a row of the same shape that is already 'skipped' (no address, no code), so the
 * insert, its indexes and its trigger cost what a real login-code row costs.
 */
export async function enqueueNothing(db: Db, now: Date): Promise<void> {
  await db
    .select({ email: users.email, language: users.language, name: users.name, optOuts: users.mailOptOuts })
    .from(users)
    .where(eq(users.id, '00000000-0000-0000-0000-000000000000'));
  await db
    .insert(outbox)
    .values({
      kind: 'login_code',
      recipientId: null,
      toAddress: '',
      language: 'nl-NL',
      payload: { name: null, code: '------', minutes: 10 },
      digest: false,
      status: 'skipped',
      nextAttemptAt: now,
      expiresAt: now,
      dedupeKey: null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
}
