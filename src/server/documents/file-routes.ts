import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { findDocumentById } from './queries';
import { AppError, notFound } from '../infra/errors/errors';
import { isUuid } from '../cases/access';
import { verifyFileLink } from '../infra/files/links';
import { contentDisposition, fileSecurityPolicy, GENERIC_TYPE, isPreviewable } from '../infra/files/content';
import { readForDownload } from '../infra/storage/storage';

const FileQuery = z.object({
  v: text().max(20).default(''),
  expires: text().max(20).default(''),
  signature: text().max(200).default(''),
  /** Any value forces a download instead of a preview. */
  download: text().max(10).optional(),
});

const refused = () => new AppError('forbidden', 'errors.server.linkExpired');

/**
 * Signed, short-lived links to stored files (no bearer token: they are used by <img>,
 * <iframe> and plain navigation). Previews only for pdf/png/jpg/jpeg/svg whose bytes match
 * the extension; everything else is an attachment; nothing served here can run script.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  app.get(
    '/files/documents/:id',
    { schema: { params: z.object({ id: text().max(64) }), querystring: FileQuery } },
    async (request, reply) => {
      // The signed link is the permission: a link with a part that does not fit is no valid link (403), never a 422.
      if (request.validationError) throw refused();
      const { id } = request.params;
      const { v, expires, signature, download } = request.query;
      if (
        !isUuid(id) ||
        !verifyFileLink(config.appSecret, { kind: 'documents', id, version: v, expires, signature, now: clock.now() })
      )
        throw refused();
      const document = await findDocumentById(db, id);
      if (!document?.storageKey || String(document.version) !== v) throw notFound();
      const file = await readForDownload(storage, document.storageKey);
      if (!file) throw notFound();
      const inline = download === undefined && isPreviewable(document.contentType);
      const type = inline ? (document.contentType ?? GENERIC_TYPE) : GENERIC_TYPE;
      return reply
        .header('Content-Type', type)
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          contentDisposition(inline ? 'inline' : 'attachment', document.filename ?? 'bestand'),
        )
        .header('Content-Security-Policy', fileSecurityPolicy(type, inline))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(file.stream);
    },
  );
};
