/**
 * The portal's service worker (/sw.js, scope '/'), built by scripts/pwa.ts. It keeps the app
 * shell (rules.ts says what that is) so the portal opens fast and shows a page of its own when
 * there is no connection, and it shows push notices. It never keeps an API answer, a file or a
 * document. A new version installs beside the old one and waits: the page tells it to take over
 * at the next navigation (lib/service-worker.ts), never in the middle of a form.
 */
import {
  cacheName,
  NOTICE_BADGE,
  NOTICE_ICON,
  OFFLINE_PAGE,
  parseNotice,
  pickWindow,
  staleCaches,
  strategyFor,
} from './rules';

/** Set by the build: the shell's paths and a version that changes with any of them. */
declare const __PORTAL_SHELL__: string[];
declare const __PORTAL_VERSION__: string;

/* The worker's side of the platform, as far as this file uses it (the DOM lib has no worker scope). */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
};
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type MessageEvent = ExtendableEvent & { data: unknown };
type WindowClient = {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
};
type WorkerScope = {
  location: Location;
  registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

const worker = globalThis as unknown as WorkerScope;
const SHELL = __PORTAL_SHELL__;
const CACHE = cacheName(__PORTAL_VERSION__);
const origin = worker.location.origin;

worker.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the page lets it take over.
  event.waitUntil(precache());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), __PORTAL_VERSION__)) await caches.delete(name);
      await worker.registration.navigationPreload?.enable();
      // The first version takes the open pages at once (a later one only when the page asked for it).
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'skip-waiting') void worker.skipWaiting();
  // A page loaded after a logout emptied the cache asks for the shell again.
  if (type === 'precache') event.waitUntil(precache());
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, origin, SHELL);
  if (strategy === 'navigate') event.respondWith(navigate(event));
  else if (strategy === 'immutable') event.respondWith(cacheFirst(event.request));
  else if (strategy === 'shell') event.respondWith(networkFirst(event.request));
});

worker.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    payload = null;
  }
  const notice = parseNotice(payload, origin);
  if (!notice) return;
  event.waitUntil(
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag || undefined,
      icon: NOTICE_ICON,
      badge: NOTICE_BADGE,
      lang: 'nl',
      data: { url: notice.url },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  const opened = openPortal(typeof url === 'string' ? url : '/');
  try {
    event.waitUntil(opened);
  } catch {
    // An event the worker dispatched itself cannot be extended; the work runs all the same.
  }
});

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL.map((path) => new Request(path, { cache: 'reload' })));
}

/** Writes a response into this version's cache, only while that cache exists (a logout deletes it). */
async function keep(request: Request, response: Response): Promise<void> {
  if (!response.ok || response.type !== 'basic' || !(await caches.has(CACHE))) return;
  await (await caches.open(CACHE)).put(request, response);
}

async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { ignoreVary: true })) ?? Response.error();
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  await keep(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    await keep(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** Focuses an open tab of the portal and moves it to `path` (through its router), or opens one. */
async function openPortal(path: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = pickWindow(windows, path, origin);
  if (!target) {
    await worker.clients.openWindow(path);
    return;
  }
  target.postMessage({ type: 'open', url: path });
  try {
    await target.focus();
  } catch {
    // Focusing is allowed only right after the click; the tab has moved to the page all the same.
  }
}
