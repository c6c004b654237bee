import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Refetches the queries a change touched, for a change the screen learns of from elsewhere (a
 * live event). An invalidation restarts a fetch in flight only for a query that has data: a
 * first load still running is kept, and when it read before the change and answers after it,
 * the screen would show the change undone until the next one. So such loads are loaded again
 * once they end. They are not cancelled: whoever awaits a first load (a route's loader) would
 * get an error instead of data.
 */
export async function refetchAfterChange(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const firstLoads = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
  // Waits for the refetches, the kept first loads among them.
  await queryClient.invalidateQueries(filters);
  await Promise.all(
    firstLoads.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })),
  );
}
