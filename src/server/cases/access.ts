import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { requireUser, type AuthContext } from '../auth/access';
import { caseLawyers, cases } from '../db/schema';
import { notFound } from '../errors/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type CaseRow = typeof cases.$inferSelect;
export type CaseAccess = { auth: AuthContext; caseRow: CaseRow };

/**
 * The signed-in user may use this case: a client their own case, a lawyer a case assigned
 * to them. Anything else answers 404, exactly like a case that does not exist.
 */
export async function requireCaseAccess(request: FastifyRequest, caseId: string, roles: readonly ('client' | 'lawyer')[] = ['client', 'lawyer']): Promise<CaseAccess> {
  const auth = await requireUser(request);
  if (!isUuid(caseId) || !roles.includes(auth.role)) throw notFound();
  const { db } = request.server.deps;
  if (auth.role === 'client') {
    const [caseRow] = await db
      .select()
      .from(cases)
      .where(and(eq(cases.id, caseId), eq(cases.clientId, auth.userId)));
    if (!caseRow) throw notFound();
    return { auth, caseRow };
  }
  const [row] = await db
    .select({ caseRow: cases })
    .from(cases)
    .innerJoin(caseLawyers, and(eq(caseLawyers.caseId, cases.id), eq(caseLawyers.lawyerId, auth.userId)))
    .where(eq(cases.id, caseId));
  if (!row) throw notFound();
  return { auth, caseRow: row.caseRow };
}

/** The signed-in client's own case, or 404 when they have none. */
export async function requireOwnCase(request: FastifyRequest): Promise<CaseAccess> {
  const auth = await requireUser(request);
  if (auth.role !== 'client') throw notFound();
  const [caseRow] = await request.server.deps.db.select().from(cases).where(eq(cases.clientId, auth.userId));
  if (!caseRow) throw notFound();
  return { auth, caseRow };
}
