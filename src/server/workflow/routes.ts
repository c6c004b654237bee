import { CaseLawyerViewResponseSchema, CaseClientViewResponseSchema } from '../../contract/cases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import {
  SendProposalRequestSchema,
  SignProposalRequestSchema,
  TimelineQuerySchema,
  TimelineResponseSchema,
} from '../../contract/workflow';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView, getLawyerCaseView } from '../cases/views';
import { contentDisposition } from '../infra/files/content';
import { streamCaseExport } from './export';
import { sendProposal, signProposal } from './proposal';
import { getTimelinePage } from './timeline';
import { negotiateLanguage } from '../infra/errors/language';
import { withdrawEngagement } from './withdrawal';
import { createMollie } from '../payments/mollie';
import { refundAfterWithdrawal } from '../payments/payments';

const CaseParams = z.object({ id: text().max(64) });

/**
 * The case's route: the engagement letter (send, sign), the timeline and the export of all
 * documents. Status changes themselves go through ./apply.ts.
 */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;
  const mollie = createMollie(config);
  const deps = { db, storage, config };
  const link = () => ({ secret: config.appSecret, now: clock.now(), storage });

  app.post(
    '/api/cases/:id/proposal',
    {
      schema: { response: { 200: CaseLawyerViewResponseSchema }, params: CaseParams, body: SendProposalRequestSchema },
    },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      const updated = await sendProposal(deps, {
        caseRow,
        minimalAchievement: request.body.minimal_achievement,
        lawyerId: auth.userId,
        now: clock.now(),
      });
      return { data: await getLawyerCaseView(db, updated, auth.userId, link()) };
    },
  );

  app.post(
    '/api/cases/:id/proposal/sign',
    {
      schema: { response: { 200: CaseClientViewResponseSchema }, params: CaseParams, body: SignProposalRequestSchema },
    },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const updated = await signProposal(deps, {
        caseRow,
        clientId: auth.userId,
        fullName: request.body.full_name,
        shownSha256: request.body.proposal_sha256,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        now: clock.now(),
        startConsent: request.body.start_now,
      });
      return { data: await getClientCaseView(db, updated, link()) };
    },
  );

  /**
   * 'Opdracht herroepen': within the withdrawal period the engagement ends (./withdrawal.ts); after it, 409.
   * What the client paid through Mollie goes back in full, unless they asked the firm to start at once
   * (then the lawyer enters the amount: POST /api/invoices/{id}/refund). A refund Mollie refuses is
   * logged and left to the lawyer; the withdrawal stands.
   */
  app.post(
    '/api/cases/:id/withdraw',
    { schema: { response: { 200: CaseClientViewResponseSchema }, params: CaseParams } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const updated = await withdrawEngagement(db, { caseRow, clientId: auth.userId, now: clock.now() });
      await refundAfterWithdrawal(db, mollie, {
        caseId: caseRow.id,
        startConsent: caseRow.startConsent,
        now: clock.now(),
      }).catch((error: unknown) =>
        request.log.error(
          { case_id: caseRow.id, err: { message: (error as Error).message } },
          'refund after withdrawal failed',
        ),
      );
      return { data: await getClientCaseView(db, updated, link()) };
    },
  );

  app.get(
    '/api/cases/:id/timeline',
    { schema: { response: { 200: TimelineResponseSchema }, params: CaseParams, querystring: TimelineQuerySchema } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      return getTimelinePage(db, {
        caseId: caseRow.id,
        forClient: auth.role === 'client',
        page: request.query.page,
        // The words in the reader's language, as every answer of the server (errors/language.ts).
        language: negotiateLanguage(request.headers['accept-language']),
      });
    },
  );

  app.get('/api/cases/:id/export', { schema: { params: CaseParams } }, async (request, reply) => {
    const { caseRow } = await requireCaseAccess(request, request.params.id);
    const stream = await streamCaseExport(db, storage, caseRow.id, clock.now());
    stream.on('error', (error) => request.log.warn({ err: error, case_id: caseRow.id }, 'case export stopped'));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition('attachment', 'documenten.zip'))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream);
  });
};
