import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminInvoiceListResponseSchema, AdminInvoicesQuerySchema } from '../../contract/invoices';
import { requireUser } from '../auth/access';
import { forbidden } from '../infra/errors/errors';
import { contentDisposition } from '../infra/files/content';
import { booksCsv, booksZip, listAdminInvoices } from './books';

/**
 * The firm's books ('Facturen' for the admin, invoices/books.ts): the list with its totals, the
 * accountant's CSV and the zip of the invoices of a period. Admins only.
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;

  const requireAdmin = async (request: Parameters<typeof requireUser>[0]) => {
    const auth = await requireUser(request);
    if (auth.role !== 'admin') throw forbidden();
    return auth;
  };

  app.get(
    '/api/admin/invoices',
    { schema: { querystring: AdminInvoicesQuerySchema, response: { 200: AdminInvoiceListResponseSchema } } },
    async (request) => {
      await requireAdmin(request);
      return listAdminInvoices(db, request.query, clock.now(), config.firm);
    },
  );

  app.get(
    '/api/admin/invoices.csv',
    { schema: { querystring: AdminInvoicesQuerySchema.omit({ page: true }) } },
    async (request, reply) => {
      await requireAdmin(request);
      const { filename, csv } = await booksCsv(db, request.query, clock.now(), config.firm);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', filename))
        .send(csv);
    },
  );

  app.get(
    '/api/admin/invoices/export.zip',
    { schema: { querystring: AdminInvoicesQuerySchema.omit({ page: true }) } },
    async (request, reply) => {
      await requireAdmin(request);
      const { filename, stream } = booksZip(db, request.query, clock.now(), config.firm, (error) =>
        request.log.warn({ err: { message: error.message } }, 'invoice zip stopped'),
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition('attachment', filename))
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
};
