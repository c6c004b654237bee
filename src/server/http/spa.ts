import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built SPA: dist/web next to dist/server, or found from the source tree. */
export function findWebRoot(): string | null {
  const candidates = [path.resolve(here, '../web'), path.resolve(here, '../../dist/web'), path.resolve(here, '../../../dist/web')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/files/');

/** Serves the built SPA (with /i18n/{lang}.json) and falls back to index.html for client routes. */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url) && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (webRoot && wantsPage) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    if (!webRoot && wantsPage) {
      return reply.status(404).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    return reply.status(404).send({ message: 'Niet gevonden.' });
  });
}
