import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPageLoader, firstPageShown, resetFirstPageForTests } from './first-page';
import { afterNextFrame, applyLiveEvent } from './live-events';

function cacheWith(entries: [string, number][]) {
  const queryClient = new QueryClient();
  for (const [key, updatedAt] of entries) queryClient.setQueryData([key], key, { updatedAt });
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0]);

describe('applyLiveEvent ready', () => {
  afterEach(() => resetFirstPageForTests());

  it('a stream that could not resume refetches everything', () => {
    const queryClient = cacheWith([
      ['old', 1_000],
      ['new', 5_000],
    ]);
    applyLiveEvent(queryClient, 'ready', { resumed: false });
    expect(invalidated(queryClient)).toEqual(['old', 'new']);
  });

  it("the page's first stream keeps what was loaded after its ticket was asked for", () => {
    const queryClient = cacheWith([
      ['old', 1_000],
      ['new', 5_000],
    ]);
    applyLiveEvent(queryClient, 'ready', { resumed: false }, { freshSince: 3_000 });
    expect(invalidated(queryClient)).toEqual(['old']);
  });

  it("the page's first stream keeps the first page's data, loaded by the boot script before the ticket", async () => {
    const before = Date.now() - 60_000;
    await firstPageLoader(
      async () => undefined,
      () => [Promise.resolve()],
    )({ params: {}, request: new Request('http://localhost/') });
    const queryClient = cacheWith([
      ['old', before],
      ['first page', Date.now()],
    ]);
    firstPageShown();
    applyLiveEvent(queryClient, 'ready', { resumed: false }, { freshSince: Date.now() + 1_000 });
    expect(invalidated(queryClient)).toEqual(['old']);
    // A later stream that could not resume refetches it like everything else.
    applyLiveEvent(queryClient, 'ready', { resumed: false });
    expect(invalidated(queryClient)).toEqual(['old', 'first page']);
  });

  it('a resumed stream refetches nothing', () => {
    const queryClient = cacheWith([['old', 1_000]]);
    applyLiveEvent(queryClient, 'ready', { resumed: true });
    expect(invalidated(queryClient)).toEqual([]);
  });
});

describe('afterNextFrame', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  /** Frames every 16 ms, on the fake clock. */
  const frames = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  };

  it('calls back once, the delay after the next frame, not during the render that asked', () => {
    frames();
    const callback = vi.fn();
    afterNextFrame(callback, 500);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16 + 499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back a second after the delay when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const callback = vi.fn();
    afterNextFrame(callback, 500);
    vi.advanceTimersByTime(1_499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    frames();
    const callback = vi.fn();
    const cancel = afterNextFrame(callback, 500);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
