import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushOutbox, pushSubscriptions } from '../db/schema';

/**
 * The push notices (src/server/push sends them; their texts are under `notifications.push.` in the
 * translation files). None carries case content: the text says that something happened, never what.
 * - message: a new message from the other side (the client hears of the lawyer's, the lawyers of the client's);
 * - settlement_version: a new version of the settlement agreement;
 * - settlement_reply: the reply deadline of the employer's proposal is tomorrow;
 * - cooling_off_ending: the bedenktijd ends in two days;
 * - appointment_soon: the first conversation starts within 24 hours;
 * - document_rejected: the lawyer rejected a document;
 * - invoice_due: the client's invoice is past its due date (the day the reminder mail goes).
 */
export const PUSH_KINDS = [
  'message',
  'settlement_version',
  'settlement_reply',
  'cooling_off_ending',
  'appointment_soon',
  'document_rejected',
  'invoice_due',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const isPushKind = (kind: string): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind);

/** A notice waits this long: several of a kind within a minute go out as one, and one read meanwhile not at all. */
export const PUSH_COLLAPSE_MS = 60_000;

export type EnqueuePush = {
  userId: string;
  kind: PushKind;
  /** Notices with the same tag within the minute are one; the device shows the newest in place of an older one. */
  tag: string;
  /** Ids only (case, message, document, version), for the check at sending time whether it was read. */
  ref?: Record<string, string>;
  now: Date;
  /** At most one notice per key and device, ever (a reminder of one deadline). */
  dedupeKey?: string;
};

/**
 * Writes one notice to the push outbox for each of the user's devices, in the transaction of its
 * cause; the push worker sends it a minute later. Returns how many devices it was queued for.
 */
export async function enqueuePush(db: Db, input: EnqueuePush): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, input.userId));
  if (devices.length === 0) return 0;
  const inserted = await db
    .insert(pushOutbox)
    .values(
      devices.map((device) => ({
        subscriptionId: device.id,
        kind: input.kind,
        tag: input.tag,
        ref: input.ref ?? {},
        nextAttemptAt: new Date(input.now.getTime() + PUSH_COLLAPSE_MS),
        dedupeKey: input.dedupeKey ? `${input.dedupeKey}:${device.id}` : null,
        createdAt: input.now,
      })),
    )
    // A notice of the same tag still waiting for the device (the pending-tag index) or a key used before: nothing new.
    .onConflictDoNothing()
    .returning({ id: pushOutbox.id });
  return inserted.length;
}
