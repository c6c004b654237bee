import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../contract/permissions';
import { requireUser, type AuthContext } from '../auth/access';
import { cases, documents } from '../infra/db/schema';
import { notFound } from '../infra/errors/errors';
import { isUuid, lawyerMayUseCase, type CaseRow } from '../cases/access';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentAccess = { auth: AuthContext; caseRow: CaseRow; document: DocumentRow };

/**
 * The signed-in user may use this document: a client a visible document of their own case,
 * a lawyer any document of a case assigned to them (or stood in on today). Anything else answers 404.
 */
export async function requireDocumentAccess(
  request: FastifyRequest,
  documentId: string,
  roles: readonly Role[] = ['client', 'lawyer'],
): Promise<DocumentAccess> {
  const auth = await requireUser(request);
  if (!isUuid(documentId) || !roles.includes(auth.role)) throw notFound();
  const { db } = request.server.deps;
  if (auth.role === 'client') {
    const [row] = await db
      .select({ document: documents, caseRow: cases })
      .from(documents)
      .innerJoin(cases, eq(cases.id, documents.caseId))
      .where(and(eq(documents.id, documentId), eq(documents.visible, true), eq(cases.clientId, auth.userId)));
    if (!row) throw notFound();
    return { auth, ...row };
  }
  const [row] = await db
    .select({ document: documents, caseRow: cases })
    .from(documents)
    .innerJoin(cases, eq(cases.id, documents.caseId))
    .where(and(eq(documents.id, documentId), lawyerMayUseCase(auth.userId, request.server.deps.clock.now())));
  if (!row) throw notFound();
  return { auth, ...row };
}
