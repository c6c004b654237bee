/**
 * The service worker's decisions as pure functions (tested in jsdom; `sw.ts` wires them to the
 * worker's events). What it may keep is the app shell and nothing else: the built scripts and
 * styles, the translations, the icons and the offline page. API answers, files and documents are
 * never cached, so no case content is ever kept on the device.
 */

/** Prefix of every cache the worker makes; logout and a new version delete them by it. */
export const CACHE_PREFIX = 'portal-shell-';

/** The offline page, shown for a navigation the network cannot answer. */
export const OFFLINE_PAGE = '/offline.html';

/** The app's icon, shown with every notice (built by scripts/pwa.ts). */
export const NOTICE_ICON = '/icons/icon-192.png';
/** The monochrome badge Android shows in the status bar. */
export const NOTICE_BADGE = '/icons/badge-96.png';

/**
 * - `navigate`: a page load: the network, else the offline page;
 * - `immutable`: a hashed file under /assets/: the cache, else the network (kept once fetched);
 * - `shell`: a shell file without a hash in its name (translations, icons, logo): the network,
 *   else the cache;
 * - `none`: not the worker's business (API answers, files, documents, other origins): the
 *   browser fetches it as if there were no worker.
 */
export type Strategy = 'navigate' | 'immutable' | 'shell' | 'none';

/** Paths that are never answered from or written to a cache. */
const NEVER = /^\/(?:api|files)(?:\/|$)/;

export function strategyFor(
  request: { url: string; method: string; mode: string },
  origin: string,
  shell: readonly string[],
): Strategy {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== origin || NEVER.test(url.pathname)) return 'none';
  if (request.mode === 'navigate') return 'navigate';
  if (url.search) return 'none';
  if (url.pathname.startsWith('/assets/')) return 'immutable';
  return shell.includes(url.pathname) ? 'shell' : 'none';
}

/** The cache of one version of the app. */
export function cacheName(version: string): string {
  return CACHE_PREFIX + version;
}

/** Caches of other versions (deleted when this version takes over). */
export function staleCaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName(version));
}

/** A notice as the server sends it: `{title, body, url, tag}`, never case content. */
export type PushNotice = { title: string; body: string; url: string; tag: string };

/** The push message's JSON as a notice, or null when it is not one. */
export function parseNotice(payload: unknown, origin: string): PushNotice | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { title, body, url, tag } = payload as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim()) return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: portalPath(url, origin),
    tag: typeof tag === 'string' ? tag : '',
  };
}

/** A same-origin path of the portal for `url`, or '/' for anything else (another site, a script URL). */
export function portalPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * Which open window of the portal a click on a notice goes to: one already on `path`, else the
 * focused one, else any; undefined when none is open (then a new one opens).
 */
export function pickWindow<T extends { url: string; focused: boolean }>(
  windows: readonly T[],
  path: string,
  origin: string,
): T | undefined {
  const ours = windows.filter((w) => new URL(w.url).origin === origin);
  const onPath = ours.find((w) => {
    const url = new URL(w.url);
    return url.pathname + url.search + url.hash === path;
  });
  return onPath ?? ours.find((w) => w.focused) ?? ours[0];
}
