import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { firstPageStaleTime } from './first-page';

/**
 * Library defaults (3 retries, backoff 1 s to 30 s, 5 minute cache, data stale at once) except
 * that answers which cannot change on a retry (401, 403, 404, 422, a body that breaks the
 * contract) are not retried, and that the first page's data stays fresh a few seconds
 * (lib/first-page.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: firstPageStaleTime,
        retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
      },
    },
  });
}

function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'unauthenticated' || error.kind === 'validation' || error.kind === 'invalid-response')
    return false;
  return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
}

export const queryClient = createQueryClient();
