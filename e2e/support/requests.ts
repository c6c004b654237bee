import type { Page } from 'playwright-core';

/**
 * Counts the page's GET requests to the API by path and query, from now on (the live stream's
 * own `/api/events?ticket=…` is left out: it is not data).
 */
export function countApiGets(page: Page): () => Record<string, number> {
  const counts: Record<string, number> = {};
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/events') return;
    const key = `${url.pathname}${url.search}`;
    counts[key] = (counts[key] ?? 0) + 1;
  });
  return () => ({ ...counts });
}

/** Resolves once the page's live stream has been opened, and a moment later has handled its `ready`. */
export async function waitForLiveStream(page: Page): Promise<void> {
  await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events');
  await page.waitForTimeout(1_000);
}
