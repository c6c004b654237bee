import type { FastifyRequest } from 'fastify';
import { and, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Role } from '../../contract/permissions';
import { requireUser, type AuthContext } from '../auth/access';
import { caseLawyers, caseStandIns, cases } from '../infra/db/schema';
import { preparedQuery } from '../infra/db/prepared';
import { localDate } from '../infra/lib/local-date';
import { notFound } from '../infra/errors/errors';
import { refuseLockedWrite } from './lock';

/** An id as text (case-insensitive); `UUID.source` is the same pattern for SQL's `~*`. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type CaseRow = typeof cases.$inferSelect;
/** Only clients and lawyers ever pass a case check (an admin never reads case content). */
export type CaseAccess = { auth: AuthContext & { role: 'client' | 'lawyer' }; caseRow: CaseRow };

/**
 * The signed-in user may use this case: a client their own case, a lawyer a case assigned
 * to them or on which they stand in today. Anything else (an admin included: admins never
 * read case content) answers 404, exactly like a case that does not exist.
 */
export async function requireCaseAccess(
  request: FastifyRequest,
  caseId: string,
  roles: readonly Role[] = ['client', 'lawyer'],
): Promise<CaseAccess> {
  const signedIn = await requireUser(request);
  if (!isUuid(caseId) || !roles.includes(signedIn.role) || signedIn.role === 'admin') throw notFound();
  const auth = { ...signedIn, role: signedIn.role };
  const { db } = request.server.deps;
  if (auth.role === 'client') {
    const [caseRow] = await caseOfClient(db).execute({ caseId, clientId: auth.userId });
    if (!caseRow) throw notFound();
    refuseLockedWrite(request.method, caseRow);
    return { auth, caseRow };
  }
  const today = localDate(request.server.deps.clock.now());
  const [caseRow] = await caseOfLawyer(db).execute({ caseId, lawyerId: auth.userId, today });
  if (!caseRow) throw notFound();
  refuseLockedWrite(request.method, caseRow);
  return { auth, caseRow };
}

/** The signed-in client's own case, or 404 when they have none. */
export async function requireOwnCase(request: FastifyRequest): Promise<CaseAccess> {
  const signedIn = await requireUser(request);
  if (signedIn.role !== 'client') throw notFound();
  const auth = { ...signedIn, role: signedIn.role };
  const [caseRow] = await ownCase(request.server.deps.db).execute({ clientId: auth.userId });
  if (!caseRow) throw notFound();
  refuseLockedWrite(request.method, caseRow);
  return { auth, caseRow };
}

/** SQL condition: the case (`cases.id`) is assigned to the lawyer, or they stand in on it today. */
export function lawyerMayUseCase(lawyerId: string, now: Date) {
  return lawyerMayUseCaseOn(lawyerId, localDate(now));
}

/** `lawyerMayUseCase` with the lawyer and the day (Europe/Amsterdam, yyyy-mm-dd) as values or placeholders. */
function lawyerMayUseCaseOn(lawyerId: string | SQLWrapper, today: string | SQLWrapper) {
  const assigned = sql`${caseLawyers.caseId} = ${cases.id} AND ${caseLawyers.lawyerId} = ${lawyerId}`;
  const standsIn = sql`${caseStandIns.caseId} = ${cases.id} AND ${caseStandIns.lawyerId} = ${lawyerId}`;
  const onDuty = sql`${caseStandIns.fromDate} <= ${today} AND ${caseStandIns.untilDate} >= ${today}`;
  return or(
    sql`EXISTS (SELECT 1 FROM ${caseLawyers} WHERE ${assigned})`,
    sql`EXISTS (SELECT 1 FROM ${caseStandIns} WHERE ${standsIn} AND ${onDuty})`,
  );
}

const caseOfClient = preparedQuery((db) =>
  db
    .select()
    .from(cases)
    .where(and(eq(cases.id, sql.placeholder('caseId')), eq(cases.clientId, sql.placeholder('clientId'))))
    .prepare('case_of_client'),
);

const caseOfLawyer = preparedQuery((db) =>
  db
    .select()
    .from(cases)
    .where(
      and(
        eq(cases.id, sql.placeholder('caseId')),
        lawyerMayUseCaseOn(sql.placeholder('lawyerId'), sql.placeholder('today')),
      ),
    )
    .prepare('case_of_lawyer'),
);

const ownCase = preparedQuery((db) =>
  db
    .select()
    .from(cases)
    .where(eq(cases.clientId, sql.placeholder('clientId')))
    .prepare('own_case'),
);
