import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../contract/permissions';
import type { Database, Db } from '../infra/db/client';
import { preparedStatement, type Statement } from '../infra/db/prepared';
import { loginCodes, loginThrottles, tokens, users } from '../infra/db/schema';
import { ts } from '../infra/db/sql';
import { safeEqual } from '../infra/lib/crypto';
import { withEvents } from '../domain-events';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_FAILURES_PER_HOUR = 10;
export const CODE_COOLDOWN_MS = 60_000;
export const MAX_CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export async function findUserByEmail(db: Db, email: string) {
  // A deactivated staff account is treated as unknown: no code is sent, no sign-in.
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
    .limit(1);
  return user ?? null;
}

/** How often a throttled thing may happen: at most once per `cooldownMs` and `maxPerHour` times an hour. */
export type RequestLimits = { cooldownMs: number; maxPerHour: number };
export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a request under one throttle key (a row of login_throttles) in one statement: the
 * limit is checked and counted together, so parallel requests cannot pass it. When refused,
 * the row is read once more, only to say how long to wait (Retry-After).
 */
export async function registerThrottledRequest(
  db: Db,
  keyHash: string,
  now: Date,
  limits: RequestLimits,
): Promise<ThrottleResult> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const cooldownEnd = new Date(now.getTime() - limits.cooldownMs);
  const windowStart = loginThrottles.codeWindowStart;
  const windowExpired = sql`(${windowStart} IS NULL OR ${windowStart} <= ${ts(hourAgo)})`;
  const cooledDown = sql`(${loginThrottles.lastCodeAt} IS NULL OR ${loginThrottles.lastCodeAt} <= ${ts(cooldownEnd)})`;
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
      setWhere: sql`${cooledDown} AND (${windowExpired} OR ${loginThrottles.codesSent} < ${limits.maxPerHour})`,
    })
    .returning({ codesSent: loginThrottles.codesSent });
  if (rows.length === 1) return { allowed: true };
  const [row] = await db
    .select({
      codesSent: loginThrottles.codesSent,
      windowStart: loginThrottles.codeWindowStart,
      lastAt: loginThrottles.lastCodeAt,
    })
    .from(loginThrottles)
    .where(eq(loginThrottles.keyHash, keyHash));
  const waits = [1_000];
  if (row?.lastAt) waits.push(row.lastAt.getTime() + limits.cooldownMs - now.getTime());
  if (row?.windowStart && row.codesSent >= limits.maxPerHour)
    waits.push(row.windowStart.getTime() + HOUR_MS - now.getTime());
  return { allowed: false, retryAfterSeconds: Math.ceil(Math.max(...waits) / 1_000) };
}

/**
 * Counts a login code request for an address in one statement: at most one per `cooldownMs`
 * (60 s unless LOGIN_CODE_COOLDOWN_SECONDS says otherwise) and five per hour. Returns false when
 * the request is over a limit.
 */
export async function registerCodeRequest(
  db: Db,
  keyHash: string,
  now: Date,
  cooldownMs = CODE_COOLDOWN_MS,
): Promise<boolean> {
  return (await registerThrottledRequest(db, keyHash, now, { cooldownMs, maxPerHour: MAX_CODES_PER_HOUR })).allowed;
}

export type CodePurpose = 'login' | 'email_change';
export type CodeRow = typeof loginCodes.$inferSelect;

/**
 * Stores a new code and voids the older open ones: for login those of the address (codes are
 * kept per address, for unknown addresses too, so both do the same work), for an e-mail change
 * those of the account. Only the newest code is valid.
 */
export async function storeCode(
  db: Db,
  input: {
    keyHash: string;
    purpose: CodePurpose;
    userId: string | null;
    newEmail: string | null;
    codeHash: Buffer;
    now: Date;
  },
): Promise<void> {
  const { keyHash, purpose, userId, newEmail, codeHash, now } = input;
  const owner = purpose === 'login' || !userId ? eq(loginCodes.keyHash, keyHash) : eq(loginCodes.userId, userId);
  await withEvents(db, async (tx) => {
    await tx
      .update(loginCodes)
      .set({ voidedAt: now })
      .where(and(owner, eq(loginCodes.purpose, purpose), isNull(loginCodes.consumedAt), isNull(loginCodes.voidedAt)));
    await tx.insert(loginCodes).values({
      keyHash,
      purpose,
      userId,
      newEmail,
      codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
}

export type VerifyResult<T> =
  { outcome: 'ok'; value: T } | { outcome: 'wrong_code' | 'voided' | 'locked' | 'already_used' };

type Tx = Db;

/**
 * Checks a code and counts the try in one transaction that holds the address's throttle row
 * (and then the code row) locked, so parallel guesses are checked and counted one after the
 * other: the fifth wrong try voids the code, at most 10 failures per address per hour are
 * counted (later tries are refused as locked without counting), a correct code that a parallel
 * request already used is not a failure. `onSuccess` runs in the same transaction; when it
 * returns null the try counts as a wrong code (e.g. a login code of an unknown address).
 */
export async function verifyCode<T>(
  db: Db,
  input: {
    throttleKey: string;
    find: { purpose: 'login'; keyHash: string } | { purpose: 'email_change'; userId: string };
    codeHash: Buffer;
    now: Date;
    onSuccess: (tx: Tx, code: CodeRow) => Promise<T | null>;
  },
): Promise<VerifyResult<T>> {
  const { throttleKey, find, codeHash, now } = input;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return withEvents(db, async (tx) => {
    const [throttle] = await tx
      .insert(loginThrottles)
      .values({ keyHash: throttleKey })
      .onConflictDoUpdate({ target: loginThrottles.keyHash, set: { keyHash: sql`excluded.key_hash` } })
      .returning({ failures: loginThrottles.failures, start: loginThrottles.failureWindowStart });
    const windowOpen = Boolean(throttle?.start && throttle.start.getTime() > hourAgo.getTime());
    if (windowOpen && (throttle?.failures ?? 0) >= MAX_FAILURES_PER_HOUR) return { outcome: 'locked' as const };

    const owner = find.purpose === 'login' ? eq(loginCodes.keyHash, find.keyHash) : eq(loginCodes.userId, find.userId);
    const [code] = await tx
      .select()
      .from(loginCodes)
      .where(and(owner, eq(loginCodes.purpose, find.purpose)))
      .orderBy(sql`${loginCodes.createdAt} DESC`)
      .limit(1)
      .for('update');
    const matches = code ? safeEqual(codeHash, code.codeHash) : false;
    const open = Boolean(
      code &&
      !code.consumedAt &&
      !code.voidedAt &&
      code.expiresAt.getTime() > now.getTime() &&
      code.attempts < MAX_CODE_ATTEMPTS,
    );

    if (code && matches && code.consumedAt) return { outcome: 'already_used' as const };
    if (code && matches && open) {
      await tx.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, code.id));
      const value = await input.onSuccess(tx, code);
      if (value !== null) return { outcome: 'ok' as const, value };
    }
    if (code && open && !matches) {
      const lastAttempt = sql`${loginCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS}`;
      await tx
        .update(loginCodes)
        .set({
          attempts: sql`${loginCodes.attempts} + 1`,
          voidedAt: sql`CASE WHEN ${lastAttempt} THEN ${ts(now)} ELSE ${loginCodes.voidedAt} END`,
        })
        .where(eq(loginCodes.id, code.id));
    }
    await tx
      .update(loginThrottles)
      .set(windowOpen ? { failures: sql`${loginThrottles.failures} + 1` } : { failures: 1, failureWindowStart: now })
      .where(eq(loginThrottles.keyHash, throttleKey));
    return { outcome: code && open ? ('wrong_code' as const) : ('voided' as const) };
  });
}

export async function createToken(
  db: Db,
  input: { userId: string; tokenHash: string; now: Date; ttlMs: number },
): Promise<void> {
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
 * The CTE that checks a token: `auth` (user_id, token_id, role, touch) holds one row while the
 * token is not revoked, before its absolute expiry and used within the idle window, and its
 * user is active. `touch` is true when the recorded last use is older than a minute: the caller
 * then records this use (`touchToken`). A statement may select from `auth` and join what it
 * needs, so a request's token and its data come in one round trip. Read-only: a statement with
 * an UPDATE in it (as before) cost the database a quarter more per `GET /api/user`, also in the
 * 59 of 60 seconds when it updated nothing (decision 003 addendum). Written with placeholders
 * (`authValues` gives them), so the statement is built once (db/prepared.ts). The moment is ONE
 * parameter (a Date) and the window's bounds are worked out from it in SQL: the server made and
 * formatted three timestamps per request before, and the driver parsed each back into a Date
 * to format it again (docs/performance.md).
 */
const TOUCH_AGE = sql.raw(`interval '${TOKEN_TOUCH_INTERVAL_MS} milliseconds'`);
/** Whether the token `t`'s recorded use is old enough to record a new one. */
const TOUCH_DUE = sql`t.last_used_at <= clock.now - ${TOUCH_AGE}`;

/**
 * Where a token check reads from: the moment (`clock`: a one-row subquery the planner pulls up),
 * the token `t` and its user `u`, joined only while the token is valid and the user active.
 */
const NOW = sql`${sql.placeholder('now')}::timestamptz`;
const IDLE = sql`${sql.placeholder('idleMs')}::float8 * interval '1 millisecond'`;
const AUTH_FROM = sql`(SELECT ${NOW} AS now, ${IDLE} AS idle) clock
      JOIN ${tokens} t ON t.token_hash = ${sql.placeholder('tokenHash')} AND t.revoked_at IS NULL
        AND t.expires_at > clock.now AND t.last_used_at > clock.now - clock.idle
      JOIN ${users} u ON u.id = t.user_id AND u.deactivated_at IS NULL`;

const AUTH_CTES = sql`auth AS (
      SELECT t.user_id, t.id AS token_id, u.role, t.last_used_at <= clock.now - ${TOUCH_AGE} AS touch FROM ${AUTH_FROM}
    )`;

/** The token check's columns of the token `t` and its user `u`, but for `auth_touch`. */
const TOKEN_OWNER_COLUMNS = sql.raw('t.user_id AS auth_user_id, t.id AS auth_token_id, u.role AS auth_role');

/** Records a token's use (at most once a minute: only when the recorded one is older). */
const TOUCH_TOKEN = preparedStatement(
  sql`UPDATE ${tokens} SET last_used_at = ${NOW}
    WHERE id = ${sql.placeholder('tokenId')}::uuid AND last_used_at <= ${NOW} - ${TOUCH_AGE}`,
);

async function touchToken(database: Pick<Database, 'run'>, tokenId: string, values: AuthValues): Promise<void> {
  await database.run(TOUCH_TOKEN, { now: values.now, tokenId });
}

/** The token check's placeholders: the token's hash, the moment of the request and the idle window. */
export type AuthValues = { tokenHash: string; now: Date; idleMs: number };

/** The values of the token check's placeholders. */
export function authValues(tokenHash: string, now: Date, idleMs: number): AuthValues {
  return { tokenHash, now, idleMs };
}

export type TokenOwner = { userId: string; tokenId: string; role: 'client' | 'lawyer' | 'admin' };
type AuthColumns = {
  auth_user_id: string;
  auth_token_id: string;
  auth_role: 'client' | 'lawyer' | 'admin';
  auth_touch: boolean;
};

/**
 * The token check and a request's data as one flat statement, built once per shape: `columns`
 * may refer to the token's user as `u` and to its id as `t.user_id` (and hang subqueries off
 * them, with placeholders of their own), and the statement answers one row for a valid token and
 * none otherwise. Without a subquery around the check PostgreSQL reads the user once instead of
 * twice: a fifth less of its CPU for `GET /api/user` (docs/performance.md). `plan: 'custom'`
 * when its plan must follow the values (db/prepared.ts).
 */
export function tokenUserStatement(columns: SQL, options: { plan?: 'generic' | 'custom' } = {}): Statement {
  return preparedStatement(
    sql`SELECT ${TOKEN_OWNER_COLUMNS}, ${TOUCH_DUE} AS auth_touch, ${columns}
    FROM ${AUTH_FROM}`,
    options,
  );
}

/**
 * Checks a token and reads the request's data in ONE statement (`tokenUserStatement`; `values`
 * fills the placeholders of its own). Returns null for a token that is not valid; otherwise the
 * owner and the statement's row.
 */
export async function useTokenWith<T extends Record<string, unknown>>(
  database: Pick<Database, 'run'>,
  input: {
    tokenHash: string;
    now: Date;
    idleMs: number;
    statement: Statement;
    values?: Readonly<Record<string, unknown>>;
  },
): Promise<{ owner: TokenOwner; row: T } | null> {
  const auth = authValues(input.tokenHash, input.now, input.idleMs);
  const [first] = await database.run<AuthColumns & T>(input.statement, { ...input.values, ...auth });
  if (!first) return null;
  if (first.auth_touch) await touchToken(database, first.auth_token_id, auth);
  const owner = { userId: first.auth_user_id, tokenId: first.auth_token_id, role: first.auth_role };
  return { owner, row: first };
}

const TOKEN_ONLY = preparedStatement(sql`WITH ${AUTH_CTES} SELECT user_id, token_id, role, touch FROM auth`);

/** Checks a token in one statement (see `AUTH_CTES`), recording its use once a minute. Returns user and role. */
export async function useToken(
  database: Pick<Database, 'run'>,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<TokenOwner | null> {
  const auth = authValues(tokenHash, now, idleMs);
  const rows = await database.run<{
    user_id: string;
    token_id: string;
    role: 'client' | 'lawyer' | 'admin';
    touch: boolean;
  }>(TOKEN_ONLY, auth);
  const row = rows[0];
  if (!row) return null;
  if (row.touch) await touchToken(database, row.token_id, auth);
  return { userId: row.user_id, tokenId: row.token_id, role: row.role };
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

/** An account that may sign in (a deactivated staff account may not), by its address. */
export async function findActiveUserByEmail(db: Db, email: string): Promise<{ id: string; role: Role } | null> {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
    .limit(1);
  return user ?? null;
}
