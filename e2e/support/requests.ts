import type { Page } from 'playwright-core';

type Counted = { __apiGets?: Record<string, number>; __streamReady?: boolean };

/**
 * From the next page load on, counts in the page each `fetch` of a GET to the API by path and
 * query (index.html's boot script included), per document, and marks when the page's live
 * stream has handled its `ready`: a flag set in a task after the event, by when the app's own
 * listener has started any refetch it asks for.
 */
export async function countApiGets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as Counted;
    const counts: Record<string, number> = {};
    counted.__apiGets = counts;
    counted.__streamReady = false;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (method.toUpperCase() === 'GET' && url.pathname.startsWith('/api/')) {
        const key = `${url.pathname}${url.search}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return original(input, init);
    };
    const Source = window.EventSource;
    window.EventSource = class extends Source {
      constructor(url: string | URL, config?: EventSourceInit) {
        super(url, config);
        // Added before the app's listener, so the flag's task runs after the app's handler.
        this.addEventListener('ready', () => setTimeout(() => (counted.__streamReady = true), 0));
      }
    };
  });
}

/** Waits until the open page's live stream has handled its `ready`, then gives the counts of {@link countApiGets}. */
export async function apiGetsOnceStreamReady(page: Page): Promise<Record<string, number>> {
  await page.waitForFunction(() => (window as unknown as Counted).__streamReady === true);
  return page.evaluate(() => ({ ...(window as unknown as Counted).__apiGets }));
}
