import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DataExportAcceptedResponseSchema, DataExportResponseSchema } from '../../contract/data-export';
import { text } from '../../contract/text';
import { requireRole } from '../auth/access';
import { isUuid, requireCaseAccess } from '../cases/access';
import { AppError, notFound } from '../infra/errors/errors';
import { contentDisposition } from '../infra/files/content';
import { verifyFileLink } from '../infra/files/links';
import {
  buildPendingExports,
  findCaseClient,
  findExport,
  latestExport,
  recordExportDownloaded,
  requestExport,
  toDataExport,
  type DataExportRow,
} from './queries';
import { readForDownload } from '../infra/storage/storage';
import { amsterdamDay } from '../../contract/rules/dutch-date';

const IdParams = z.object({ id: text().max(64) });
const FileQuery = z.object({
  v: text().max(20).default(''),
  expires: text().max(20).default(''),
  signature: text().max(200).default(''),
});

/**
 * 'Download mijn gegevens' (docs/firm-duties.md): a client asks for everything the portal holds
 * about them (once a day); the zip is built in the background and the link mailed to them. Staff
 * (the case's lawyer, or an admin) can start the same for a client who asked by mail: the link
 * still goes only to the client, and staff see only that an export was made, never its content.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;
  const link = () => ({ secret: config.appSecret, now: clock.now() });
  /** Staff see the export's state, never a link to it. */
  const forStaff = (row: DataExportRow) => ({ ...toDataExport(row, link()), download_url: null });

  // A request starts a build at once, in the background; the scheduled job picks up anything it leaves.
  const running = new Set<Promise<unknown>>();
  const kick = () => {
    // Only the error's message is logged: never a client's data.
    const warn = (error: Error) => app.log.warn({ err: { message: error.message } }, 'data export build failed');
    const run = buildPendingExports(db, storage, () => clock.now(), { onError: warn }).catch(warn);
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.get('/api/user/export', { schema: { response: { 200: DataExportResponseSchema } } }, async (request) => {
    const auth = await requireRole(request, 'client');
    const row = await latestExport(db, auth.userId);
    return { data: row ? toDataExport(row, link()) : null };
  });

  app.get(
    '/api/user/export/:id',
    { schema: { params: IdParams, response: { 200: DataExportAcceptedResponseSchema } } },
    async (request) => {
      const auth = await requireRole(request, 'client');
      if (!isUuid(request.params.id)) throw notFound();
      const row = await findExport(db, request.params.id, auth.userId);
      if (!row) throw notFound();
      return { data: toDataExport(row, link()) };
    },
  );

  app.post(
    '/api/user/export',
    { schema: { response: { 202: DataExportAcceptedResponseSchema } } },
    async (request, reply) => {
      const auth = await requireRole(request, 'client');
      const row = await requestExport(db, {
        clientId: auth.userId,
        actorId: auth.userId,
        role: 'client',
        now: clock.now(),
      });
      kick();
      return reply.status(202).send({ data: toDataExport(row, link()) });
    },
  );

  /** The case's lawyer makes the client's export for a request that came by mail. */
  app.post(
    '/api/cases/:id/data-export',
    { schema: { params: IdParams, response: { 202: DataExportAcceptedResponseSchema } } },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      const row = await requestExport(db, {
        clientId: caseRow.clientId,
        actorId: auth.userId,
        role: 'lawyer',
        now: clock.now(),
      });
      kick();
      return reply.status(202).send({ data: forStaff(row) });
    },
  );

  /** The same from /beheer: the admin learns only that it is being made. */
  app.post(
    '/api/admin/cases/:id/data-export',
    { schema: { params: IdParams, response: { 202: DataExportAcceptedResponseSchema } } },
    async (request, reply) => {
      const auth = await requireRole(request, 'admin');
      if (!isUuid(request.params.id)) throw notFound();
      const caseRow = await findCaseClient(db, request.params.id);
      if (!caseRow) throw notFound();
      const row = await requestExport(db, {
        clientId: caseRow.clientId,
        actorId: auth.userId,
        role: 'admin',
        now: clock.now(),
      });
      kick();
      return reply.status(202).send({ data: forStaff(row) });
    },
  );

  /**
   * The zip itself, through a signed link of a few minutes that only the client's own status answer
   * gives out, and only with that client's session (the app fetches it with its token): a link
   * that leaked (history, a proxy's log) is worth nothing alone. No session 401; another
   * client's export 404.
   */
  app.get('/files/exports/:id', { schema: { params: IdParams, querystring: FileQuery } }, async (request, reply) => {
    const auth = await requireRole(request, 'client');
    const refused = new AppError('forbidden', 'errors.server.linkExpired');
    if (request.validationError) throw refused;
    const { id } = request.params;
    const { v, expires, signature } = request.query;
    if (
      !isUuid(id) ||
      !verifyFileLink(config.appSecret, { kind: 'exports', id, version: v, expires, signature, now: clock.now() })
    )
      throw refused;
    const row = await findExport(db, id);
    if (row && row.clientId !== auth.userId) throw notFound();
    if (!row?.storageKey || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= clock.now())
      throw notFound('errors.dataExport.gone');
    const file = await readForDownload(storage, row.storageKey);
    if (!file) throw notFound('errors.dataExport.gone');
    await recordExportDownloaded(db, row, clock.now());
    const day = amsterdamDay(row.createdAt);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition('attachment', `mijn-gegevens-${day}.zip`))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(file.stream);
  });
};
