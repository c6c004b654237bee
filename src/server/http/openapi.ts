import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Routes that are not part of the documented API: the SPA's files and the docs themselves. */
export const UNDOCUMENTED = [/^\/api\/docs/, /^\/assets\//, /^\/\*$/, /^\/$/];

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
    hideUntagged: false,
  });
  if (options.serveDocs) {
    const swaggerUi = (await import('@fastify/swagger-ui')).default;
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  }
}
