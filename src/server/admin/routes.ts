import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCasesQuerySchema,
  AssignCaseRequestSchema,
  AdminOutboxQuerySchema,
  AuditQuerySchema,
  CreateLawyerRequestSchema,
  LegalHoldRequestSchema,
  StandInRequestSchema,
  auditActionKey,
  AdminLawyersResponseSchema,
  AdminCasesResponseSchema,
  AdminAuditResponseSchema,
  AdminOutboxResponseSchema,
  AdminLawyerResponseSchema,
  AdminCaseResponseSchema,
} from '../../contract/admin';
import { requestTranslate } from '../infra/errors/language';
import { requireRole } from '../auth/access';
import { emit } from '../domain-events';
import { isUuid } from '../cases/access';
import { AppError, fieldError, notFound } from '../infra/errors/errors';
import { findMailStatus, listOpenMails, type OutboxListItem } from '../infra/outbox/queries';
import { auditCsv } from './csv';
import {
  ADMIN_PAGE_SIZE,
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_SIZE,
  addStandIn,
  createLawyerAccount,
  findLawyer,
  getAdminCase,
  listAuditEvents,
  listLawyers,
  reassignCase,
  retryMailBy,
  searchCases,
  setLawyerActive,
  setLegalHold,
  toAdminLawyer,
} from './queries';
import { amsterdamDay } from '../../contract/rules/dutch-date';

export const OUTBOX_PAGE_SIZE = 50;
// Translation keys (public/i18n, errors.admin), given in the request's language.
export const MAIL_ALREADY_SENT_MESSAGE = 'errors.admin.mailAlreadySent';

/** Only the code of the last error (SMTP reply code, `ECONNREFUSED`, `expired`): its text may quote the mail server. */
const errorCode = (lastError: string | null) =>
  lastError ? (lastError.split(' ')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40) || null : null;

const toAdminMail = (m: OutboxListItem) => ({
  id: m.id,
  kind: m.kind,
  status: m.status as 'pending' | 'failed',
  to: m.to,
  attempts: m.attempts,
  next_attempt_at: m.status === 'pending' ? m.nextAttemptAt.toISOString() : null,
  last_error_code: errorCode(m.lastError),
  created_at: m.createdAt.toISOString(),
});

export const EMAIL_TAKEN_MESSAGE = 'errors.admin.emailTaken';
export const LAWYER_INACTIVE_MESSAGE = 'errors.admin.lawyerInactive';

const IdParamsSchema = z.object({ id: z.string() });

/** Every route here is for an admin ('beheerder') only: 401 without a session, 403 for a client or lawyer. */
const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');

/**
 * /api/admin: people, assignments, stand-ins, legal holds and the audit trail. An admin never
 * reads case content (documents, answers, messages): these answers carry names, e-mail
 * addresses, statuses and assignments only.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  async function activeLawyer(lawyerId: string, field = 'lawyer_id') {
    const lawyer = await findLawyer(db, lawyerId);
    if (!lawyer) throw fieldError(field, 'errors.admin.unknownLawyer');
    if (lawyer.deactivatedAt) throw fieldError(field, LAWYER_INACTIVE_MESSAGE);
    return lawyer;
  }

  async function existingCase(caseId: string) {
    if (!isUuid(caseId)) throw notFound();
    const found = await getAdminCase(db, caseId, clock.now());
    if (!found) throw notFound();
    return found;
  }

  // --- Juristen ---

  app.get('/api/admin/lawyers', { schema: { response: { 200: AdminLawyersResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { data: await listLawyers(db) };
  });

  app.post(
    '/api/admin/lawyers',
    { schema: { response: { 201: AdminLawyerResponseSchema }, body: CreateLawyerRequestSchema } },
    async (request, reply) => {
      const auth = await requireAdmin(request);
      const body = request.body;
      let id: string;
      try {
        id = await createLawyerAccount(db, {
          actorId: auth.userId,
          email: body.email,
          name: body.name,
          lastName: body.last_name,
          title: body.title || null,
          now: clock.now(),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'conflict') throw fieldError('email', EMAIL_TAKEN_MESSAGE);
        throw error;
      }
      const lawyer = await findLawyer(db, id);
      return reply.status(201).send({ data: toAdminLawyer(lawyer!, false, 0) });
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/admin/lawyers/:id/${action}`,
      { schema: { response: { 200: AdminLawyerResponseSchema }, params: IdParamsSchema } },
      async (request) => {
        const auth = await requireAdmin(request);
        const { id } = request.params;
        if (!isUuid(id) || !(await findLawyer(db, id))) throw notFound();
        // Already in that state: nothing changes, the answer is the same.
        const changed = await setLawyerActive(db, { lawyerId: id, active, actorId: auth.userId, now: clock.now() });
        // Switched off: every session was revoked with it, so its live-event streams end too.
        if (changed && !active) await app.events.endSessions({ userId: id });
        const lawyer = await findLawyer(db, id);
        const all = await listLawyers(db);
        return { data: all.find((l) => l.id === id) ?? toAdminLawyer(lawyer!, false, 0) };
      },
    );
  }

  // --- Dossiers ---

  app.get(
    '/api/admin/cases',
    { schema: { response: { 200: AdminCasesResponseSchema }, querystring: AdminCasesQuerySchema } },
    async (request) => {
      await requireAdmin(request);
      const page = request.query.page ?? 1;
      const result = await searchCases(db, { q: request.query.q, page, now: clock.now() });
      return { data: result.data, meta: { current_page: page, per_page: ADMIN_PAGE_SIZE, has_more: result.hasMore } };
    },
  );

  app.post(
    '/api/admin/cases/:id/assign',
    { schema: { response: { 200: AdminCaseResponseSchema }, params: IdParamsSchema, body: AssignCaseRequestSchema } },
    async (request) => {
      const auth = await requireAdmin(request);
      const found = await existingCase(request.params.id);
      await activeLawyer(request.body.lawyer_id);
      // The client, the former and the new lawyer (and a stand-in) see it on open screens at once (domain-events
      // rules).
      if (
        !(await reassignCase(db, {
          caseId: found.id,
          lawyerId: request.body.lawyer_id,
          actorId: auth.userId,
          now: clock.now(),
        }))
      )
        throw notFound();
      return { data: await existingCase(found.id) };
    },
  );

  app.post(
    '/api/admin/cases/:id/stand-ins',
    { schema: { response: { 201: AdminCaseResponseSchema }, params: IdParamsSchema, body: StandInRequestSchema } },
    async (request, reply) => {
      const auth = await requireAdmin(request);
      const found = await existingCase(request.params.id);
      const { lawyer_id: lawyerId, from, until } = request.body;
      await activeLawyer(lawyerId);
      // The stand-in hears of it too, also when the stand-in starts later (domain-events rules).
      await addStandIn(db, { caseId: found.id, lawyerId, from, until, actorId: auth.userId, now: clock.now() });
      return reply.status(201).send({ data: await existingCase(found.id) });
    },
  );

  app.patch(
    '/api/admin/cases/:id/legal-hold',
    { schema: { response: { 200: AdminCaseResponseSchema }, params: IdParamsSchema, body: LegalHoldRequestSchema } },
    async (request) => {
      const auth = await requireAdmin(request);
      const found = await existingCase(request.params.id);
      await setLegalHold(db, {
        caseId: found.id,
        legalHold: request.body.legal_hold,
        reason: request.body.reason,
        actorId: auth.userId,
        now: clock.now(),
      });
      return { data: await existingCase(found.id) };
    },
  );

  // --- Audit (reading it is itself audited) ---

  app.get(
    '/api/admin/audit',
    { schema: { response: { 200: AdminAuditResponseSchema }, querystring: AuditQuerySchema } },
    async (request) => {
      const auth = await requireAdmin(request);
      const { page = 1, ...filters } = request.query;
      const rows = await listAuditEvents(db, filters, {
        limit: AUDIT_PAGE_SIZE + 1,
        offset: (page - 1) * AUDIT_PAGE_SIZE,
      });
      await emit(db, {
        actorId: auth.userId,
        action: 'audit.read',
        subjectType: 'audit',
        subjectId: 'audit',
        data: { filters, page },
        at: clock.now(),
      });
      return {
        data: rows.slice(0, AUDIT_PAGE_SIZE),
        meta: { current_page: page, per_page: AUDIT_PAGE_SIZE, has_more: rows.length > AUDIT_PAGE_SIZE },
      };
    },
  );

  app.get(
    '/api/admin/audit.csv',
    { schema: { querystring: AuditQuerySchema.omit({ page: true }) } },
    async (request, reply) => {
      const auth = await requireAdmin(request);
      const filters = request.query;
      const rows = await listAuditEvents(db, filters, { limit: AUDIT_EXPORT_LIMIT, offset: 0 });
      await emit(db, {
        actorId: auth.userId,
        action: 'audit.exported',
        subjectType: 'audit',
        subjectId: 'audit',
        data: { filters, lines: rows.length },
        at: clock.now(),
      });
      const day = amsterdamDay(clock.now());
      const translate = requestTranslate(request);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .send(
          auditCsv(rows, translate, (action) => {
            const key = auditActionKey(action);
            return key ? translate(key) : action;
          }),
        );
    },
  );

  // --- Outbox (pending and failed mails, never their content; src/server/infra/outbox) ---

  app.get(
    '/api/admin/outbox',
    { schema: { response: { 200: AdminOutboxResponseSchema }, querystring: AdminOutboxQuerySchema } },
    async (request) => {
      const auth = await requireAdmin(request);
      const page = request.query.page ?? 1;
      const rows = await listOpenMails(db, OUTBOX_PAGE_SIZE + 1, (page - 1) * OUTBOX_PAGE_SIZE);
      await emit(db, {
        actorId: auth.userId,
        action: 'outbox.read',
        subjectType: 'outbox',
        subjectId: 'outbox',
        data: { page },
        at: clock.now(),
      });
      return {
        data: rows.slice(0, OUTBOX_PAGE_SIZE).map(toAdminMail),
        meta: { current_page: page, per_page: OUTBOX_PAGE_SIZE, has_more: rows.length > OUTBOX_PAGE_SIZE },
      };
    },
  );

  app.post('/api/admin/outbox/:id/retry', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const auth = await requireAdmin(request);
    const id = request.params.id.toLowerCase();
    const status = await findMailStatus(db, id);
    if (!status) throw notFound();
    // The same step as `npm run cli -- outbox --retry ID`; a sent (or skipped) mail is done.
    const retried = await retryMailBy(db, { id, actorId: auth.userId, previousStatus: status, now: clock.now() });
    if (!retried) throw new AppError('conflict', MAIL_ALREADY_SENT_MESSAGE);
    // Due now: the worker sends it at its next poll (every 5 s) or start.
    return reply.status(204).send();
  });
};
