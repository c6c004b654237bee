import type { FastifyRequest } from 'fastify';
import type { Statement } from '../infra/db/prepared';
import type { Role } from '../../contract/permissions';
import { forbidden, unauthenticated } from '../infra/errors/errors';
import { sha256Hex } from '../infra/lib/crypto';
import { useToken, useTokenWith } from './queries';

export type AuthContext = { userId: string; tokenId: string; role: Role };

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}

/** The scheme is case-insensitive (RFC 9110 section 11.1): `bearer x` is `Bearer x`. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

/** The bearer token of a request, or null when it carries none of the right shape. */
export function bearerToken(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** The signed-in user of this request, or 401. Cached on the request. */
export async function requireUser(request: FastifyRequest): Promise<AuthContext> {
  if (request.authContext) return request.authContext;
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { database, clock, config } = request.server.deps;
  const found = await useToken(database, sha256Hex(token), clock.now(), config.tokenIdleMs);
  if (!found) throw unauthenticated();
  request.authContext = found;
  return request.authContext;
}

/**
 * The signed-in user with the given role (401, 403 as `requireRole`) and the row of a
 * `tokenUserStatement` (auth/queries.ts), read in the same statement as the token check, with
 * `values` for the placeholders of its subqueries. One round trip, a prepared statement, for the
 * hot read routes (GET /api/user, GET /api/cases).
 */
export async function requireUserWith<T extends Record<string, unknown>>(
  request: FastifyRequest,
  query: { statement: Statement; values?: Readonly<Record<string, unknown>>; role?: Role },
): Promise<{ auth: AuthContext; row: T }> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { database, clock, config } = request.server.deps;
  const found = await useTokenWith<T>(database, {
    tokenHash: sha256Hex(token),
    now: clock.now(),
    idleMs: config.tokenIdleMs,
    statement: query.statement,
    ...(query.values ? { values: query.values } : {}),
  });
  if (!found) throw unauthenticated();
  request.authContext = found.owner;
  if (query.role && found.owner.role !== query.role) throw forbidden();
  return { auth: found.owner, row: found.row };
}

/** The signed-in user with the given role, or 403 for the other role. */
export async function requireRole(request: FastifyRequest, role: Role): Promise<AuthContext> {
  const auth = await requireUser(request);
  if (auth.role !== role) throw forbidden();
  return auth;
}
