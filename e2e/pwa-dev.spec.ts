import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { freePort } from '../src/server/infra/testing/free-port';
import { newContext } from './support/browser';
import { useSharedJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/**
 * `npm run dev` serves the installable app too: Vite's dev server (as scripts/dev.mjs starts it,
 * its API calls going to the fork's product) serves /sw.js, the offline page and the icons, the page
 * registers the worker, and the worker keeps the shell only, never one of Vite's modules.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = 'client07@example.com';
/** While offline, the page's open requests (the live stream, Vite's own socket) fail and say so. */
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /EventSource/, /WebSocket/, /vite/i];

describe('the installable app in `npm run dev`', () => {
  const journey = useSharedJourney();
  const getSession = sessionCache();
  let dev: ViteDevServer | undefined;
  let devUrl = '';
  // Its own pre-bundled dependencies, under node_modules (so the React plugin leaves them alone).
  const cacheDir = path.join(root, 'node_modules', `.vite-e2e-${process.pid}`);

  beforeAll(async () => {
    const port = await freePort();
    const apiUrl = process.env.API_URL;
    process.env.API_URL = journey.product.baseUrl;
    try {
      dev = await createServer({
        configFile: path.join(root, 'vite.config.ts'),
        cacheDir,
        logLevel: 'error',
        clearScreen: false,
        server: { host: '127.0.0.1', port, strictPort: true },
      });
    } finally {
      if (apiUrl === undefined) delete process.env.API_URL;
      else process.env.API_URL = apiUrl;
    }
    await dev.listen();
    devUrl = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    await dev?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('serves and registers the worker, which keeps the shell and no dev module; offline: the page', async () => {
    const worker = await fetch(`${devUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await worker.text()).toContain('portal-shell-');

    const context = await newContext(journey.browser, {
      baseUrl: devUrl,
      viewport: { width: 360, height: 740 },
      serviceWorkers: 'allow',
    });
    try {
      const { page } = await journey.openTab(context, { allowConsole: OFFLINE_NOISE });
      // The dev server transforms each module on its first request: on two busy cores the first
      // page's load event came after the default 30 s.
      page.setDefaultNavigationTimeout(90_000);
      await signIn(page, await getSession(journey.product, CLIENT));
      await page.goto('/documenten');
      await page.getByRole('heading', { level: 1, name: 'Documenten' }).waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 })
        .toBe(`${devUrl}/sw.js`);
      const kept = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        return paths;
      });
      expect(kept).toEqual(
        expect.arrayContaining(['/offline.html', '/offline.js', '/offline.css', '/i18n/nl-NL.json']),
      );
      expect(kept.filter((file) => /^\/(src|@vite|@fs|@react-refresh|node_modules|api|files)\b/.test(file))).toEqual(
        [],
      );

      // Offline: the offline page, in the app's style; back online, the page comes back by itself.
      await context.setOffline(true);
      await page.goto('/berichten');
      const retry = page.getByRole('button', { name: 'Opnieuw proberen' });
      await page.getByRole('heading', { level: 1, name: 'Je bent offline' }).waitFor();
      expect(await retry.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(23, 73, 107)');
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: 'Berichten' }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  }, 180_000);
});
