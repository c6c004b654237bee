// Bundles the server (and its text worker) into dist/server (dependencies stay external) and copies the migrations.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  // The text worker (settlement/text-jobs.ts) is its own file beside main.js: a worker thread loads it.
  entryPoints: { main: 'src/server/main.ts', 'text-worker': 'src/server/settlement/text-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/infra/db/migrations', 'dist/server/migrations', { recursive: true });
