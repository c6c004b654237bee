import { notifyManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { whenBootRequestsSettle } from './prefetch';

/**
 * Library defaults (3 retries, backoff 1 s to 30 s, 5 minute cache) except that answers which
 * cannot change on a retry (401, 403, 404, 422, a body that breaks the contract) are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
      },
    },
  });
}

function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'unauthenticated' || error.kind === 'validation' || error.kind === 'invalid-response') return false;
  return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
}

export const queryClient = createQueryClient();

/** The longest the first page's updates wait for the boot requests (a slow or hanging answer). */
export const FIRST_PAGE_HOLD_MAX_MS = 3_000;

type Scheduler = Parameters<typeof notifyManager.setScheduler>[0];

/**
 * The first page renders its data once (decision 022, addendum): while index.html's boot
 * requests are still out, TanStack Query's notifications (each answer re-renders its
 * components) are held, then run in one task, where React batches them into one render. Once
 * they have settled (at most `maxMs`), notifications run as usual. Without boot requests
 * (a page not in BOOT_ROUTES, tests) nothing changes.
 */
export function holdFirstPageUpdates(waits: Promise<unknown>[] | undefined, maxMs = FIRST_PAGE_HOLD_MAX_MS): Promise<void> {
  if (!waits || waits.length === 0) return Promise.resolve();
  let held: (() => void)[] | null = [];
  const usual: Scheduler = (callback) => setTimeout(callback, 0);
  notifyManager.setScheduler((callback) => {
    if (held) held.push(callback);
    else usual(callback);
  });
  return whenBootRequestsSettle(waits, maxMs).then(() => {
    const callbacks = held ?? [];
    held = null;
    notifyManager.setScheduler(usual);
    for (const callback of callbacks) callback();
  });
}

if (typeof window !== 'undefined') void holdFirstPageUpdates(window.__prefetchWaits);
