/** `npm run build:openapi` (part of `npm run build`): writes docs/openapi.json from the app's zod schemas. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/infra/config/config';
import { openPglite } from '../src/server/infra/db/client';
import { diskStorage } from '../src/server/infra/storage/storage';
import { systemClock } from '../src/server/infra/lib/clock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_FILE = path.join(root, 'docs/openapi.json');

export async function writeOpenApi(file = OPENAPI_FILE): Promise<void> {
  const database = await openPglite(null);
  const config = testConfig({ env: 'production' });
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    storage: diskStorage('/nonexistent'),
    webRoot: null,
  });
  try {
    writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeOpenApi();
  process.stdout.write(`${path.relative(root, OPENAPI_FILE)} written\n`);
}
