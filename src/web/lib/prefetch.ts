/**
 * GET requests that index.html's boot script (scripts/boot-script.ts) started before the app's
 * JavaScript arrived, so a page's data loads alongside its code rather than after it
 * (decision 022). Each is used once, by the first request for the same path with the same
 * token and language, and only while fresh; anything else fetches as usual.
 */
export type PrefetchEntry = { response: Promise<Response>; authorization: string; language: string; at: number };
export type PrefetchStore = Record<string, PrefetchEntry | undefined>;

/** Older than this, a prefetched answer is not used (a slow start, a page left open). */
export const PREFETCH_MAX_AGE_MS = 10_000;

declare global {
  interface Window {
    __prefetch?: PrefetchStore;
    /** One promise per boot request, settled once its answer is in (and follow-up requests started). */
    __prefetchWaits?: Promise<unknown>[];
  }
}

/**
 * Resolves once every boot request has settled, including those started later from an earlier
 * answer (the client's case id), or after `maxMs`, whichever is first. Never rejects.
 */
export async function whenBootRequestsSettle(waits: Promise<unknown>[], maxMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  const all = (async () => {
    let seen = -1;
    while (seen !== waits.length) {
      seen = waits.length;
      await Promise.allSettled(waits.slice());
    }
  })();
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}

export function takePrefetched(
  store: PrefetchStore | undefined,
  path: string,
  headers: Readonly<Record<string, string>>,
  now: number,
): Promise<Response> | undefined {
  const entry = store?.[path];
  if (!store || !entry) return undefined;
  delete store[path];
  if (entry.authorization !== (headers.Authorization ?? '') || entry.language !== (headers['Accept-Language'] ?? ''))
    return undefined;
  if (now - entry.at > PREFETCH_MAX_AGE_MS) return undefined;
  return entry.response;
}
