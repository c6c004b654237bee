import type { FastifyRequest } from 'fastify';
import { and, eq, ne, isNull } from 'drizzle-orm';
import { tokens, users } from '../db/schema';
import { AppError, fieldError } from '../errors/errors';
import { generateLoginCode, hmac } from '../lib/crypto';
import { CODE_TTL_MS, registerCodeRequest, storeCode, verifyCode } from '../auth/queries';
import { securityLog } from '../http/security-log';
import { enqueueMail } from '../outbox/outbox';
import type { Db } from '../db/client';

export const EMAIL_CHANGE_SENT_MESSAGE = 'We hebben een code gestuurd naar het nieuwe e-mailadres. Vul die code in om de wijziging te bevestigen.';
export const EMAIL_CHANGE_TOO_SOON_MESSAGE = 'Je hebt net al een code aangevraagd. Wacht een minuut en probeer het opnieuw.';
export const EMAIL_CHANGE_INVALID_MESSAGE = 'De code is ongeldig of verlopen. Vraag een nieuwe code aan als het niet lukt.';
export const EMAIL_CHANGE_VOIDED_MESSAGE = 'Deze code is niet meer geldig. Vraag een nieuwe code aan.';
export const EMAIL_CHANGE_LOCKED_MESSAGE = 'Te veel mislukte pogingen. Probeer het over een uur opnieuw.';
export const EMAIL_CHANGE_UNAVAILABLE_MESSAGE = 'Dit e-mailadres kan niet worden gebruikt. Kies een ander e-mailadres.';

const throttleKeyOf = (secret: string, email: string) => hmac(secret, 'login-throttle', email).toString('hex');
const confirmKeyOf = (secret: string, userId: string) => hmac(secret, 'login-throttle', `email-change:${userId}`).toString('hex');
const codeHashOf = (secret: string, userId: string, code: string) => hmac(secret, 'email-change-code', `${userId}:${code}`);

/**
 * PATCH /api/user with a new address: nothing changes yet. A code goes to the new address, or,
 * when that address already has an account, a warning goes there instead. Both cases do the
 * same database work and answer the same; only the mail differs, and it is sent after the request.
 */
export async function requestEmailChange(request: FastifyRequest, userId: string, newEmail: string): Promise<void> {
  const { db, clock, config } = request.server.deps;
  const now = clock.now();
  const keyHash = throttleKeyOf(config.appSecret, newEmail);
  if (!(await registerCodeRequest(db, keyHash, now))) throw new AppError('too_many_requests', EMAIL_CHANGE_TOO_SOON_MESSAGE);
  const code = generateLoginCode();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await storeCode(tx, { keyHash, purpose: 'email_change', userId, newEmail, codeHash: codeHashOf(config.appSecret, userId, code), now });
    const [holder] = await tx.select({ id: users.id, language: users.language, name: users.name }).from(users).where(eq(users.email, newEmail)).limit(1);
    const [requester] = await tx.select({ language: users.language, name: users.name }).from(users).where(eq(users.id, userId));
    // Both branches write one row by address, so they take alike time (the answer is the same).
    if (holder) await enqueueMail(tx, { kind: 'email_taken', to: { address: newEmail, language: holder.language, name: holder.name, userId: holder.id }, payload: {}, now });
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
  securityLog(request, 'email_change.requested', { userId });
}

/** POST /api/user/email/confirm: under the same code rules and limits as login. */
export async function confirmEmailChange(request: FastifyRequest, userId: string, tokenId: string, code: string): Promise<void> {
  const { db, clock, config } = request.server.deps;
  const now = clock.now();
  const result = await verifyCode(db, {
    throttleKey: confirmKeyOf(config.appSecret, userId),
    find: { purpose: 'email_change', userId },
    codeHash: codeHashOf(config.appSecret, userId, code),
    now,
    onSuccess: async (tx, row) => {
      const newEmail = row.newEmail;
      if (!newEmail) return null;
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
      if (holder) return { taken: true as const };
      const [old] = await tx.select({ email: users.email, language: users.language, name: users.name }).from(users).where(eq(users.id, userId));
      if (!old) return null;
      // The old address hears of the change, in the same transaction.
      await enqueueMail(tx as unknown as Db, { kind: 'email_changed', to: { address: old.email, language: old.language, name: old.name, userId }, payload: {}, now });
      await tx.update(users).set({ email: newEmail, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.userId, userId), ne(tokens.id, tokenId), isNull(tokens.revokedAt)));
      return { taken: false as const, oldEmail: old.email };
    },
  }).catch((error: unknown) => {
    // Two accounts confirming the same new address at once: the unique index decides.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      return { outcome: 'ok' as const, value: { taken: true as const } };
    }
    throw error;
  });
  if (result.outcome === 'ok' && !result.value.taken) {
    // The other sessions were revoked with the change: their live-event streams end too.
    await request.server.events.endSessions({ userId, exceptTokenId: tokenId });
    securityLog(request, 'email_change.confirmed', { userId });
    return;
  }
  if (result.outcome === 'ok') {
    securityLog(request, 'email_change.failed', { userId, reason: 'address_taken' });
    throw fieldError('code', EMAIL_CHANGE_UNAVAILABLE_MESSAGE);
  }
  securityLog(request, 'email_change.failed', { userId, reason: result.outcome });
  if (result.outcome === 'locked') throw fieldError('code', EMAIL_CHANGE_LOCKED_MESSAGE);
  if (result.outcome === 'voided') throw fieldError('code', EMAIL_CHANGE_VOIDED_MESSAGE);
  throw fieldError('code', EMAIL_CHANGE_INVALID_MESSAGE);
}
