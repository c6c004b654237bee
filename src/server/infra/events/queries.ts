import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { caseLawyers, caseStandIns, cases, eventTickets, tokens, users } from '../db/schema';
import { localDate } from '../lib/local-date';

export const TICKET_TTL_MS = 60_000;

export type StreamOwner = { userId: string; role: 'client' | 'lawyer' | 'admin'; tokenId: string; validUntil: Date };

/**
 * The valid token behind a bearer value, without refreshing its idle time: keeping an event
 * stream open must not keep an idle session alive. `validUntil` is when it expires (idle or absolute).
 */
export async function peekToken(
  db: Db,
  where: { tokenHash: string } | { tokenId: string },
  now: Date,
  idleMs: number,
): Promise<StreamOwner | null> {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      userId: tokens.userId,
      role: users.role,
      expiresAt: tokens.expiresAt,
      lastUsedAt: tokens.lastUsedAt,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(
      and(
        'tokenHash' in where ? eq(tokens.tokenHash, where.tokenHash) : eq(tokens.id, where.tokenId),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, now),
        gt(tokens.lastUsedAt, new Date(now.getTime() - idleMs)),
      ),
    );
  if (!row) return null;
  const idleEnd = row.lastUsedAt.getTime() + idleMs;
  return {
    userId: row.userId,
    role: row.role,
    tokenId: row.tokenId,
    validUntil: new Date(Math.min(idleEnd, row.expiresAt.getTime())),
  };
}

/**
 * Which of these tokens still stand (not revoked, not past their absolute expiry, their user
 * not deleted): the sessions whose event streams may stay open.
 */
export async function liveTokenIds(db: Db, tokenIds: string[], now: Date): Promise<Set<string>> {
  const alive = new Set<string>();
  // In slices, so thousands of streams never make one statement of thousands of parameters.
  for (let start = 0; start < tokenIds.length; start += 500) {
    const rows = await db
      .select({ id: tokens.id })
      .from(tokens)
      .where(
        and(
          inArray(tokens.id, tokenIds.slice(start, start + 500)),
          isNull(tokens.revokedAt),
          gt(tokens.expiresAt, now),
        ),
      );
    for (const row of rows) alive.add(row.id);
  }
  return alive;
}

/** Stores a new ticket (as a hash) for the token; expired tickets are cleared on the way. */
export async function createTicket(db: Db, input: { ticketHash: string; tokenId: string; now: Date }): Promise<Date> {
  const expiresAt = new Date(input.now.getTime() + TICKET_TTL_MS);
  await db.delete(eventTickets).where(lt(eventTickets.expiresAt, input.now));
  await db.insert(eventTickets).values({ ticketHash: input.ticketHash, tokenId: input.tokenId, expiresAt });
  return expiresAt;
}

/** Consumes a ticket in one statement (so it opens at most one stream); the token id when it was valid. */
export async function consumeTicket(db: Db, ticketHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(eventTickets)
    .where(eq(eventTickets.ticketHash, ticketHash))
    .returning({ tokenId: eventTickets.tokenId, expiresAt: eventTickets.expiresAt });
  return row && row.expiresAt > now ? row.tokenId : null;
}

/** The people of a case: its client and its lawyers, with (given `now`) whoever stands in on it that day. */
export async function caseParticipants(
  db: Db,
  caseId: string,
  now?: Date,
): Promise<{ clientId: string | null; lawyerIds: string[] }> {
  const today = now ? localDate(now) : null;
  const onDuty = sql`${caseStandIns.fromDate} <= ${today} AND ${caseStandIns.untilDate} >= ${today}`;
  const standIns = sql`SELECT NULL::uuid, ${caseStandIns.lawyerId} FROM ${caseStandIns}`;
  const rows = await db.execute(sql`
    SELECT ${cases.clientId} AS client_id, NULL::uuid AS lawyer_id FROM ${cases} WHERE ${cases.id} = ${caseId}
    UNION ALL
    SELECT NULL::uuid, ${caseLawyers.lawyerId} FROM ${caseLawyers} WHERE ${caseLawyers.caseId} = ${caseId}
    ${today ? sql`UNION ALL ${standIns} WHERE ${caseStandIns.caseId} = ${caseId} AND ${onDuty}` : sql``}`);
  const list = (rows as unknown as { rows: { client_id: string | null; lawyer_id: string | null }[] }).rows;
  return {
    clientId: list.find((r) => r.client_id)?.client_id ?? null,
    lawyerIds: [...new Set(list.flatMap((r) => (r.lawyer_id ? [r.lawyer_id] : [])))],
  };
}
