import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAccountResponseSchema,
  AdminAccountsResponseSchema,
  COMPLAINT_FILES_MAX,
  ComplaintHandlingRequestSchema,
  ComplaintOutcomeRequestSchema,
  ComplaintReceiptResponseSchema,
  ComplaintRegisterResponseSchema,
  ComplaintsOfficerRequestSchema,
  CreateComplaintRequestSchema,
  MyComplaintsResponseSchema,
  RegisterComplaintResponseSchema,
} from '../../contract/complaints';
import { text } from '../../contract/text';
import { requireRole, requireUser } from '../auth/access';
import { emit } from '../domain-events';
import { isUuid } from '../cases/access';
import { csvMoment, toCsv } from '../infra/lib/csv';
import { requestTranslate } from '../infra/errors/language';
import { AppError, forbidden, notFound } from '../infra/errors/errors';
import { receiveUploads } from '../documents/upload';
import type { StoredFile } from '../documents/queries';
import { contentDisposition, fileSecurityPolicy, GENERIC_TYPE } from '../infra/files/content';
import { readForDownload } from '../infra/storage/storage';
import {
  complaintFileKey,
  fileComplaint,
  findComplaintFile,
  isAdmin,
  isComplaintsOfficer,
  listAdmins,
  listMyComplaints,
  listRegister,
  readRegister,
  recordComplaintStep,
  setComplaintsOfficer,
} from './queries';
import { amsterdamDay } from '../../contract/rules/dutch-date';

const IdParams = z.object({ id: text().max(64) });

/** The register's CSV columns, titled under `complaints.register.csvColumns.` in the translation files. */
const COMPLAINT_CSV_COLUMNS = [
  'id',
  'created_at',
  'client_name',
  'lawyer_names',
  'status',
  'answer_by',
  'closed_at',
  'officer_name',
  'text',
  'handling',
  'outcome',
] as const;

/**
 * Complaints (docs/firm-duties.md): a client files one; the complaints officer ('klachtenfunctionaris',
 * an admin marked as such) reads the register and records handling and outcome. A lawyer never
 * sees a complaint; an admin who is not the officer neither.
 */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  /** An admin marked as complaints officer: 401 without a session, 403 for everyone else. */
  async function requireOfficer(request: FastifyRequest) {
    const auth = await requireRole(request, 'admin');
    if (!(await isComplaintsOfficer(db, auth.userId))) throw forbidden('errors.complaints.notOfficer');
    return auth;
  }
  const body = () => ({
    name: config.complaints.bodyName,
    url: config.complaints.bodyUrl,
    months: config.complaints.bodyMonths,
  });

  const removeQuietly = (files: StoredFile[]) =>
    Promise.all(files.map((file) => storage.remove(file.key).catch(() => undefined)));

  /**
   * JSON `{text}`, or multipart with the field `text` and up to COMPLAINT_FILES_MAX documents (the
   * upload rules of case documents: type list, size limit, no programs). Validated by hand after
   * the role check, as the body may be either.
   */
  app.post(
    '/api/complaints',
    { schema: { response: { 201: ComplaintReceiptResponseSchema } } },
    async (request, reply) => {
      const auth = await requireRole(request, 'client');
      const id = randomUUID();
      let files: StoredFile[] = [];
      let sent: unknown = request.body;
      if (request.isMultipart()) {
        const upload = await receiveUploads(request, reply, {
          keyFor: (index) => complaintFileKey(auth.userId, id, index),
          maxFiles: COMPLAINT_FILES_MAX,
        });
        files = upload.files;
        sent = { text: upload.fields.text ?? '' };
      }
      const parsed = CreateComplaintRequestSchema.safeParse(sent);
      if (!parsed.success) {
        await removeQuietly(files);
        throw parsed.error; // 422 on `text`, in the request's language (errors/handler.ts)
      }
      try {
        const row = await fileComplaint(db, {
          id,
          clientId: auth.userId,
          text: parsed.data.text,
          files,
          now: clock.now(),
          config,
        });
        return reply.status(201).send({ data: { id: row.id, status: row.status, answer_by: row.answerBy } });
      } catch (error) {
        await removeQuietly(files);
        throw error;
      }
    },
  );

  /**
   * A complaint's document, for the client who filed it (someone else's: 404) and the complaints
   * officer; a lawyer, also the one complained about, and any other admin get 403. Audited
   * without the file's name. The file row exists, so a file the store cannot give is a fault of
   * the store, not an unknown file: 503 with Retry-After and the text of every storage outage
   * (errors.server.unavailable, from the error handler), never a 404 that says it is gone.
   */
  app.post('/api/complaint-files/:id/download', { schema: { params: IdParams } }, async (request, reply) => {
    const auth = await requireUser(request);
    if (auth.role === 'lawyer') throw forbidden();
    if (auth.role === 'admin' && !(await isComplaintsOfficer(db, auth.userId)))
      throw forbidden('errors.complaints.notOfficer');
    if (!isUuid(request.params.id)) throw notFound();
    const file = await findComplaintFile(db, request.params.id);
    if (!file || (auth.role === 'client' && file.clientId !== auth.userId)) throw notFound();
    const stored = await readForDownload(storage, file.storageKey);
    if (!stored) throw notFound();
    await emit(db, {
      actorId: auth.userId,
      action: 'complaint.file_downloaded',
      subjectType: 'complaint',
      subjectId: file.complaintId,
      data: { file_id: file.id, by: auth.role },
      at: clock.now(),
    });
    return reply
      .header('Content-Type', GENERIC_TYPE)
      .header('Content-Length', String(stored.size))
      .header('Content-Disposition', contentDisposition('attachment', file.filename))
      .header('Content-Security-Policy', fileSecurityPolicy(GENERIC_TYPE, false))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(stored.stream);
  });

  app.get('/api/complaints/mine', { schema: { response: { 200: MyComplaintsResponseSchema } } }, async (request) => {
    const auth = await requireRole(request, 'client');
    return { data: await listMyComplaints(db, auth.userId, clock.now()), body: body() };
  });

  app.get(
    '/api/admin/complaints',
    { schema: { response: { 200: ComplaintRegisterResponseSchema } } },
    async (request) => {
      const auth = await requireOfficer(request);
      return {
        data: await readRegister(db, { actorId: auth.userId, action: 'complaint.register_read', now: clock.now() }),
      };
    },
  );

  app.get('/api/admin/complaints.csv', async (request, reply) => {
    const auth = await requireOfficer(request);
    const rows = await readRegister(db, {
      actorId: auth.userId,
      action: 'complaint.register_exported',
      now: clock.now(),
    });
    const t = requestTranslate(request);
    const lines = rows.map((r) => [
      r.id,
      csvMoment(r.created_at),
      r.client_name,
      r.lawyer_names.join(', '),
      t(`complaints.status.${r.status}`),
      csvMoment(r.answer_by),
      csvMoment(r.closed_at),
      r.officer_name,
      r.text,
      r.handling,
      r.outcome,
    ]);
    const day = amsterdamDay(clock.now());
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="klachtenregister-${day}.csv"`)
      .send(
        toCsv(
          COMPLAINT_CSV_COLUMNS.map((column) => t(`complaints.register.csvColumns.${column}`)),
          lines,
        ),
      );
  });

  for (const step of ['handling', 'outcome'] as const) {
    const schema = step === 'handling' ? ComplaintHandlingRequestSchema : ComplaintOutcomeRequestSchema;
    app.post(
      `/api/admin/complaints/:id/${step}`,
      { schema: { params: IdParams, body: schema, response: { 200: RegisterComplaintResponseSchema } } },
      async (request) => {
        const auth = await requireOfficer(request);
        if (!isUuid(request.params.id)) throw notFound();
        const [exists] = await listRegister(db, { id: request.params.id });
        if (!exists) throw notFound();
        const input = request.body as { handling?: string; outcome?: string };
        const row = await recordComplaintStep(db, {
          id: exists.id,
          officerId: auth.userId,
          handling: input.handling,
          ...(step === 'outcome' ? { outcome: input.outcome } : {}),
          now: clock.now(),
          config,
        });
        if (!row) throw new AppError('conflict', 'errors.complaints.closed');
        const [updated] = await listRegister(db, { id: row.id });
        if (!updated) throw notFound();
        return { data: updated };
      },
    );
  }

  /**
   * The admins, and which of them is complaints officer (any admin may mark another one; every admin
   * is mailed of the change).
   */
  app.get('/api/admin/admins', { schema: { response: { 200: AdminAccountsResponseSchema } } }, async (request) => {
    await requireRole(request, 'admin');
    return { data: await listAdmins(db) };
  });

  app.post(
    '/api/admin/admins/:id/complaints-officer',
    {
      schema: { params: IdParams, body: ComplaintsOfficerRequestSchema, response: { 200: AdminAccountResponseSchema } },
    },
    async (request) => {
      const auth = await requireRole(request, 'admin');
      if (!isUuid(request.params.id)) throw notFound();
      // An id that is no admin answers 404 before the body is read (a bad body is 422 only for an admin).
      if (!(await isAdmin(db, request.params.id))) throw notFound();
      // Nobody appoints themselves: another admin does, or the command line (npm run cli -- complaints-officer).
      if (request.params.id === auth.userId && request.body.complaints_officer)
        throw forbidden('errors.complaints.selfAppointment');
      const updated = await setComplaintsOfficer(db, {
        adminId: request.params.id,
        officer: request.body.complaints_officer,
        actorId: auth.userId,
        now: clock.now(),
      });
      if (!updated) throw notFound();
      return { data: updated };
    },
  );
};
