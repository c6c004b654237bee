import { and, eq, ne, isNull, sql } from 'drizzle-orm';
import { tokens, users } from '../infra/db/schema';
import { AppError, fieldError } from '../infra/errors/errors';
import { generateLoginCode, hmac } from '../infra/lib/crypto';
import { CODE_TTL_MS, registerThrottledRequest, storeCode, verifyCode, type RequestLimits } from '../auth/queries';
import type { SecurityDetails, SecurityEvent } from '../infra/http/security-log';
import type { Db } from '../infra/db/client';
import type { EventBus } from '../infra/events/bus';
import { enqueueMail } from '../infra/outbox/outbox';
import { withEvents } from '../domain-events';

// Translation keys (public/i18n, errors.emailChange), given in the request's language.
export const EMAIL_CHANGE_SENT_MESSAGE = 'errors.emailChange.sent';
export const EMAIL_CHANGE_TOO_MANY_MESSAGE = 'errors.emailChange.tooMany';
export const EMAIL_CHANGE_INVALID_MESSAGE = 'errors.emailChange.invalid';
export const EMAIL_CHANGE_VOIDED_MESSAGE = 'errors.emailChange.voided';
export const EMAIL_CHANGE_LOCKED_MESSAGE = 'errors.emailChange.locked';
export const EMAIL_CHANGE_UNAVAILABLE_MESSAGE = 'errors.emailChange.unavailable';

/**
 * Requests (PATCH /api/user with a new address) per account: one a minute, three an hour. Without
 * it one account could mail any number of strangers (audit: e-mail change mail flood).
 */
export const EMAIL_CHANGE_ACCOUNT_LIMITS: RequestLimits = { cooldownMs: 60_000, maxPerHour: 3 };
/** Requests per new address, from all accounts together: one a minute, three an hour. */
export const EMAIL_CHANGE_ADDRESS_LIMITS: RequestLimits = { cooldownMs: 60_000, maxPerHour: 3 };

// Throttle keys of their own ('email-change-throttle'), so e-mail changes never use up the
// login-code quota of an address ('login-throttle'), nor the other way round.
const accountKeyOf = (secret: string, userId: string) =>
  hmac(secret, 'email-change-throttle', `account:${userId}`).toString('hex');
const addressKeyOf = (secret: string, email: string) =>
  hmac(secret, 'email-change-throttle', `address:${email}`).toString('hex');
const confirmKeyOf = (secret: string, userId: string) =>
  hmac(secret, 'login-throttle', `email-change:${userId}`).toString('hex');
const codeHashOf = (secret: string, userId: string, code: string) =>
  hmac(secret, 'email-change-code', `${userId}:${code}`);

/**
 * What the e-mail change needs of the server that received the request (email-change/routes.ts
 * `emailChangeContext`): the database, the moment, the secret its codes and keys are made with,
 * the security log, and the end of other sessions' live streams.
 */
export type EmailChangeContext = {
  db: Db;
  now: Date;
  appSecret: string;
  log: (event: SecurityEvent, details: SecurityDetails) => void;
  endSessions: EventBus['endSessions'];
};

/**
 * PATCH /api/user with a new address: nothing changes yet. A code goes to the new address, or,
 * when that address already has an account, a warning goes there instead. Both cases do the
 * same database work and answer the same; only the mail differs, and it is sent after the request.
 */
export async function requestEmailChange(context: EmailChangeContext, userId: string, newEmail: string): Promise<void> {
  const { db, now, appSecret, log } = context;
  // The account's limit first: an account over it uses up nothing of the address's limit. The
  // same answer for a free and a taken address, and nothing is sent.
  const keyHash = addressKeyOf(appSecret, newEmail);
  for (const [key, limits, reason] of [
    [accountKeyOf(appSecret, userId), EMAIL_CHANGE_ACCOUNT_LIMITS, 'too_many_for_account'],
    [keyHash, EMAIL_CHANGE_ADDRESS_LIMITS, 'too_many_for_address'],
  ] as const) {
    const throttle = await registerThrottledRequest(db, key, now, limits);
    if (!throttle.allowed) {
      log('email_change.failed', { userId, reason });
      throw new AppError('too_many_requests', EMAIL_CHANGE_TOO_MANY_MESSAGE, undefined, {
        'Retry-After': String(throttle.retryAfterSeconds),
      });
    }
  }
  const code = generateLoginCode();
  await withEvents(db, async (tx) => {
    await storeCode(tx, {
      keyHash,
      purpose: 'email_change',
      userId,
      newEmail,
      codeHash: codeHashOf(appSecret, userId, code),
      now,
    });
    const [holder] = await tx
      .select({ id: users.id, language: users.language, name: users.name })
      .from(users)
      .where(eq(users.email, newEmail))
      .limit(1);
    const [requester] = await tx
      .select({ language: users.language, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    // Both branches write one row by address, so they take alike time (the answer is the same).
    if (holder)
      await enqueueMail(tx, {
        kind: 'email_taken',
        to: { address: newEmail, language: holder.language, name: holder.name, userId: holder.id },
        payload: {},
        now,
      });
    else {
      await enqueueMail(tx, {
        kind: 'email_change_code',
        to: { address: newEmail, language: requester?.language ?? 'nl-NL', name: requester?.name ?? null },
        payload: { code, minutes: CODE_TTL_MS / 60_000 },
        now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    }
  });
  log('email_change.requested', { userId });
}

/** POST /api/user/email/confirm: under the same code rules and limits as login. */
export async function confirmEmailChange(
  context: EmailChangeContext,
  userId: string,
  tokenId: string,
  code: string,
): Promise<void> {
  const { db, now, appSecret, log } = context;
  const result = await verifyCode(db, {
    throttleKey: confirmKeyOf(appSecret, userId),
    find: { purpose: 'email_change', userId },
    codeHash: codeHashOf(appSecret, userId, code),
    now,
    onSuccess: async (tx, row) => {
      const newEmail = row.newEmail;
      if (!newEmail) return null;
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
      if (holder) return { taken: true as const };
      const [old] = await tx
        .select({ email: users.email, language: users.language, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      if (!old) return null;
      // The old address hears of the change, in the same transaction.
      await enqueueMail(tx, {
        kind: 'email_changed',
        to: { address: old.email, language: old.language, name: old.name, userId },
        payload: {},
        now,
      });
      // The address is a profile field: a profile form loaded before the change is now stale.
      await tx
        .update(users)
        .set({ email: newEmail, updatedAt: now, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
      await tx
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.userId, userId), ne(tokens.id, tokenId), isNull(tokens.revokedAt)));
      return { taken: false as const, oldEmail: old.email };
    },
  }).catch((error: unknown) => {
    // Two accounts confirming the same new address at once: the unique index decides.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      return { outcome: 'ok' as const, value: { taken: true as const } };
    }
    throw error;
  });
  if (result.outcome === 'ok' && !result.value.taken) {
    // The other sessions were revoked with the change: their live-event streams end too.
    await context.endSessions({ userId, exceptTokenId: tokenId });
    log('email_change.confirmed', { userId });
    return;
  }
  if (result.outcome === 'ok') {
    log('email_change.failed', { userId, reason: 'address_taken' });
    throw fieldError('code', EMAIL_CHANGE_UNAVAILABLE_MESSAGE);
  }
  log('email_change.failed', { userId, reason: result.outcome });
  if (result.outcome === 'locked') throw fieldError('code', EMAIL_CHANGE_LOCKED_MESSAGE);
  if (result.outcome === 'voided') throw fieldError('code', EMAIL_CHANGE_VOIDED_MESSAGE);
  throw fieldError('code', EMAIL_CHANGE_INVALID_MESSAGE);
}
