import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Role } from '../../contract/permissions';
import { forbidden, unauthenticated } from '../errors/errors';
import { sha256Hex } from '../lib/crypto';
import { useToken, useTokenWith } from './queries';

export type AuthContext = { userId: string; tokenId: string; role: Role };

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** The signed-in user of this request, or 401. Cached on the request. */
export async function requireUser(request: FastifyRequest): Promise<AuthContext> {
  if (request.authContext) return request.authContext;
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const { db, clock, config } = request.server.deps;
  const found = await useToken(db, sha256Hex(match[1]), clock.now(), config.tokenIdleMs);
  if (!found) throw unauthenticated();
  request.authContext = found;
  return request.authContext;
}

/**
 * The signed-in user with the given role (401, 403 as `requireRole`) and the rows of `select`,
 * read in the same statement as the token (`useTokenWith`: `select` may refer to
 * `auth.user_id`). One round trip for the hot read routes (GET /api/user, GET /api/cases).
 */
export async function requireUserWith<T extends Record<string, unknown>>(
  request: FastifyRequest,
  query: { select: SQL; orderBy?: string; role?: Role },
): Promise<{ auth: AuthContext; rows: T[] }> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const { db, clock, config } = request.server.deps;
  const found = await useTokenWith<T>(db, { tokenHash: sha256Hex(match[1]), now: clock.now(), idleMs: config.tokenIdleMs, select: query.select, orderBy: query.orderBy });
  if (!found) throw unauthenticated();
  request.authContext = found.owner;
  if (query.role && found.owner.role !== query.role) throw forbidden();
  return { auth: found.owner, rows: found.rows };
}

/** The signed-in user with the given role, or 403 for the other role. */
export async function requireRole(request: FastifyRequest, role: Role): Promise<AuthContext> {
  const auth = await requireUser(request);
  if (auth.role !== role) throw forbidden();
  return auth;
}
