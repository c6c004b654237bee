import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArchiveDetailResponseSchema,
  ArchiveListResponseSchema,
  ArchiveQuerySchema,
  BackupStatusResponseSchema,
  DestructionsResponseSchema,
} from '../../contract/archive';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { requireUser } from '../auth/access';
import { isUuid } from '../cases/access';
import { withEvents, emit } from '../domain-events';
import { forbidden, notFound } from '../infra/errors/errors';
import { contentDisposition } from '../infra/files/content';
import { backupStatus } from '../backup/job';
import {
  findArchivedCaseClient,
  getArchivedCase,
  listArchive,
  listDestructions,
  streamArchiveZip,
  type ArchiveReader,
} from './queries';

const CaseParams = z.object({ case_id: z.string() });

/** The admin, or a lawyer (their own cases only); a client is refused (403). */
async function requireArchiveReader(request: FastifyRequest): Promise<ArchiveReader> {
  const auth = await requireUser(request);
  if (auth.role !== 'admin' && auth.role !== 'lawyer') throw forbidden();
  return { userId: auth.userId, role: auth.role };
}

/**
 * The firm's archive ('Archief'): cases whose client's account was deleted, read-only. The admin
 * sees every archived case, a lawyer the ones assigned to them; another case answers 404, like a
 * case that does not exist. The destruction records are the admin's alone.
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage, config } = app.deps;
  const years = config.fileRetentionYears;

  app.get(
    '/api/admin/archive',
    { schema: { querystring: ArchiveQuerySchema, response: { 200: ArchiveListResponseSchema } } },
    async (request) => {
      const reader = await requireArchiveReader(request);
      return { data: await listArchive(db, reader, { q: request.query.q, years }) };
    },
  );

  app.get(
    '/api/admin/archive/:case_id',
    { schema: { params: CaseParams, response: { 200: ArchiveDetailResponseSchema } } },
    async (request) => {
      const reader = await requireArchiveReader(request);
      if (!isUuid(request.params.case_id)) throw notFound();
      const found = await getArchivedCase(db, reader, { caseId: request.params.case_id.toLowerCase(), years });
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.get('/api/admin/archive/:case_id/zip', { schema: { params: CaseParams } }, async (request, reply) => {
    const reader = await requireArchiveReader(request);
    if (!isUuid(request.params.case_id)) throw notFound();
    const found = await findArchivedCaseClient(db, reader, request.params.case_id.toLowerCase());
    if (!found) throw notFound();
    const now = clock.now();
    // Who took the firm's file out, and when: an audit line before the first byte.
    await withEvents(db, (tx) =>
      emit(tx, {
        actorId: reader.userId,
        action: 'archive.downloaded',
        subjectType: 'case',
        subjectId: found.id,
        data: { case_id: found.id },
        at: now,
      }),
    );
    const stream = await streamArchiveZip(db, storage, { caseId: found.id, clientId: found.clientId, now });
    stream.on('error', (error) => request.log.warn({ err: error, case_id: found.id }, 'archive zip stopped'));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition('attachment', `archief-${amsterdamDay(now)}-${found.id}.zip`))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream);
  });

  app.get(
    '/api/admin/backups/status',
    { schema: { response: { 200: BackupStatusResponseSchema } } },
    async (request) => {
      const auth = await requireUser(request);
      if (auth.role !== 'admin') throw forbidden();
      return { data: await backupStatus(db, { enabled: Boolean(config.backup.dir), now: clock.now() }) };
    },
  );

  app.get('/api/admin/destructions', { schema: { response: { 200: DestructionsResponseSchema } } }, async (request) => {
    const auth = await requireUser(request);
    if (auth.role !== 'admin') throw forbidden();
    return { data: await listDestructions(db) };
  });
};
