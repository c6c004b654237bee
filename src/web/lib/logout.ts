import { CACHE_PREFIX } from '../service-worker/rules';
import { api } from './api';
import { session } from './app-session';
import { stopLiveEventStream } from './live-events';
import { unsubscribeThisBrowser } from './push';
import { queryClient } from './query-client';

/** At most this long a logout waits for the requests in flight to end (see `logout`). */
export const LOGOUT_SETTLE_MS = 2_000;

/** Until no query or mutation is in flight, or `LOGOUT_SETTLE_MS` has passed. */
async function requestsSettled(): Promise<void> {
  const deadline = Date.now() + LOGOUT_SETTLE_MS;
  while (queryClient.isFetching() + queryClient.isMutating() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Revokes the token on the server (POST /api/logout), then ends the session in every tab. The
 * requests already in flight (a refetch the live stream asked for, a save) end first: sent with
 * the token, they would otherwise meet it revoked and fail with a 401. One that starts once the
 * logout is sent (a refetch after a save) is not sent at all (`endsSession`, lib/api-client.ts),
 * and the live stream stops before it, so that no stream opens with the revoked token.
 */
export async function logout(): Promise<void> {
  // The server answers with `Clear-Site-Data: "storage"`, which empties localStorage and with it
  // the settings; the reader's choices (the language) outlive a logout, so they are put back
  // (and again by the session store if the browser empties the storage once more, lib/session.ts).
  const { settings } = session.getState();
  try {
    stopLiveEventStream();
    await requestsSettled();
    if (session.getState().auth.token) await api.request('/api/logout', { method: 'POST', endsSession: true });
  } catch {
    // The session ends locally even when the server cannot be reached or the token had expired.
  } finally {
    // This browser stops receiving the user's notices (the server removes the device at logout too).
    void unsubscribeThisBrowser().catch(() => undefined);
    session.dispatch({ type: 'logout' });
    session.dispatch({ type: 'settings', settings: { ...settings, pushDevice: undefined } });
    queryClient.clear();
    // Nothing the service worker kept stays on the device after a logout.
    await clearServiceWorkerCaches().catch(() => undefined);
  }
}

/**
 * Deletes what the service worker cached: the worker keeps nothing until the next page load. Not in
 * lib/service-worker.ts, which is part of every page's first script.
 */
async function clearServiceWorkerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name)));
}
