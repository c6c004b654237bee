import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSettlementCoolingOffEnd } from '../../contract/rules/cooling-off';
import { formatDutchDate } from '../../contract/rules/settlement-format';
import {
  AddSettlementVersionFieldsSchema,
  RecordSignedFieldsSchema,
  SettlementResponseRequestSchema,
  SettlementTermsInputSchema,
  TERMS_UNREADABLE,
  TEXT_OR_FILE,
  SettlementResponseBodySchema,
  SettlementVersionResponseSchema,
  RedlineResponseSchema,
} from '../../contract/settlement';
import { text } from '../../contract/text';
import { validationKey, validationMessage } from '../../contract/validation-messages';
import { requireCaseAccess, isUuid, type CaseAccess } from '../cases/access';
import { refuseClosedCase } from '../cases/lock';
import { AppError, fieldError, notFound } from '../infra/errors/errors';
import { requestTranslate } from '../infra/errors/language';
import { absentBodyAsEmptyObject } from '../infra/http/deferred-validation';
import {
  addSettlementVersion,
  approveWwCheck,
  getFinalVersion,
  makeVersionFinal,
  recordSigned,
  respondToVersion,
} from './changes';
import { versionText } from './version-text';
import { textWorkers } from './text-jobs';
import { securityLog } from '../infra/http/security-log';
import { receiveUploads } from '../documents/upload';
import {
  getSettlement,
  getSigned,
  getVersion,
  newestVersion,
  storedRedline,
  toVersion,
  checkOfTerms,
  termsOf,
} from './queries';
import { dissolutionLetter } from './dissolution-letter';
import { keyDatesCalendar } from './key-dates';

const CaseParams = z.object({ id: text().max(64) });
const TEXT_FIELD_MAX = 200_000;

/**
 * The fields of a multipart request and at most one file (`file`), stored under a generated key
 * and kept in memory for its text (documents/upload.ts; at most MAX_UPLOAD_MB).
 */
async function receiveParts(request: FastifyRequest, reply: FastifyReply, keyPrefix: string) {
  if (!request.isMultipart()) throw fieldError('file', validationKey(TEXT_OR_FILE));
  const key = `${keyPrefix}-${randomBytes(8).toString('hex')}`;
  const { fields, files } = await receiveUploads(request, reply, {
    keyFor: () => key,
    maxFiles: 1,
    fileField: 'file',
    fieldSize: TEXT_FIELD_MAX * 4,
    keepBytes: true,
  });
  const file = files[0];
  if (!file?.bytes) return { fields, file: null };
  return { fields, file: { ...file, bytes: file.bytes } };
}

/** A settlement version of a case the user may use (404 otherwise, like a missing id). */
async function requireVersionAccess(
  request: FastifyRequest,
  versionId: string,
  roles: readonly ('client' | 'lawyer')[],
) {
  const { db } = request.server.deps;
  if (!isUuid(versionId)) {
    await requireCaseAccess(request, '-', roles);
    throw notFound();
  }
  const row = await getVersion(db, versionId);
  const access = await requireCaseAccess(request, row?.caseId ?? '00000000-0000-0000-0000-000000000000', roles);
  if (!row) throw notFound();
  return { ...access, version: row };
}

/** Lawyer-only: the wrong role is 403 after the case check says the case is theirs to see. */
async function requireLawyerOfCase(request: FastifyRequest, caseId: string): Promise<CaseAccess> {
  const access = await requireCaseAccess(request, caseId);
  if (access.auth.role !== 'lawyer') throw new AppError('forbidden', 'errors.server.forbidden');
  return access;
}

/** The settlement agreement of a case (see docs/settlement.md). */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage, config } = app.deps;

  app.get(
    '/api/cases/:id/settlement',
    { schema: { response: { 200: SettlementResponseBodySchema }, params: CaseParams } },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id);
      return { data: await getSettlement(db, caseRow.id, clock.now(), requestTranslate(request)) };
    },
  );

  app.post(
    '/api/cases/:id/settlement/versions',
    { schema: { response: { 201: SettlementVersionResponseSchema }, params: CaseParams } },
    async (request, reply) => {
      const { auth, caseRow } = await requireLawyerOfCase(request, request.params.id);
      refuseClosedCase(caseRow, 'settlement');
      if (await getSigned(db, caseRow.id)) throw new AppError('conflict', 'errors.settlement.notAllowed');
      const id = randomUUID();
      const { fields, file } = await receiveParts(request, reply, `settlement/${caseRow.id}/${id}`);
      try {
        const parsed = AddSettlementVersionFieldsSchema.parse(fields);
        let terms = {};
        if (parsed.terms) {
          let json: unknown;
          try {
            json = JSON.parse(parsed.terms);
          } catch {
            throw fieldError('terms', validationKey(TERMS_UNREADABLE));
          }
          const result = SettlementTermsInputSchema.safeParse(json);
          if (!result.success) {
            // Each term's error in the reader's language, under its own field ('terms.end_date').
            const t = requestTranslate(request);
            const errors: Record<string, string[]> = {};
            for (const issue of result.error.issues)
              (errors[`terms.${issue.path.join('.')}`] ??= []).push(validationMessage(issue, t));
            throw new AppError('validation', validationKey(TERMS_UNREADABLE), errors);
          }
          terms = result.data;
        }
        const typed = parsed.text?.replace(/\r\n?/g, '\n').trim() ?? '';
        if (!file && !typed) throw fieldError('text', validationKey(TEXT_OR_FILE));
        // The file's text and the redline against the newest version, off this thread (version-text.ts).
        const newest = await newestVersion(db, caseRow.id);
        const { text: body, redline } = await versionText(
          { file, text: typed, previous: newest?.text ?? null },
          textWorkers(config.textWorker),
          (reason) => securityLog(request, 'upload.refused', { reason: `settlement_file_${reason}` }),
        );
        const now = clock.now();
        const version = await addSettlementVersion(db, {
          id,
          caseRow,
          actorId: auth.userId,
          fields: parsed,
          text: body,
          terms,
          file,
          redline: { value: redline, after: newest?.number ?? 0 },
          now,
        });
        return reply.status(201).send({ data: toVersion(version, []) });
      } catch (error) {
        if (file) await storage.remove(file.key).catch(() => undefined);
        throw error;
      }
    },
  );

  app.post(
    '/api/settlement-versions/:id/final',
    { schema: { response: { 200: SettlementVersionResponseSchema }, params: CaseParams } },
    async (request) => {
      const { version } = await requireVersionAccess(request, request.params.id, ['client', 'lawyer']);
      const { auth, caseRow } = await requireLawyerOfCase(request, version.caseId);
      refuseClosedCase(caseRow, 'settlement');
      if (await getSigned(db, caseRow.id)) throw new AppError('conflict', 'errors.settlement.notAllowed');
      const now = clock.now();
      const row = await makeVersionFinal(db, { version, caseRow, actorId: auth.userId, now });
      return { data: toVersion(row, []) };
    },
  );

  app.post(
    '/api/settlement-versions/:id/response',
    {
      schema: {
        response: { 200: SettlementVersionResponseSchema },
        params: CaseParams,
        body: SettlementResponseRequestSchema,
      },
      preValidation: absentBodyAsEmptyObject,
    },
    async (request) => {
      const { auth, caseRow, version } = await requireVersionAccess(request, request.params.id, ['client', 'lawyer']);
      if (auth.role !== 'client') throw new AppError('forbidden', 'errors.server.forbidden');
      refuseClosedCase(caseRow, 'settlement');
      // Read after the access checks: a refused body answers 422 only now (http/deferred-validation.ts).
      const body = request.body;
      const now = clock.now();
      const t = requestTranslate(request);
      const quote = t('settlement.response.quote', { number: version.number, date: formatDutchDate(version.dated) });
      await respondToVersion(db, { version, caseId: caseRow.id, clientId: auth.userId, body, quote, now });
      const settlement = await getSettlement(db, caseRow.id, now, t);
      const answered = settlement.versions.find((v) => v.id === version.id);
      if (!answered) throw notFound();
      return { data: answered };
    },
  );

  app.get(
    '/api/settlement-versions/:id/redline',
    { schema: { response: { 200: RedlineResponseSchema }, params: CaseParams } },
    async (request) => {
      const { version } = await requireVersionAccess(request, request.params.id, ['client', 'lawyer']);
      // Stored with the version; never computed here (redline-job.ts fills in older ones).
      const redline = await storedRedline(db, version.id);
      return {
        data: redline?.parts ?? [],
        meta: { too_many_changes: redline?.too_many_changes ?? false, pending: redline === null },
      };
    },
  );

  app.post(
    '/api/cases/:id/settlement/ww-check/approve',
    { schema: { response: { 200: SettlementResponseBodySchema }, params: CaseParams } },
    async (request) => {
      const { auth, caseRow } = await requireLawyerOfCase(request, request.params.id);
      refuseClosedCase(caseRow, 'settlement');
      const final = await getFinalVersion(db, caseRow.id);
      if (!final) throw new AppError('conflict', 'errors.settlement.noFinal');
      if (checkOfTerms(termsOf(final), requestTranslate(request)).result === null)
        throw new AppError('conflict', 'errors.settlement.checkIncomplete');
      const now = clock.now();
      await approveWwCheck(db, { final, caseId: caseRow.id, actorId: auth.userId, now });
      return { data: await getSettlement(db, caseRow.id, now, requestTranslate(request)) };
    },
  );

  app.post(
    '/api/cases/:id/settlement/signed',
    { schema: { response: { 201: SettlementResponseBodySchema }, params: CaseParams } },
    async (request, reply) => {
      const { auth, caseRow } = await requireLawyerOfCase(request, request.params.id);
      refuseClosedCase(caseRow, 'settlement');
      const { fields, file } = await receiveParts(request, reply, `settlement/${caseRow.id}/signed`);
      try {
        const parsed = RecordSignedFieldsSchema.parse(fields);
        if (!file) throw fieldError('file', 'validation.noFile');
        const endsOn = getSettlementCoolingOffEnd({
          dated: parsed.dated,
          agreedOn: parsed.agreed_on,
          clauseStated: parsed.cooling_off_clause,
          dissolvedWithinSixMonths: parsed.dissolved_within_six_months ?? false,
        });
        const now = clock.now();
        const values = {
          dated: parsed.dated,
          agreedOn: parsed.agreed_on,
          coolingOffClause: parsed.cooling_off_clause,
          dissolvedWithinSixMonths: parsed.dissolved_within_six_months ?? false,
          coolingOffEndsOn: endsOn,
          filename: file.filename,
          contentType: file.contentType,
          sizeBytes: file.size,
          storageKey: file.key,
          recordedBy: auth.userId,
          recordedAt: now,
          expiredTaskAt: null,
        };
        // A corrected record's file is kept (settlement_signed_superseded), never removed here.
        await recordSigned(db, {
          caseId: caseRow.id,
          actorId: auth.userId,
          expectedVersion: parsed.version ?? 0,
          values,
          now,
        });
        return reply.status(201).send({ data: await getSettlement(db, caseRow.id, now, requestTranslate(request)) });
      } catch (error) {
        if (file) await storage.remove(file.key).catch(() => undefined);
        throw error;
      }
    },
  );

  app.get(
    '/api/cases/:id/settlement/dissolution-letter',
    { schema: { params: CaseParams } },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      if (auth.role !== 'client') throw new AppError('forbidden', 'errors.server.forbidden');
      const signed = await getSigned(db, caseRow.id);
      if (!signed) throw new AppError('conflict', 'errors.settlement.notSigned');
      if (!signed.coolingOffEndsOn) throw new AppError('conflict', 'errors.settlement.noCoolingOff');
      const pdf = await dissolutionLetter(db, {
        caseRow,
        signed,
        language: request.headers['accept-language'] ?? 'nl-NL',
        now: clock.now(),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'attachment; filename="ontbindingsverklaring.pdf"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );

  app.get('/api/cases/:id/key-dates.ics', { schema: { params: CaseParams } }, async (request, reply) => {
    const { caseRow } = await requireCaseAccess(request, request.params.id);
    const settlement = await getSettlement(db, caseRow.id, clock.now(), requestTranslate(request));
    const body = keyDatesCalendar({
      caseId: caseRow.id,
      dates: settlement.dates,
      replyVersionId: settlement.versions[0]?.id ?? null,
      t: requestTranslate(request),
      now: clock.now(),
    });
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="belangrijke-data.ics"')
      .send(body);
  });
};
