import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { requestTranslate, serverTranslate } from '../errors/language';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built SPA: dist/web next to dist/server, or found from the source tree. */
export function findWebRoot(): string | null {
  const candidates = [
    path.resolve(here, '../web'),
    path.resolve(here, '../../dist/web'),
    path.resolve(here, '../../../../dist/web'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/**
 * CSP sources (`'sha256-…'`) of the inline scripts in the built index.html: the one that starts
 * the stored language's translations loading before the app's script. Nothing
 * without a web root.
 */
export function inlineScriptHashes(webRoot: string | null): string[] {
  if (!webRoot) return [];
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/**
 * The web app manifest (/manifest.webmanifest) that makes the portal installable: its name is the
 * configured product name, its texts Dutch, its colours and icons those of the built app
 * (scripts/pwa.ts writes the icons).
 */
export function webManifest(productName: string): Record<string, unknown> {
  const t = serverTranslate('nl-NL');
  const icon = (file: string, size: number, purpose: string) => ({
    src: `/icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: productName,
    short_name: t('pwa.manifest.shortName'),
    description: t('pwa.manifest.description', { product: productName }),
    lang: 'nl',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#17496b',
    background_color: '#f8fafc',
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/files/');

/**
 * Serves the built SPA (with /i18n/{lang}.json) and falls back to index.html for client routes.
 * Text assets are sent as the .br or .gz written beside them at build time
 * (scripts/precompress.mjs), chosen by `Accept-Encoding`, with `Vary: Accept-Encoding` always.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below, not the library's 'public, max-age=0'.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Every file may come brotli, gzip or as it is: caches must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    const manifest = JSON.stringify(webManifest(app.deps.config.site.productName));
    app.get('/manifest.webmanifest', { schema: { hide: true }, config: { rateLimit: false } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (webRoot && wantsPage) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    if (!webRoot && wantsPage) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    return reply.status(404).send({ message: requestTranslate(request)('errors.server.notFound') });
  });
}
