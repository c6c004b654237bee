import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginCodes, loginThrottles, tokens, users } from '../db/schema';
import { queryRows, ts } from '../db/sql';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_FAILURES_PER_HOUR = 10;
export const CODE_COOLDOWN_MS = 60_000;
export const MAX_CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/**
 * Counts a code request for an address in one statement: at most one per 60 s and
 * five per hour. Returns false when the request is over a limit.
 */
export async function registerCodeRequest(db: Db, keyHash: string, now: Date): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const cooldownEnd = new Date(now.getTime() - CODE_COOLDOWN_MS);
  const windowExpired = sql`(${loginThrottles.codeWindowStart} IS NULL OR ${loginThrottles.codeWindowStart} <= ${ts(hourAgo)})`;
  const rows = await db
    .insert(loginThrottles)
    .values({ keyHash, codesSent: 1, codeWindowStart: now, lastCodeAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.keyHash,
      set: {
        codesSent: sql`CASE WHEN ${windowExpired} THEN 1 ELSE ${loginThrottles.codesSent} + 1 END`,
        codeWindowStart: sql`CASE WHEN ${windowExpired} THEN ${ts(now)} ELSE ${loginThrottles.codeWindowStart} END`,
        lastCodeAt: now,
      },
      setWhere: sql`(${loginThrottles.lastCodeAt} IS NULL OR ${loginThrottles.lastCodeAt} <= ${ts(cooldownEnd)}) AND (${windowExpired} OR ${loginThrottles.codesSent} < ${MAX_CODES_PER_HOUR})`,
    })
    .returning({ codesSent: loginThrottles.codesSent });
  return rows.length === 1;
}

/** Voids every open code of the user and stores the new one (only the newest code is valid). */
export async function storeLoginCode(db: Db, userId: string, codeHash: Buffer, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ voidedAt: now })
      .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt), isNull(loginCodes.voidedAt)));
    await tx.insert(loginCodes).values({ userId, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
  });
}

/** The same shape of work as storeLoginCode without an effect, so unknown addresses take similar time. */
export async function touchNothing(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ voidedAt: now })
      .where(and(eq(loginCodes.userId, '00000000-0000-0000-0000-000000000000'), isNull(loginCodes.consumedAt)));
  });
}

export async function isLockedOut(db: Db, keyHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ failures: loginThrottles.failures, start: loginThrottles.failureWindowStart })
    .from(loginThrottles)
    .where(eq(loginThrottles.keyHash, keyHash));
  if (!row?.start) return false;
  return row.start.getTime() > now.getTime() - HOUR_MS && row.failures >= MAX_FAILURES_PER_HOUR;
}

/** Counts one failed try for the address, in one statement (window of an hour from the first failure). */
export async function registerFailure(db: Db, keyHash: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const expired = sql`(${loginThrottles.failureWindowStart} IS NULL OR ${loginThrottles.failureWindowStart} <= ${ts(hourAgo)})`;
  await db
    .insert(loginThrottles)
    .values({ keyHash, failures: 1, failureWindowStart: now })
    .onConflictDoUpdate({
      target: loginThrottles.keyHash,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        failureWindowStart: sql`CASE WHEN ${expired} THEN ${ts(now)} ELSE ${loginThrottles.failureWindowStart} END`,
      },
    });
}

export async function findNewestCode(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.userId, userId))
    .orderBy(sql`${loginCodes.createdAt} DESC`)
    .limit(1);
  return row ?? null;
}

/** Consumes the code atomically: of parallel requests with the right code exactly one wins. */
export async function consumeCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginCodes.id, codeId),
        isNull(loginCodes.consumedAt),
        isNull(loginCodes.voidedAt),
        sql`${loginCodes.expiresAt} > ${ts(now)}`,
        sql`${loginCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** One wrong try on a code; the fifth voids it. */
export async function registerWrongTry(db: Db, codeId: string, now: Date): Promise<void> {
  await db
    .update(loginCodes)
    .set({
      attempts: sql`${loginCodes.attempts} + 1`,
      voidedAt: sql`CASE WHEN ${loginCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} THEN ${ts(now)} ELSE ${loginCodes.voidedAt} END`,
    })
    .where(eq(loginCodes.id, codeId));
}

export async function createToken(db: Db, input: { userId: string; tokenHash: string; now: Date; ttlMs: number }): Promise<void> {
  await db.insert(tokens).values({
    userId: input.userId,
    tokenHash: input.tokenHash,
    createdAt: input.now,
    lastUsedAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
}

/** Last use is written at most once a minute per token, so most requests only read. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/**
 * Checks a token in one statement: valid while not revoked, before its absolute expiry and
 * used within the idle window. Records the use (at minute precision). Returns user and role.
 */
export async function useToken(
  db: Db,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<{ userId: string; tokenId: string; role: 'client' | 'lawyer' } | null> {
  const idleSince = new Date(now.getTime() - idleMs);
  const touchBefore = new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS);
  const rows = await queryRows<{ user_id: string; token_id: string; role: 'client' | 'lawyer' }>(
    db,
    sql`
    WITH valid AS (
      SELECT t.id, t.user_id, t.last_used_at FROM ${tokens} t
      WHERE t.token_hash = ${tokenHash} AND t.revoked_at IS NULL
        AND t.expires_at > ${ts(now)} AND t.last_used_at > ${ts(idleSince)}
    ), touched AS (
      UPDATE ${tokens} SET last_used_at = ${ts(now)}
      FROM valid WHERE ${tokens}.id = valid.id AND valid.last_used_at <= ${ts(touchBefore)}
      RETURNING ${tokens}.id
    )
    SELECT valid.user_id, valid.id AS token_id, u.role FROM valid JOIN ${users} u ON u.id = valid.user_id`,
  );
  const row = rows[0];
  return row ? { userId: row.user_id, tokenId: row.token_id, role: row.role } : null;
}

export async function revokeToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(tokens).set({ revokedAt: now }).where(eq(tokens.id, tokenId));
}

export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
}
