import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';

/**
 * Writes the icon (public/favicon.svg, a few hundred bytes) into the built index.html as a data URL: the browser then
 * asks for no icon while the first page loads, where on a slow phone connection every request shares the line with
 * the page's scripts. /favicon.svg is still served. Build only; the CSP allows `data:` images.
 */
export function inlineFaviconPlugin(faviconFile: string): Plugin {
  return {
    name: 'portal-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(LINK)) throw new Error('inline favicon: index.html has no icon link to replace');
      const svg = readFileSync(faviconFile, 'utf8').trim().replace(/>\s+</g, '><');
      const url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace(LINK, `<link rel="icon" type="image/svg+xml" href="${url}" />`);
    },
  };
}
