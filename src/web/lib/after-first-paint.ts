import { useEffect } from 'react';

/**
 * Runs `callback` once the browser is idle after the page has painted (at most `timeoutMs`
 * later): for code the first page does not need, such as a menu that opens only on a click
 * (decision 026). Its download then starts after the page's own files and data, not among them.
 * Returns a function that cancels it.
 */
export function afterFirstPaint(callback: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Fetches a lazy module's code once the page has painted (`afterFirstPaint`), so its first use
 * does not wait for the download. A failure here is ignored: the module's own lazy load (with
 * `loadWithReload`) reports it when the code is actually needed.
 */
export function usePreloadAfterFirstPaint(load: () => Promise<unknown>): void {
  useEffect(() => afterFirstPaint(() => void load().catch(() => undefined)), [load]);
}
