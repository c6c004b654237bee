import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import {
  CaseListQuerySchema,
  UpdateStatusRequestSchema,
  CaseClientViewResponseSchema,
  CaseLawyerViewResponseSchema,
  CaseListResponseSchema,
  StatusCountListResponseSchema,
  UpdateStatusResponseSchema,
} from '../../contract/cases';
import { ClientDashboardResponseSchema } from '../../contract/dashboard';
import { buildPagination } from '../../contract/rules/pagination';
import { StepperQuerySchema } from '../../contract/stepper';
import { requireRole, requireUserWith } from '../auth/access';
import { requireCaseAccess, requireOwnCase } from './access';
import {
  CASE_PAGE_SIZE,
  caseListForToken,
  countLawyerCasesByStatus,
  headETag,
  readCaseList,
  type CaseListHead,
} from './list';
import { changeCaseStatus } from '../workflow/apply';
import { getClientDashboard } from './dashboard';
import { mollieConfigured } from '../payments/mollie';
import { appointmentViewSettings } from '../appointments/state';
import { getClientCaseView, getLawyerCaseView } from './views';
import { localDate } from '../infra/lib/local-date';

const CaseParams = z.object({ id: text().max(64) });

export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, clock, config, storage } = app.deps;
  const link = () => ({ secret: config.appSecret, now: clock.now(), storage });

  app.get('/api/cases/mine', { schema: { response: { 200: CaseClientViewResponseSchema } } }, async (request) => {
    const { caseRow } = await requireOwnCase(request);
    return { data: await getClientCaseView(db, caseRow, link()) };
  });

  // The dashboard's requests in one (src/contract/dashboard.ts): each part is the answer of the request it stands for.
  app.get(
    '/api/cases/mine/dashboard',
    { schema: { response: { 200: ClientDashboardResponseSchema }, querystring: StepperQuerySchema } },
    async (request) => {
      const access = await requireOwnCase(request);
      const language = request.query.lang ?? 'nl-NL';
      const appointments = appointmentViewSettings(config);
      return {
        data: await getClientDashboard(db, access, {
          language,
          now: clock.now(),
          link: link(),
          appointments,
          fileRetentionYears: config.fileRetentionYears,
          invoices: { firm: config.firm, mollieEnabled: mollieConfigured(config) },
        }),
      };
    },
  );

  app.get(
    '/api/cases/:id',
    { schema: { response: { 200: CaseLawyerViewResponseSchema }, params: CaseParams } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      return { data: await getLawyerCaseView(db, caseRow, auth.userId, link()) };
    },
  );

  // The token check and the page's version in one statement; the version is the answer's ETag (docs/performance.md).
  app.get(
    '/api/cases',
    {
      schema: {
        // 304 Not Modified (no body) when `If-None-Match` names the page's current ETag.
        response: { 200: CaseListResponseSchema, 304: z.void() },
        querystring: CaseListQuerySchema,
      },
    },
    async (request, reply) => {
      // The page is read in the statement that checks the token: with a query string that does not
      // fit, the session and role are checked on their own first (401, 403), then the 422.
      if (request.validationError) await requireRole(request, 'lawyer');
      const query = request.query;
      const today = localDate(clock.now());
      const access = { role: 'lawyer' as const, ...caseListForToken(query, today) };
      const { auth, row } = await requireUserWith<CaseListHead>(request, access);
      if (request.headers['if-none-match'] === headETag(auth.userId, query, row)) {
        return reply.code(304).header('etag', request.headers['if-none-match']).send();
      }
      const { items, total, etag } = await readCaseList(database, auth.userId, query, today);
      const pagination = buildPagination({
        path: '/api/cases',
        page: query.page,
        perPage: CASE_PAGE_SIZE,
        total,
        count: items.length,
        query: { sort: query.sort, dir: query.dir, statuses: query.statuses.join(',') || undefined },
      });
      return reply.header('etag', etag).send({ data: items, ...pagination });
    },
  );

  app.get(
    '/api/cases/count-by-status',
    { schema: { response: { 200: StatusCountListResponseSchema } } },
    async (request) => {
      const auth = await requireRole(request, 'lawyer');
      return { data: await countLawyerCasesByStatus(db, auth.userId, localDate(clock.now())) };
    },
  );

  app.patch(
    '/api/cases/:id/status',
    { schema: { response: { 200: UpdateStatusResponseSchema }, params: CaseParams, body: UpdateStatusRequestSchema } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      const changed = await changeCaseStatus(db, {
        caseRow,
        to: request.body.status,
        actorId: auth.userId,
        now: clock.now(),
      });
      return { ok: true as const, data: await getLawyerCaseView(db, changed, auth.userId, link()) };
    },
  );
};
