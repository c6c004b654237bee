// Apart from lib/after-first-paint.ts, which every page's first script holds (/login's too): only
// the signed-in app's live stream needs this.

/**
 * Calls `callback` once, `delayMs` after the browser's next frame (or, where no frame comes, as in a hidden tab, a
 * second later than that): for a request the page's first paint should not share the line with, which must not wait
 * for the browser to be idle either (the live stream, `lib/live-events.ts`). Returns a function that cancels it.
 */
export function afterNextFrame(callback: () => void, delayMs: number): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    cancel();
    callback();
  };
  const frame =
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (task = setTimeout(run, delayMs))) : 0;
  const fallback = setTimeout(run, 1_000 + delayMs);
  function cancel() {
    done = true;
    if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  }
  return cancel;
}
