import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CreateInvoiceRequestSchema,
  InvoiceListResponseSchema,
  InvoiceProposalResponseSchema,
  InvoiceResponseSchema,
  InvoiceTaskListResponseSchema,
  PaymentResponseSchema,
  RefundRequestSchema,
  UpdateInvoiceRequestSchema,
  type VatRate,
} from '../../contract/invoices';
import { requireRole, requireUser } from '../auth/access';
import { isUuid, lawyerMayUseCase, requireCaseAccess, type CaseRow } from '../cases/access';
import { refuseLockedWrite } from '../cases/lock';
import { cases, invoices } from '../infra/db/schema';
import { AppError, forbidden, notFound } from '../infra/errors/errors';
import { contentDisposition } from '../infra/files/content';
import { createMollie } from '../payments/mollie';
import { hasWithdrawalWithStart, refundInvoice, startPayment } from '../payments/payments';
import { invoicePdf, invoiceUbl, letterPdf } from './documents';
import {
  INVOICE_ERRORS,
  createDraft,
  creditInvoice,
  findInvoiceFor,
  issueInvoice,
  listCaseInvoices,
  listLawyerInvoiceTasks,
  proposeInvoices,
  sellerOf,
  toInvoices,
  updateDraft,
  type InvoiceRow,
} from './queries';

const IdParams = z.object({ id: z.string() });
const CreateBodySchema = CreateInvoiceRequestSchema;
const UpdateBodySchema = UpdateInvoiceRequestSchema;

const languageOf = (request: FastifyRequest): 'nl-NL' | 'en-US' =>
  /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-US' : 'nl-NL';

/**
 * Invoices: the client and the case's lawyers read them (a client never a draft); a lawyer of the
 * case prepares, edits (drafts only, else 409), issues and credits. Another person's invoice, and
 * any invoice for the admin (who reads them through the books), answers 404. Order: 401, 403, 404,
 * then 409/422 (docs/invoices.md).
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const mollie = createMollie(config);
  const seller = sellerOf(config.firm);

  const lawyerCase = async (lawyerId: string, caseId: string): Promise<CaseRow | null> => {
    const [row] = await db
      .select()
      .from(cases)
      .where(and(eq(cases.id, caseId), lawyerMayUseCase(lawyerId, clock.now())));
    return row ?? null;
  };

  /** The invoice for a reader of `roles` (another role: 403; not theirs: 404). */
  async function requireInvoice(request: FastifyRequest, id: string, roles: readonly ('client' | 'lawyer')[]) {
    const auth = await requireUser(request);
    if (auth.role === 'admin') throw notFound();
    if (!roles.includes(auth.role)) throw forbidden();
    if (!isUuid(id)) throw notFound();
    const found = await findInvoiceFor(db, id.toLowerCase(), { role: auth.role, userId: auth.userId }, (caseId) =>
      lawyerCase(auth.userId, caseId),
    );
    if (!found) throw notFound();
    if (found.caseRow && auth.role === 'lawyer') refuseLockedWrite(request.method, found.caseRow);
    return { auth: { ...auth, role: auth.role }, ...found };
  }

  const view = async (row: InvoiceRow, readerIsClient: boolean, caseRow: CaseRow | null) => {
    const [answer] = await toInvoices(
      db,
      [row],
      { now: clock.now(), firm: config.firm, mollieEnabled: mollie !== null, readerIsClient },
      caseRow ?? undefined,
    );
    if (!answer) throw new Error('unreachable');
    return answer;
  };

  const linesOf = (body: {
    lines: { description: string; quantity: number; unit_price_cents: number; vat_rate: VatRate }[];
  }) => body.lines;

  app.get(
    '/api/cases/:id/invoices',
    { schema: { params: IdParams, response: { 200: InvoiceListResponseSchema } } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      return listCaseInvoices(db, caseRow, {
        now: clock.now(),
        firm: config.firm,
        mollieEnabled: mollie !== null,
        readerIsClient: auth.role === 'client',
      });
    },
  );

  app.get(
    '/api/cases/:id/invoices/proposal',
    { schema: { params: IdParams, response: { 200: InvoiceProposalResponseSchema } } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      if (auth.role !== 'lawyer') throw forbidden();
      return { data: await proposeInvoices(db, caseRow) };
    },
  );

  app.post(
    '/api/cases/:id/invoices',
    { schema: { params: IdParams, body: CreateBodySchema, response: { 201: InvoiceResponseSchema } } },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      if (auth.role !== 'lawyer') throw forbidden();
      const body = request.body;
      const row = await createDraft(db, {
        caseRow,
        lawyerId: auth.userId,
        recipient: body.recipient,
        lines: linesOf(body),
        employerVatId: body.employer_vat_id ?? null,
        employerKvk: body.employer_kvk ?? null,
        now: clock.now(),
      });
      return reply.status(201).send({ data: await view(row, false, caseRow) });
    },
  );

  // The case list's task block: the lawyer's invoice tasks over their cases.
  app.get('/api/invoices/tasks', { schema: { response: { 200: InvoiceTaskListResponseSchema } } }, async (request) => {
    const auth = await requireRole(request, 'lawyer');
    return { data: await listLawyerInvoiceTasks(db, auth.userId, clock.now()) };
  });

  app.get(
    '/api/invoices/:id',
    { schema: { params: IdParams, response: { 200: InvoiceResponseSchema } } },
    async (request) => {
      const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['client', 'lawyer']);
      return { data: await view(row, auth.role === 'client', caseRow) };
    },
  );

  app.patch(
    '/api/invoices/:id',
    { schema: { params: IdParams, body: UpdateBodySchema, response: { 200: InvoiceResponseSchema } } },
    async (request) => {
      const { row, caseRow } = await requireInvoice(request, request.params.id, ['lawyer']);
      // The body is read first: bad input answers 422 before the invoice's state answers 409.
      const body = request.body;
      if (row.status !== 'draft') throw new AppError('conflict', INVOICE_ERRORS.issued);
      const updated = await updateDraft(db, {
        invoiceId: row.id,
        recipient: body.recipient,
        lines: body.lines,
        employerVatId: body.employer_vat_id,
        employerKvk: body.employer_kvk,
        now: clock.now(),
      });
      return { data: await view(updated, false, caseRow) };
    },
  );

  app.post(
    '/api/invoices/:id/issue',
    { schema: { params: IdParams, response: { 200: InvoiceResponseSchema } } },
    async (request) => {
      const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['lawyer']);
      if (row.status !== 'draft') throw new AppError('conflict', INVOICE_ERRORS.issued);
      if (!caseRow) throw notFound();
      const issued = await issueInvoice(db, {
        invoiceId: row.id,
        caseRow,
        lawyerId: auth.userId,
        firm: config.firm,
        now: clock.now(),
      });
      return { data: await view(issued, false, caseRow) };
    },
  );

  app.post(
    '/api/invoices/:id/credit',
    { schema: { params: IdParams, response: { 201: InvoiceResponseSchema } } },
    async (request, reply) => {
      const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['lawyer']);
      const note = await creditInvoice(db, {
        invoiceId: row.id,
        lawyerId: auth.userId,
        firm: config.firm,
        now: clock.now(),
      });
      return reply.status(201).send({ data: await view(note, false, caseRow) });
    },
  );

  app.post(
    '/api/invoices/:id/refund',
    { schema: { params: IdParams, body: RefundRequestSchema, response: { 200: InvoiceResponseSchema } } },
    async (request) => {
      const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['lawyer']);
      // The body is read first: bad input answers 422 before the invoice's state answers 409.
      const amount = request.body.amount_cents;
      if (!mollie) throw new AppError('conflict', INVOICE_ERRORS.noMollie);
      if (!(await hasWithdrawalWithStart(db, row.caseId))) throw new AppError('conflict', INVOICE_ERRORS.noWithdrawal);
      await refundInvoice(db, mollie, {
        invoiceId: row.id,
        amountCents: amount,
        actorId: auth.userId,
        now: clock.now(),
      });
      const [updated] = await db.select().from(invoices).where(eq(invoices.id, row.id));
      return { data: await view(updated ?? row, false, caseRow) };
    },
  );

  app.post(
    '/api/invoices/:id/payment',
    { schema: { params: IdParams, response: { 200: PaymentResponseSchema } } },
    async (request) => {
      const { row } = await requireInvoice(request, request.params.id, ['client']);
      if (!mollie) throw new AppError('conflict', INVOICE_ERRORS.noMollie);
      const checkoutUrl = await startPayment(db, mollie, {
        invoice: row,
        publicUrl: config.publicUrl,
        now: clock.now(),
      });
      return { data: { checkout_url: checkoutUrl } };
    },
  );

  const creditedNumber = async (row: InvoiceRow) => {
    if (!row.credits) return null;
    const [original] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.credits));
    return original?.number ?? null;
  };

  app.get('/api/invoices/:id/pdf', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['client', 'lawyer']);
    const invoice = await view(row, auth.role === 'client', caseRow);
    const bytes = await invoicePdf(invoice, row, {
      seller,
      language: languageOf(request),
      creditsNumber: await creditedNumber(row),
    });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition('attachment', `factuur-${row.number ?? 'concept'}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  app.get('/api/invoices/:id/ubl', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['client', 'lawyer']);
    if (row.recipient !== 'employer' || !row.number) throw notFound();
    const invoice = await view(row, auth.role === 'client', caseRow);
    const xml = invoiceUbl(invoice, { seller: row.seller ?? seller, creditsNumber: await creditedNumber(row) });
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', contentDisposition('attachment', `factuur-${row.number}.xml`))
      .header('Cache-Control', 'private, no-store')
      .send(xml);
  });

  app.get('/api/invoices/:id/letter', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, row, caseRow } = await requireInvoice(request, request.params.id, ['client', 'lawyer']);
    if (!row.letterSentAt) throw notFound();
    const invoice = await view(row, auth.role === 'client', caseRow);
    const bytes = await letterPdf(invoice, { seller: row.seller ?? seller, language: languageOf(request) });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition('attachment', `veertiendagenbrief-${row.number}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
