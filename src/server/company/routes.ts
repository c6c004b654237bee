import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '../../contract/text';
import { UpdateCompanyRequestSchema } from '../../contract/cases';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView } from '../cases/views';
import { cases } from '../db/schema';
import { notFound, staleWrite } from '../errors/errors';
import { emit } from '../domain-events';
import { applyCaseEvent } from '../workflow/apply';

const IdParams = z.object({ id: text().max(64) });

/** PATCH /api/cases/{id}: the client's ex-employer details; complete data may move a lead on (workflow). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  app.patch('/api/cases/:id', { schema: { params: IdParams, body: UpdateCompanyRequestSchema } }, async (request) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
    const body = request.body;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(cases)
        .set({
          companyName: body.company_name,
          companyStreet: body.company_street?.trim() ? body.company_street : null,
          companyHouseNumber: body.company_house_number,
          companyPostcode: body.company_postcode,
          companyCity: body.company_city,
          contactEmail: body.contact_email,
          contactPhoneNumber: body.contact_phone_number,
          lastUpdateAt: now,
          companyVersion: sql`${cases.companyVersion} + 1`,
        })
        // The version the form was loaded with, checked in this statement (docs/decisions/046).
        .where(and(eq(cases.id, caseRow.id), body.version === undefined ? undefined : eq(cases.companyVersion, body.version)))
        .returning();
      if (!updated) throw body.version === undefined ? notFound() : staleWrite();
      await emit(tx, { actorId: auth.userId, action: 'case.company_updated', subjectType: 'case', subjectId: caseRow.id, data: {}, at: now });
      const move = await applyCaseEvent(tx, { caseId: caseRow.id, event: { type: 'data-updated' }, actorId: auth.userId, now });
      return move ? { ...updated, statusSlug: move.to } : updated;
    });
    return { data: await getClientCaseView(db, row, { secret: config.appSecret, now, storage }) };
  });
};
