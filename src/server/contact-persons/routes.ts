import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { UpdateContactPersonsRequestSchema, ContactPersonListResponseSchema } from '../../contract/contact-persons';
import { requireCaseAccess } from '../cases/access';
import { listContactPersons, replaceContactPersons } from './queries';

const IdParams = z.object({ id: text().max(64) });

export const contactPersonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/api/cases/:id/contact-persons',
    { schema: { response: { 200: ContactPersonListResponseSchema }, params: IdParams } },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id);
      // The version is read (with the case) before the list: a save in between makes it stale, never the list.
      return { data: await listContactPersons(db, caseRow.id), meta: { version: caseRow.contactPersonsVersion } };
    },
  );

  /** The whole list is replaced; removing one means sending the list without it. */
  app.post(
    '/api/cases/:id/contact-persons',
    {
      schema: {
        response: { 200: ContactPersonListResponseSchema },
        params: IdParams,
        body: UpdateContactPersonsRequestSchema,
      },
    },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const saved = await replaceContactPersons(
        db,
        caseRow.id,
        request.body.contact_persons,
        clock.now(),
        auth.userId,
        request.body.version,
      );
      return { data: saved.list, meta: { version: saved.version } };
    },
  );
};
