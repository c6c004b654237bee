import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { WEB_ALIASES } from './scripts/web-aliases';

/**
 * Server tests that measure timing distributions, hold real slow sockets open, or measure the
 * process's own heap (project `slow`): the heap measure reads the whole fork's old generation, which
 * what the server suite's earlier files in a shared fork leave running can fill.
 */
const SLOW = [
  'src/server/hardening/timing.test.ts',
  'src/server/hardening/slow-client.test.ts',
  'src/server/infra/http/young-garbage.test.ts',
];
/**
 * The fuzz sweep: every route, as four actors, with some 16,000 generated and nasty inputs
 * (project `sweep`). `npm test` runs it beside the server suite; the inner loop does not.
 */
const SWEEP = ['src/server/hardening/fuzz.test.ts'];

/**
 * The journey files that take longest (each walks many screens or starts a product of its own),
 * measured with `npm test`'s JSON report. Vitest runs the files it has no timings for (a fresh
 * clone, CI) largest first; these small but slow files then ran last and made a tail of a minute
 * in which the other forks had nothing left to do.
 */
const LONG_JOURNEYS = [
  'e2e/case-route.spec.ts',
  'e2e/pwa.spec.ts',
  'e2e/accessibility.spec.ts',
  'e2e/layout-narrow.spec.ts',
  'e2e/client-dashboard.spec.ts',
  'e2e/settlement.spec.ts',
  'e2e/accessibility-english.spec.ts',
  'e2e/client-documents.spec.ts',
  'e2e/document-review.spec.ts',
  'e2e/accessibility-narrow.spec.ts',
  'e2e/keyboard.spec.ts',
  'e2e/language-walk.spec.ts',
];

/** Vitest's own order (failed first, then longest by its timings, else largest), the long journeys before the rest. */
class LongJourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_JOURNEYS.findIndex((file) => spec.moduleId.endsWith(file));
      return index < 0 ? LONG_JOURNEYS.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongJourneysFirst },
    // Two test files at a time on the 2-core machine (Vitest's default is cores - 1 = one): the
    // PGlite and jsdom tests are CPU-bound in the worker, the runner itself mostly waits. The
    // browser and scale projects keep one fork (singleFork below).
    maxWorkers: 2,
    minWorkers: 1,
    // Whether a fork is reused for the next file is decided here, for the whole forks pool
    // (Vitest reads a project's `isolate` only inside the worker): forks are kept, and each
    // project below says whether its files share modules. The web tests need a fresh module
    // graph per file (React Query, i18n and router state at module level): they run in
    // `vmThreads`, each file in a new VM context of a kept worker, which halves their time
    // against a new worker and jsdom per file (`threads`).
    poolOptions: { forks: { isolate: false } },
    projects: [
      { test: { name: 'contract', include: ['src/contract/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          // In the `slow` and `sweep` projects below.
          exclude: [...SLOW, ...SWEEP],
          environment: 'node',
          testTimeout: 60_000,
          // A fork's first database (PGlite from the template) can take a minute on a loaded machine.
          hookTimeout: 180_000,
          pool: 'forks',
          // The files of a fork share its modules: fastify, PGlite, drizzle and the app are
          // imported once per fork, not once per file (that import was a third of this project's
          // time). Each file still builds its own app on an empty database of its own; on PGlite
          // the fork's backend, emptied after the file before (testing/pglite-pool.ts).
          isolate: false,
        },
      },
      {
        // Statistical timing and real slow sockets: minutes of measuring or waiting on timers,
        // not of checking logic. `npm test` runs them (on both databases), the inner loop
        // (`npm run test:quick`) does not. Same settings as the server project.
        test: {
          name: 'slow',
          include: SLOW,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // Minutes of repeating, not of checking new logic: `npm test` runs it with the server
        // suite, the inner loop does not. Same settings as the server project.
        test: {
          name: 'sweep',
          include: SWEEP,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: WEB_ALIASES },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          // Rendering whole pages in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 40_000,
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // The first file of a fork may make the demo template, the test build and the shared product.
          hookTimeout: 1_200_000,
          pool: 'forks',
          // Two journey files at a time (maxWorkers above): a journey mostly waits on its browser
          // and server, one file keeps about one core busy. Each file has its own product and SMTP
          // peer; the demo data template is made once, under a lock (support/product.ts). The
          // files of a fork share its modules and its Chromium (support/browser.ts): no new
          // process, imports and browser per file.
          isolate: false,
          poolOptions: { forks: { singleFork: false } },
        },
      },
      {
        // Several real processes (instances, HAProxy, Redis, s3rver, PostgreSQL): `npm test` runs
        // these after the build, with DATABASE_URL.
        test: {
          name: 'scale',
          include: ['e2e/**/*.scale.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
