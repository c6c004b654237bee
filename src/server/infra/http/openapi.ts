import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Routes that are not part of the documented API: the SPA's files and the docs themselves. */
export const UNDOCUMENTED = [/^\/api\/docs/, /^\/assets\//, /^\/\*$/, /^\/$/];

const file = (mediaType: string, description: string) => ({
  200: { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } },
});
const text = (mediaType: string, description: string) => ({
  200: { description, content: { [mediaType]: { schema: { type: 'string' } } } },
});
const noContent = { 204: { description: 'No Content' } };

/**
 * The answers of the operations that answer no JSON (a file, a calendar, a stream, 204), by
 * `METHOD /path` as the document names them: without a zod schema they would declare nothing.
 * http/openapi.test.ts fails for an operation without a 2xx answer (a redirect: its 3xx).
 */
export const NON_JSON_ANSWERS: Record<string, Record<number, unknown>> = {
  'GET /metrics': text('text/plain', 'Prometheus metrics'),
  'GET /api/events': text('text/event-stream', 'Server-sent events'),
  'GET /files/avatars/{file}': file('image/*', 'The avatar image'),
  'GET /files/documents/{id}': file('application/octet-stream', 'The document, in its own type'),
  'GET /files/exports/{id}': file('application/zip', "The client's data export"),
  'POST /api/documents/{id}/download': file('application/octet-stream', 'The document, in its own type'),
  'POST /api/complaint-files/{id}/download': file('application/octet-stream', 'The complaint document'),
  'GET /api/cases/{id}/export': file('application/zip', "The case's visible documents"),
  'GET /api/admin/archive/{case_id}/zip': file('application/zip', 'The archived case'),
  'GET /api/admin/audit.csv': text('text/csv', 'The audit trail'),
  'GET /api/admin/insight.csv': text('text/csv', 'The firm insight'),
  'GET /api/admin/complaints.csv': text('text/csv', 'The complaints register'),
  'GET /api/cases/{id}/appointment.ics': text('text/calendar', 'The appointment'),
  'GET /api/cases/{id}/key-dates.ics': text('text/calendar', "The settlement's key dates"),
  'GET /api/cases/{id}/settlement/dissolution-letter': file('application/pdf', 'The dissolution letter'),
  'GET /api/invoices/{id}/pdf': file('application/pdf', 'The invoice or credit note'),
  'GET /api/invoices/{id}/ubl': file('application/xml', 'The UBL 2.1 e-invoice (NLCIUS)'),
  'GET /api/invoices/{id}/letter': file('application/pdf', 'The fourteen-day letter'),
  'GET /api/admin/invoices.csv': text('text/csv', 'The invoices of a period'),
  'GET /api/admin/invoices/export.zip': file('application/zip', 'Every PDF and UBL file of a period'),
  'POST /api/logout': noContent,
  'DELETE /api/documents/{id}': noContent,
  'POST /api/documents/{id}/viewed': noContent,
  'DELETE /api/messages/{id}': noContent,
  'DELETE /api/cases/{id}/appointment': noContent,
  'DELETE /api/cases/{id}/appointment/callback': noContent,
  'DELETE /api/user/absences/{id}': noContent,
  'DELETE /api/push-subscriptions/{id}': noContent,
  'POST /api/admin/outbox/{id}/retry': noContent,
  'GET /api/mail/unsubscribe/one-click': { 303: { description: "To the portal's unsubscribe page" } },
};

type Operation = { responses?: Record<string, unknown> };

/** Adds the declared answers of the non-JSON operations to the generated document. */
function declareNonJsonAnswers({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      const answers = NON_JSON_ANSWERS[`${method.toUpperCase()} ${path}`];
      if (!answers) continue;
      // Replaces the generator's empty '200: Default Response' of a route without a response schema.
      const { 200: generated, ...rest } = operation.responses ?? {};
      void generated;
      operation.responses = { ...rest, ...answers };
    }
  return openapiObject;
}

/**
 * OpenAPI 3 generated from the routes' zod schemas (the contract in src/contract) by
 * @fastify/swagger with the zod type provider's transform. Register before the routes.
 * In development the document is browsable at /api/docs (@fastify/swagger-ui); the build
 * writes it to docs/openapi.json (scripts/openapi.ts).
 */
export async function registerOpenApi(app: FastifyInstance, options: { serveDocs: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ontslagportaal API',
        version: '1',
        description:
          'The case portal API (JSON). Authenticate with `Authorization: Bearer <token>` from POST /api/token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: declareNonJsonAnswers as never,
    hideUntagged: false,
  });
  if (options.serveDocs) {
    const swaggerUi = (await import('@fastify/swagger-ui')).default;
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  }
}
