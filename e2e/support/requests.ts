import type { Page } from 'playwright-core';

/**
 * Counts the GET requests to the API that the page at `pagePath` makes, by path and query (the
 * live stream's own `/api/events?ticket=…` is left out: it is not data). Requests of the document
 * that was open before (a late request of the previous page) do not count.
 */
export function countApiGets(page: Page, pagePath: string): () => Record<string, number> {
  const counts: Record<string, number> = {};
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/events') return;
    if (new URL(request.frame().url()).pathname !== pagePath) return;
    const key = `${url.pathname}${url.search}`;
    counts[key] = (counts[key] ?? 0) + 1;
  });
  return () => ({ ...counts });
}

/** Resolves once the page at `pagePath` has opened its live stream, and a moment later has handled its `ready`. */
export async function waitForLiveStream(page: Page, pagePath: string): Promise<void> {
  await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events' && new URL(request.frame().url()).pathname === pagePath);
  await page.waitForTimeout(1_000);
}
