// Bundles the server into dist/server (dependencies stay external) and copies the migrations.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
