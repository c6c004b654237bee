import type { LoaderFunctionArgs } from 'react-router';
import { whenBootRequestsSettle } from './prefetch';

/*
 * The first page of a visit renders once, with its data (decision 022, addendum "route
 * loaders"). index.html's boot script has started the page's GET requests; the route's loader
 * waits for them and puts the page's queries in the cache, so the router shows the page (in a
 * transition, time-sliced) with its data instead of skeletons followed by one blocking render per
 * answer. Later navigations load as before: their loaders return at once.
 */

/** The longest the first page waits for its data; then it renders and loads the rest as usual. */
export const FIRST_PAGE_DATA_MAX_MS = 3_000;

/** The first page's data is not fetched again by the components that mount with it, for this long. */
export const FIRST_PAGE_DATA_FRESH_MS = 10_000;

/** Loads a page's queries into the cache (never needs to throw: a failed query shows on the page). */
export type PageData = (args: Pick<LoaderFunctionArgs, 'params' | 'request'>) => Promise<unknown>;

let firstPage = true;
/** {@link FIRST_PAGE_DATA_MAX_MS}, longer in tests where a busy machine transforms the page's modules on demand. */
let dataMaxMs = FIRST_PAGE_DATA_MAX_MS;
/** Data updated in this span (ms since the epoch) was loaded for the first page. */
let firstPageDataSince = 0;
let firstPageDataUntil = 0;

/** The router has shown its first page: from now on, loaders return at once. */
export function firstPageShown(): void {
  firstPage = false;
  if (firstPageDataUntil === Number.POSITIVE_INFINITY) firstPageDataUntil = Date.now();
}

/**
 * Tests only: as if the app had just started; `dataMaxMs` replaces the first page's longest wait for
 * its data (a test that counts requests must not see the page give up on a busy machine).
 */
export function resetFirstPageForTests({ dataMaxMs: maxMs = FIRST_PAGE_DATA_MAX_MS } = {}): void {
  dataMaxMs = maxMs;
  firstPage = true;
  firstPageDataSince = 0;
  firstPageDataUntil = 0;
}

type QueryLike = { state: { dataUpdatedAt: number } };

/** Whether this query's data was loaded by the first page's loaders. */
export function isFirstPageData(query: QueryLike): boolean {
  const { dataUpdatedAt } = query.state;
  return dataUpdatedAt !== 0 && dataUpdatedAt >= firstPageDataSince && dataUpdatedAt <= firstPageDataUntil;
}

/**
 * TanStack Query's `staleTime`: the first page's data stays fresh for a few seconds (the
 * components mounting with it would otherwise fetch it all again at once); everything else is
 * stale at once, the library's default.
 */
export function firstPageStaleTime(query: QueryLike): number {
  return isFirstPageData(query) ? FIRST_PAGE_DATA_FRESH_MS : 0;
}

/**
 * A route loader for `loadData`: on the first page, when the boot script started requests, it
 * waits for them (at most {@link FIRST_PAGE_DATA_MAX_MS}) and then for the page's queries, which
 * take the boot script's answers. Never throws, always returns null.
 */
export function firstPageLoader(
  loadData: PageData,
  bootRequests: () => Promise<unknown>[] | undefined = () => window.__prefetchWaits,
) {
  return async ({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<null> => {
    const waits = bootRequests();
    if (!firstPage || !waits || waits.length === 0) return null;
    if (firstPageDataUntil !== Number.POSITIVE_INFINITY) {
      firstPageDataSince = Date.now();
      firstPageDataUntil = Number.POSITIVE_INFINITY;
    }
    const deadline = Date.now() + dataMaxMs;
    await whenBootRequestsSettle(waits, dataMaxMs);
    const loading = Promise.resolve()
      .then(() => loadData({ params, request }))
      .catch(() => undefined);
    await whenBootRequestsSettle([loading], Math.max(0, deadline - Date.now()));
    return null;
  };
}
