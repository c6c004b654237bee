import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INSIGHT_MAX_DAYS,
  InsightQuerySchema,
  StuckQuerySchema,
  type InsightQuery,
  InsightResponseSchema,
  FunnelResponseSchema,
  StuckResponseSchema,
} from '../../contract/insight';
import { daysBetween } from '../../contract/rules/amsterdam-date';
import { validationKey } from '../../contract/validation-messages';
import { requireRole } from '../auth/access';
import { emit } from '../domain-events';
import { findLawyer } from '../admin/queries';
import { fieldError } from '../infra/errors/errors';
import { negotiateLanguage, requestTranslate } from '../infra/errors/language';
import { insightCsv } from './csv';
import { getFunnel, listStuckCases, resolvePeriod, type InsightPeriod } from './queries';

const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');

/**
 * /api/admin/insight: the firm's view for an admin ('beheerder'): the funnel of the client's
 * route over a period and the stuck cases, as JSON and as CSV; plus the funnel and the stuck
 * list each on their own. Names, phases and moments; never case content.
 */
export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  /**
   * The period and lawyer of a query, checked: 422 for an end before the start, a period too long or an unknown lawyer.
   */
  async function readQuery(query: InsightQuery): Promise<{ period: InsightPeriod; lawyerId: string | null }> {
    const period = resolvePeriod({ from: query.from, to: query.to ?? query.until }, clock.now());
    const toField = query.until && !query.to ? 'until' : 'to';
    if (period.to < period.from) throw fieldError(toField, validationKey('insightEndBeforeStart'));
    if (daysBetween(period.from, period.to) >= INSIGHT_MAX_DAYS)
      throw fieldError(toField, validationKey('insightTooLong'));
    const lawyerId = query.lawyer_id ?? null;
    if (lawyerId && !(await findLawyer(db, lawyerId))) throw fieldError('lawyer_id', 'errors.admin.unknownLawyer');
    return { period, lawyerId };
  }

  async function readInsight(query: InsightQuery) {
    const { period, lawyerId } = await readQuery(query);
    const [funnel, stuck] = await Promise.all([
      getFunnel(db, { period, lawyerId }),
      listStuckCases(db, { now: clock.now(), lawyerId }),
    ]);
    return { period: { ...period, lawyer_id: lawyerId }, funnel, stuck: stuck.cases, stuck_truncated: stuck.truncated };
  }

  app.get(
    '/api/admin/insight',
    { schema: { response: { 200: InsightResponseSchema }, querystring: InsightQuerySchema } },
    async (request) => {
      await requireAdmin(request);
      return { data: await readInsight(request.query) };
    },
  );

  app.get('/api/admin/insight.csv', { schema: { querystring: InsightQuerySchema } }, async (request, reply) => {
    const auth = await requireAdmin(request);
    const insight = await readInsight(request.query);
    // Client names leave the portal: the export is recorded, with its period and size.
    await emit(db, {
      actorId: auth.userId,
      action: 'insight.exported',
      subjectType: 'insight',
      subjectId: 'insight',
      data: {
        from: insight.period.from,
        to: insight.period.to,
        lawyer_id: insight.period.lawyer_id,
        stuck: insight.stuck.length,
      },
      at: clock.now(),
    });
    const language = negotiateLanguage(request.headers['accept-language']);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="inzicht-${insight.period.from}-${insight.period.to}.csv"`)
      .send(insightCsv({ funnel: insight.funnel, stuck: insight.stuck, language, t: requestTranslate(request) }));
  });

  app.get(
    '/api/admin/insights/funnel',
    { schema: { response: { 200: FunnelResponseSchema }, querystring: InsightQuerySchema } },
    async (request) => {
      await requireAdmin(request);
      const { period, lawyerId } = await readQuery(request.query);
      return { data: await getFunnel(db, { period, lawyerId }) };
    },
  );

  app.get(
    '/api/admin/insights/stuck',
    { schema: { response: { 200: StuckResponseSchema }, querystring: StuckQuerySchema } },
    async (request) => {
      await requireAdmin(request);
      const lawyerId = request.query.lawyer_id ?? null;
      if (lawyerId && !(await findLawyer(db, lawyerId))) throw fieldError('lawyer_id', 'errors.admin.unknownLawyer');
      return { data: (await listStuckCases(db, { now: clock.now(), lawyerId })).cases };
    },
  );
};
