import type { FastifyRequest } from 'fastify';
import type { Role } from '../../contract/permissions';
import { forbidden, unauthenticated } from '../errors/errors';
import { sha256Hex } from '../lib/crypto';
import { useToken } from './queries';

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

/** The signed-in user with the given role, or 403 for the other role. */
export async function requireRole(request: FastifyRequest, role: Role): Promise<AuthContext> {
  const auth = await requireUser(request);
  if (auth.role !== role) throw forbidden();
  return auth;
}
