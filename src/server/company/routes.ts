import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { UpdateCompanyRequestSchema } from '../../contract/cases';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView } from '../cases/views';
import { cases } from '../db/schema';
import { notFound } from '../errors/errors';

const IdParams = z.object({ id: z.string().max(64) });

/** PATCH /api/cases/{id}: the client's ex-employer details. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;

  app.patch('/api/cases/:id', { schema: { params: IdParams, body: UpdateCompanyRequestSchema } }, async (request) => {
    const { caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
    const body = request.body;
    const now = clock.now();
    const [row] = await db
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
      })
      .where(eq(cases.id, caseRow.id))
      .returning();
    if (!row) throw notFound();
    return { data: await getClientCaseView(db, row, { secret: config.appSecret, now }) };
  });
};
