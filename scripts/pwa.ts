// The installable app's build: icons (sharp, from the brand mark in public/favicon.svg), the
// offline page (in Dutch, from the translations; English comes from the cache at run time) and
// the service worker (/sw.js) with the list of the shell it keeps. `npm run dev` serves all of
// them too, made on request, so the worker, the offline page and push work there. See docs/web.md.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** The brand's colours (src/web/styles.css): the header's blue and the page's background. */
export const THEME_COLOR = '#17496b';
export const BACKGROUND_COLOR = '#f8fafc';

/** Every icon the app has: the manifest's (192, 512, one maskable), Apple's and the notices' badge. */
export const ICONS = {
  'icons/icon-192.png': { size: 192, kind: 'mark' },
  'icons/icon-512.png': { size: 512, kind: 'mark' },
  'icons/maskable-512.png': { size: 512, kind: 'full-bleed' },
  'icons/apple-touch-icon.png': { size: 180, kind: 'full-bleed' },
  'icons/badge-96.png': { size: 96, kind: 'badge' },
} as const;
type IconKind = (typeof ICONS)[keyof typeof ICONS]['kind'];

/** The brand mark's drawing (its strokes, without the rounded square behind them). */
function glyph(faviconSvg: string): string {
  const match = /<g[\s\S]*<\/g>/.exec(faviconSvg);
  if (!match) throw new Error('pwa: public/favicon.svg has no <g> with the brand mark');
  return match[0];
}

/**
 * - `mark`: the favicon as drawn (a rounded square);
 * - `full-bleed`: the square filled to the edges with the mark inside the maskable safe zone (a
 *   circle of 80 %), for Android's masks and iOS's rounded corners;
 * - `badge`: the mark alone in white on transparent, as Android shows it in the status bar.
 */
function iconSvg(faviconSvg: string, kind: IconKind): string {
  if (kind === 'mark') return faviconSvg;
  const mark = glyph(faviconSvg);
  const inner = `<g transform="translate(28 28) scale(0.75) translate(-28 -28)">${mark}</g>`;
  const background = kind === 'full-bleed' ? `<rect width="56" height="56" fill="${THEME_COLOR}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56" width="56" height="56">${background}${inner}</svg>`;
}

export async function renderIcons(faviconSvg: string): Promise<Record<string, Buffer>> {
  const icons: Record<string, Buffer> = {};
  for (const [file, { size, kind }] of Object.entries(ICONS)) {
    icons[file] = await sharp(Buffer.from(iconSvg(faviconSvg, kind)), { density: (72 * size) / 56 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  return icons;
}

/** `{{a.b}}` in the offline page's template from the Dutch translations, HTML-escaped. */
export function fillTemplate(template: string, texts: unknown): string {
  return template.replace(/\{\{([\w.]+)\}\}/g, (_, key: string) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    if (typeof value !== 'string') throw new Error(`pwa: the offline page needs the translation ${key}`);
    return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  });
}

/** The entry's files (its chunk, the chunks it imports, their styles): what every page loads first. */
function entryFiles(bundle: OutputBundle): { scripts: string[]; styles: string[] } {
  const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('pwa: the bundle has no entry chunk');
  const scripts: string[] = [];
  const styles = new Set<string>();
  const stack = [entry.fileName];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    const chunk = bundle[file];
    if (scripts.includes(file) || chunk?.type !== 'chunk') continue;
    scripts.push(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    stack.push(...chunk.imports);
  }
  return { scripts, styles: [...styles] };
}

async function bundleScript(entry: string, define: Record<string, string> = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    define,
    logLevel: 'warning',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`pwa: esbuild wrote nothing for ${entry}`);
  return file.text;
}

/** The shell files of the build and of `npm run dev` alike (the build adds its scripts and styles). */
const SHELL_FILES = [
  '/offline.html',
  '/offline.js',
  '/manifest.webmanifest',
  '/i18n/nl-NL.json',
  '/i18n/en-US.json',
  '/logo.svg',
  '/favicon.svg',
  ...Object.keys(ICONS).map((file) => `/${file}`),
];
/** Public files whose content goes into the worker's version. */
const VERSIONED_PUBLIC = ['i18n/nl-NL.json', 'i18n/en-US.json', 'logo.svg', 'favicon.svg'];

/**
 * The worker's version: a hash of what it keeps (the shell's paths, which name the hashed build
 * files, and the contents of the rest), so any change makes a new version.
 */
function shellVersion(shell: string[], parts: (string | Buffer)[]): string {
  const hash = createHash('sha256').update(JSON.stringify(shell));
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** The offline page's stylesheet in `npm run dev`: the app's own, compiled by Vite (the build links its file). */
const DEV_OFFLINE_CSS = '/offline.css';

/** The Vite plugin: emits the icons, offline.html, offline.js and sw.js with the built app; serves them in dev. */
export function pwaPlugin(root: string): Plugin {
  const web = path.join(root, 'src/web/service-worker');
  const publicDir = path.join(root, 'public');
  const favicon = () => readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  const dutch = (): unknown => JSON.parse(readFileSync(path.join(publicDir, 'i18n/nl-NL.json'), 'utf8'));
  const offlineHtml = (styleLinks: string) =>
    fillTemplate(readFileSync(path.join(web, 'offline.html'), 'utf8'), dutch()).replace('<!--styles-->', styleLinks);
  return {
    name: 'portal-pwa',
    configureServer(server) {
      // `npm run dev`: the icons, the offline page and the worker, made from the sources on every
      // request (so an edit shows at the next load; the worker's version follows its content). The
      // worker keeps only these; Vite's modules (/src/…, /@vite/…, /node_modules/…) are never cached.
      const devFiles: Record<string, () => Promise<{ type: string; body: string | Buffer }>> = {
        '/offline.html': async () => ({
          type: 'text/html; charset=utf-8',
          body: offlineHtml(`<link rel="stylesheet" href="${DEV_OFFLINE_CSS}" />`),
        }),
        '/offline.js': async () => ({
          type: 'text/javascript; charset=utf-8',
          body: await bundleScript(path.join(web, 'offline-page.ts')),
        }),
        [DEV_OFFLINE_CSS]: async () => ({
          type: 'text/css; charset=utf-8',
          body: (await server.transformRequest('/styles.css?direct'))?.code ?? '',
        }),
        '/sw.js': async () => {
          const shell = [...SHELL_FILES, DEV_OFFLINE_CSS];
          const offline = offlineHtml(`<link rel="stylesheet" href="${DEV_OFFLINE_CSS}" />`);
          const sources = ['sw.ts', 'rules.ts', 'offline-page.ts'].map((file) => readFileSync(path.join(web, file)));
          const publicFiles = VERSIONED_PUBLIC.map((file) => readFileSync(path.join(publicDir, file)));
          return {
            type: 'text/javascript; charset=utf-8',
            body: await bundleScript(path.join(web, 'sw.ts'), {
              __PORTAL_SHELL__: JSON.stringify(shell),
              __PORTAL_VERSION__: JSON.stringify(shellVersion(shell, [offline, ...sources, ...publicFiles])),
            }),
          };
        },
      };
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '').split('?')[0] ?? '';
        const file = pathname.slice(1);
        if (file in ICONS) {
          void renderIcons(favicon()).then((icons) => {
            response.setHeader('Content-Type', 'image/png');
            response.end(icons[file]);
          }, next);
          return;
        }
        const make = devFiles[pathname];
        if (!make || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
        make().then(({ type, body }) => {
          response.setHeader('Content-Type', type);
          response.setHeader('Cache-Control', 'no-cache');
          response.end(request.method === 'HEAD' ? undefined : body);
        }, next);
      });
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        if (!Object.values(bundle).some((item) => item.type === 'chunk' && item.isEntry)) return;
        const emit = (fileName: string, source: string | Buffer) => this.emitFile({ type: 'asset', fileName, source });
        const { scripts, styles } = entryFiles(bundle);

        const icons = await renderIcons(favicon());
        for (const [file, png] of Object.entries(icons)) emit(file, png);

        const styleLinks = styles.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('\n    ');
        const offline = offlineHtml(styleLinks);
        emit('offline.html', offline);
        const offlineJs = await bundleScript(path.join(web, 'offline-page.ts'));
        emit('offline.js', offlineJs);

        const shell = [...SHELL_FILES, ...[...scripts, ...styles].map((file) => `/${file}`)];
        // A new version whenever a file of the shell changes (hashed names change with their content).
        const publicFiles = VERSIONED_PUBLIC.map((file) => readFileSync(path.join(publicDir, file)));
        const version = shellVersion(shell, [offline, offlineJs, ...publicFiles, ...Object.values(icons)]);
        const sw = await bundleScript(path.join(web, 'sw.ts'), {
          __PORTAL_SHELL__: JSON.stringify(shell),
          __PORTAL_VERSION__: JSON.stringify(version),
        });
        emit('sw.js', sw);
      },
    },
  };
}
