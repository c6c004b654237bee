import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { recoveryCodes, staffTwoFactor, twoFactorChallenges, users } from '../infra/db/schema';
import { ts } from '../infra/db/sql';
import { withEvents } from '../domain-events';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const MAX_TWO_FACTOR_FAILURES_PER_HOUR = 10;
export const TWO_FACTOR_LOCK_MS = 3_600_000;
const HOUR_MS = 3_600_000;

export type TwoFactorRow = typeof staffTwoFactor.$inferSelect;

export async function createChallenge(
  db: Db,
  input: { userId: string; challengeHash: string; now: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values({
    userId: input.userId,
    challengeHash: input.challengeHash,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * The one condition of a challenge that can still be answered: not consumed, voided or expired
 * at `now`, and fewer than five tries taken. Read by the lookup, checked again where a try is taken.
 */
function challengeStillOpen(now: Date): SQL {
  const c = twoFactorChallenges;
  const unused = sql`${c.consumedAt} IS NULL AND ${c.voidedAt} IS NULL`;
  return sql`(${unused} AND ${c.expiresAt} > ${ts(now)} AND ${c.attempts} < ${MAX_CHALLENGE_ATTEMPTS})`;
}

/** A challenge that can still be answered (`challengeStillOpen`), of an active account. */
export async function findOpenChallenge(db: Db, challengeHash: string, now: Date) {
  const [row] = await db
    .select({ id: twoFactorChallenges.id, userId: users.id, email: users.email, name: users.name, role: users.role })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(eq(twoFactorChallenges.challengeHash, challengeHash), challengeStillOpen(now), isNull(users.deactivatedAt)),
    );
  return row ?? null;
}

/**
 * Takes one of the challenge's five tries before its answer is judged: the limit is checked and
 * the try counted in one conditional statement, so of any number of parallel answers at most
 * five are judged. False when the challenge is no longer open (used, expired, or out of tries).
 */
export async function takeChallengeTry(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(and(eq(twoFactorChallenges.id, challengeId), challengeStillOpen(now)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/** Gives a try back for an answer that was no guess: a right code that a parallel request used first. */
export async function returnChallengeTry(db: Db, challengeId: string): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} - 1` })
    .where(and(eq(twoFactorChallenges.id, challengeId), sql`${twoFactorChallenges.attempts} > 0`));
}

/** Consumes the challenge atomically (its try was taken by takeChallengeTry): of parallel requests exactly one wins. */
export async function consumeChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.id, challengeId),
        isNull(twoFactorChallenges.consumedAt),
        isNull(twoFactorChallenges.voidedAt),
        sql`${twoFactorChallenges.expiresAt} > ${ts(now)}`,
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

export async function getTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  return row ?? null;
}

export const isEnrolled = (row: TwoFactorRow | null): row is TwoFactorRow & { secret: string } =>
  Boolean(row?.enabledAt && row.secret);
export const isLocked = (row: TwoFactorRow | null, now: Date): boolean =>
  Boolean(row?.lockedUntil && row.lockedUntil.getTime() > now.getTime());

/**
 * Counts one failed second step for the account in one statement (window of an hour from the
 * first failure). The tenth failure in the window locks the second step for an hour; `lockedNow`
 * is true for exactly the request that did so, which sends the mail.
 */
export async function registerTwoFactorFailure(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ failures: number; lockedNow: boolean }> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const windowStart = staffTwoFactor.failureWindowStart;
  const expired = sql`(${windowStart} IS NULL OR ${windowStart} <= ${ts(hourAgo)})`;
  const lockUntil = new Date(now.getTime() + TWO_FACTOR_LOCK_MS);
  const locks = sql`NOT ${expired} AND ${staffTwoFactor.failures} + 1 = ${MAX_TWO_FACTOR_FAILURES_PER_HOUR}`;
  const [row] = await db
    .insert(staffTwoFactor)
    .values({ userId, failures: 1, failureWindowStart: now })
    .onConflictDoUpdate({
      target: staffTwoFactor.userId,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${staffTwoFactor.failures} + 1 END`,
        failureWindowStart: sql`CASE WHEN ${expired} THEN ${ts(now)} ELSE ${staffTwoFactor.failureWindowStart} END`,
        lockedUntil: sql`CASE WHEN ${locks} THEN ${ts(lockUntil)} ELSE ${staffTwoFactor.lockedUntil} END`,
      },
    })
    .returning({ failures: staffTwoFactor.failures });
  const failures = row?.failures ?? 0;
  return { failures, lockedNow: failures === MAX_TWO_FACTOR_FAILURES_PER_HOUR };
}

/** Keeps a new secret (encrypted) until a code from it is confirmed; replaces an earlier pending one. */
export async function storePendingSecret(db: Db, userId: string, encrypted: string): Promise<void> {
  await db
    .insert(staffTwoFactor)
    .values({ userId, pendingSecret: encrypted })
    .onConflictDoUpdate({ target: staffTwoFactor.userId, set: { pendingSecret: encrypted } });
}

/** Accepts a TOTP time step once: only a step newer than the last accepted one passes (no replay). */
export async function acceptStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(staffTwoFactor.userId, userId), sql`${staffTwoFactor.lastStep} < ${step}`))
    .returning({ userId: staffTwoFactor.userId });
  return rows.length === 1;
}

/**
 * Makes the pending secret the account's secret and stores new recovery codes, in one
 * transaction. `pending` guards against a parallel setup that replaced the secret meanwhile.
 */
export async function activatePendingSecret(
  db: Db,
  input: { userId: string; pending: string; step: number; codeHashes: string[]; now: Date },
): Promise<boolean> {
  return withEvents(db, async (tx) => {
    const rows = await tx
      .update(staffTwoFactor)
      .set({ secret: input.pending, pendingSecret: null, enabledAt: input.now, lastStep: input.step })
      .where(and(eq(staffTwoFactor.userId, input.userId), eq(staffTwoFactor.pendingSecret, input.pending)))
      .returning({ userId: staffTwoFactor.userId });
    if (rows.length !== 1) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    await tx
      .insert(recoveryCodes)
      .values(input.codeHashes.map((codeHash) => ({ userId: input.userId, codeHash, createdAt: input.now })));
    return true;
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[], now: Date): Promise<void> {
  await withEvents(db, async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  });
}

/**
 * Uses one recovery code, atomically: a code works once. 'used' for a code of the account that
 * was used before (or by a parallel request a moment ago): no guess, so no failure is counted.
 */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<'ok' | 'used' | 'wrong'> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (rows.length === 1) return 'ok';
  const [used] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)));
  return used ? 'used' : 'wrong';
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** The id, address and name of an account (for the second-factor steps of 'Mijn account'). */
export async function getAccountContact(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; name: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
