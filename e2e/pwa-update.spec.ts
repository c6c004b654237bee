import { createServer, request as forwardRequest, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from './support/browser';
import { expectPath } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/**
 * A new version of the installable app takes over at the next navigation, never in the middle of
 * a form. The product is reached through a small proxy that can serve a changed /sw.js, as a
 * deploy does: the same worker with another version (so another cache). Tess Mulder (client07)
 * writes a message she has not sent yet while the new version installs.
 */
const CLIENT = 'client07@example.com';
const NEXT_VERSION = 'e2e-next-version';

type DeployProxy = {
  url: string;
  /** From now on /sw.js is the product's with `change` applied: a new version is out. */
  deploy: (change: (script: string) => string) => void;
  close: () => Promise<void>;
};

/** Forwards everything to `target` (streams too); only /sw.js can be swapped for a new version. */
async function startDeployProxy(target: string): Promise<DeployProxy> {
  const upstream = new URL(target);
  let change: ((script: string) => string) | null = null;
  const server = createServer((request, response) => {
    const swap = request.url === '/sw.js' ? change : null;
    const headers: OutgoingHttpHeaders = { ...request.headers, host: upstream.host };
    if (swap) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = forwardRequest(
      { hostname: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers },
      (answer) => {
        if (!swap) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, rest);
          response.end(swap(Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    forward.on('error', () => response.destroy());
    response.on('close', () => forward.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: (next) => {
      change = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The worker's caches: one per version of the app ('portal-shell-<version>'). */
function shellCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('portal-shell-')).sort());
}

/** The state of the version that installed and waits, or null when none waits. */
function waitingState(page: Page): Promise<string | null> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
}

/** True while the page is the one loaded at the start (a reload drops the mark). */
function samePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { e2eLoaded?: boolean }).e2eLoaded === true);
}

/** Shows a notice for `url` in the worker and clicks it, as a person does on the phone's notice. */
async function clickNotice(context: BrowserContext, url: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  await worker.evaluate(async (path) => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    await scope.registration.showNotification('Nieuw bericht', { tag: 'e2e-update', data: { url: path } });
    const [notification] = await scope.registration.getNotifications({ tag: 'e2e-update' });
    if (!notification) throw new Error('no notice shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, url);
}

describe('a new version of the app', () => {
  const journey = useSharedJourney();
  const getSession = sessionCache();
  let proxy: DeployProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it('waits while a form holds a draft, also when a notice of that page is clicked; then takes over', async () => {
    proxy = await startDeployProxy(journey.product.baseUrl);
    const context = await newContext(journey.browser, { baseUrl: proxy.url, serviceWorkers: 'allow' });
    try {
      await context.grantPermissions(['notifications'], { origin: proxy.url });
      const { page } = await journey.openTab(context);
      await signIn(page, await getSession(journey.product, CLIENT));
      await page.goto('/berichten');
      await page.getByRole('heading', { level: 1, name: 'Berichten' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
        .toBe('activated');
      const [first, ...others] = await shellCaches(page);
      expect(others).toEqual([]);
      const version = (first ?? '').slice('portal-shell-'.length);
      expect(version).toMatch(/^[0-9a-f]{16}$/);
      await page.evaluate(() => {
        (window as unknown as { e2eLoaded: boolean }).e2eLoaded = true;
      });

      // Tess starts a message.
      const field = page.getByRole('textbox', { name: 'Bericht' });
      await field.fill('Ik twijfel nog over het voorstel');

      // A new version is deployed; the browser finds it, installs it beside the old one, and it waits.
      proxy.deploy((script) => {
        if (!script.includes(`"${version}"`)) throw new Error('the worker does not carry its version');
        return script.replaceAll(`"${version}"`, `"${NEXT_VERSION}"`);
      });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      await expect.poll(() => waitingState(page), { timeout: 30_000 }).toBe('installed');
      expect(await shellCaches(page)).toEqual([`portal-shell-${NEXT_VERSION}`, first].sort());

      // The page and its form keep working, without a reload.
      await field.pressSequentially(', kunnen we bellen?');
      expect(await field.inputValue()).toBe('Ik twijfel nog over het voorstel, kunnen we bellen?');
      expect(await samePage(page)).toBe(true);

      // A notice of this very page is clicked: the tab goes to /berichten again (a navigation), but the
      // draft is still there, so the new version keeps waiting.
      const entries = await page.evaluate(() => history.length);
      await clickNotice(context, '/berichten');
      await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1);
      await expectPath(page, '/berichten');
      await field.pressSequentially(' Groet, Tess');
      expect(await field.inputValue()).toBe('Ik twijfel nog over het voorstel, kunnen we bellen? Groet, Tess');

      // Leaving for another page asks first; staying keeps the draft and the old version.
      const documents = page.getByRole('link', { name: 'Documenten', exact: true }).first();
      const dialog = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
      await documents.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Blijven' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await field.inputValue()).toBe('Ik twijfel nog over het voorstel, kunnen we bellen? Groet, Tess');
      expect(await samePage(page)).toBe(true);
      expect(await waitingState(page)).toBe('installed');
      expect(await shellCaches(page)).toEqual([`portal-shell-${NEXT_VERSION}`, first].sort());

      // The next navigation (Tess lets the draft go) is the new version's: the old one and its cache are gone.
      await documents.click();
      await dialog.getByRole('button', { name: 'Pagina verlaten' }).click();
      await expectPath(page, '/documenten');
      await expect.poll(() => samePage(page).catch(() => true), { timeout: 30_000 }).toBe(false);
      await page.getByRole('heading', { level: 1, name: 'Documenten' }).waitFor();
      await expect.poll(() => shellCaches(page), { timeout: 30_000 }).toEqual([`portal-shell-${NEXT_VERSION}`]);
      expect(await waitingState(page)).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    } finally {
      await context.close();
    }
  }, 180_000);
});
