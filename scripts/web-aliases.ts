import path from 'node:path';

/** Module aliases of the web app, for the build (vite.config.ts) and its unit tests (vitest.config.ts). */
export const WEB_ALIASES = {
  // Radix's useId queues a sync update on every mount (src/web/lib/radix-id.ts, decision 024).
  '@radix-ui/react-id': path.resolve(import.meta.dirname, '../src/web/lib/radix-id.ts'),
};
