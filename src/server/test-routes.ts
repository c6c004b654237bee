import type { FastifyPluginAsync } from 'fastify';

/**
 * Routes only a test build of the server adds: none in the product. The browser journeys bundle
 * the same entry point with this module swapped for `testing/session-mint.ts`
 * (e2e/support/server-build.ts), so `npm run build` never contains a way to mint a session
 * (docs/testing.md).
 */
export const testOnlyRoutes: FastifyPluginAsync | undefined = undefined;
