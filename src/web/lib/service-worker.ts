import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CACHE_PREFIX } from '../service-worker/rules';
import { afterFirstPaint } from './after-first-paint';
import { apiRequestsInFlight } from './api-client';
import { hasUnsavedChanges } from './unsaved-changes';

/**
 * The page's side of the service worker (/sw.js, src/web/service-worker/): registers it once the
 * first page has painted, lets a new version take over at the next navigation (never while a form
 * holds unsaved changes: a navigation to another page only happens once the unsaved-changes guard
 * let it, and one that stays on the page, such as a clicked notice of the page the user is writing
 * on, waits for a later one), and moves the tab to the page a clicked notice names. Logout empties
 * the worker's cache (lib/logout.ts).
 */

/** What the page needs of the router (a data router of React Router). */
export type NavigatingRouter = {
  state: { location: { key: string } };
  subscribe(listener: (state: { location: { key: string }; navigation: { state: string } }) => void): () => void;
  navigate(to: string): unknown;
};

/** How often the page asks whether a new version is out (a single-page app never reloads by itself). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers /sw.js (once); null where the browser has no service workers. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return Promise.resolve(null);
  registration ??= navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
      registration = null;
      return null;
    });
  return registration;
}

/** A takeover asks no sooner than this after the navigation, and no later than `TAKEOVER_MAX_MS` (see `takeOver`). */
const TAKEOVER_MIN_MS = 250;
const TAKEOVER_MAX_MS = 10_000;
const TAKEOVER_TICK_MS = 50;

let takingOver = false;

/**
 * Takes a waiting new version into use and loads the page the user just went to with it. The page
 * asks once the API requests of the page just shown have ended (at least `TAKEOVER_MIN_MS` after
 * the navigation, at most `TAKEOVER_MAX_MS`): Chromium leaves the new version waiting, for
 * minutes, when the old one receives a request after the ask and before it has stepped down. A
 * form the user started meanwhile keeps the version waiting for a later navigation.
 */
async function takeOver(waiting: ServiceWorker): Promise<void> {
  if (takingOver) return;
  takingOver = true;
  for (let waited = 0; waited < TAKEOVER_MAX_MS; waited += TAKEOVER_TICK_MS) {
    if (waited >= TAKEOVER_MIN_MS && apiRequestsInFlight() === 0) break;
    await new Promise((resolve) => setTimeout(resolve, TAKEOVER_TICK_MS));
  }
  if (hasUnsavedChanges() || waiting.state !== 'installed') {
    takingOver = false;
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skip-waiting' });
}

export function startServiceWorker(router: NavigatingRouter): void {
  if (!supported()) return;
  // A clicked notice: go to its page through the router, so the unsaved-changes guard still asks.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === 'open' && typeof data.url === 'string' && data.url.startsWith('/'))
      void router.navigate(data.url);
  });
  afterFirstPaint(() => {
    void registerServiceWorker().then(async (registered) => {
      if (!registered) return;
      // The cache was emptied by a logout (and the worker kept): the shell is fetched again.
      const active = (await navigator.serviceWorker.ready).active;
      const keys = await caches.keys();
      if (!keys.some((name) => name.startsWith(CACHE_PREFIX))) active?.postMessage({ type: 'precache' });
    });
  }, 5_000);
  let lastKey = router.state.location.key;
  let lastCheck = Date.now();
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key === lastKey) return;
    lastKey = state.location.key;
    void registration?.then((registered) => {
      // A version already waiting takes over once the new page is shown (useNewVersionAtNavigation).
      if (!registered || registered.waiting) return;
      if (Date.now() - lastCheck > UPDATE_CHECK_MS) {
        lastCheck = Date.now();
        void registered.update().catch(() => undefined);
      }
    });
  });
}

/**
 * A waiting new version takes over at a navigation, once React has shown the new page: the router
 * reports the new location before the page left is gone, and with it the unsaved-changes mark of
 * its form (an effect here runs after the old page's clean-ups, in the same commit). A form that
 * still holds what the user typed (they stayed on its page, as with a clicked notice of the page
 * they are writing on) keeps the version waiting for a later navigation. Used once, in the root
 * route's layout.
 */
export function useNewVersionAtNavigation(): void {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key === first.current) return;
    void registration?.then((registered) => {
      if (registered?.waiting && navigator.serviceWorker.controller && !hasUnsavedChanges())
        void takeOver(registered.waiting);
    });
  }, [key]);
}
