import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenBootRequestsSettle } from './prefetch';
import { holdFirstPageUpdates } from './query-client';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('holding the first page’s updates until the boot requests are in', () => {
  afterEach(() => {
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });

  it('tells components about every answer at once, after the last boot request settles', async () => {
    const client = new QueryClient();
    const boot = deferred();
    const released = holdFirstPageUpdates([boot.promise], 5_000);
    const seen: string[] = [];
    for (const key of ['site', 'user']) {
      // As useQuery subscribes: through notifyManager.batchCalls.
      new QueryObserver(client, { queryKey: [key], queryFn: () => key }).subscribe(
        notifyManager.batchCalls((result) => {
          if (result.data) seen.push(result.data as string);
        }),
      );
    }
    await vi.waitFor(() => expect(client.getQueryData(['user'])).toBe('user'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    boot.resolve();
    await released;
    expect(seen.sort()).toEqual(['site', 'user']);
    client.clear();
  });

  it('changes nothing without boot requests', async () => {
    const client = new QueryClient();
    await holdFirstPageUpdates(undefined);
    const seen: unknown[] = [];
    new QueryObserver(client, { queryKey: ['site'], queryFn: () => 'site' }).subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));
    await vi.waitFor(() => expect(seen).toContain('site'));
    client.clear();
  });
});

describe('whenBootRequestsSettle', () => {
  it('waits for requests added while it waits, and never longer than its limit', async () => {
    const first = deferred();
    const later = deferred();
    const waits: Promise<unknown>[] = [first.promise.then(() => waits.push(later.promise))];
    let done = false;
    const settled = whenBootRequestsSettle(waits, 5_000).then(() => (done = true));
    first.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    later.resolve();
    await settled;
    expect(done).toBe(true);

    const start = Date.now();
    await whenBootRequestsSettle([new Promise(() => undefined)], 50);
    expect(Date.now() - start).toBeLessThan(2_000);
  });
});
