import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPageLoader, firstPageShown, resetFirstPageForTests } from './first-page';
import { applyLiveEvent } from './live-events';

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

  it('lets a fetch in flight end: a further page the reader asked for is not lost', async () => {
    const queryClient = new QueryClient();
    const answers: ((page: string) => void)[] = [];
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: ['feedback'],
      queryFn: ({ pageParam }) => new Promise<string>((resolve) => answers.push(() => resolve(`page ${pageParam}`))),
      initialPageParam: 1,
      getNextPageParam: (_last, pages) => pages.length + 1,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      answers.shift()!('page 1');
      await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toEqual(['page 1']));
      const more = observer.fetchNextPage();
      applyLiveEvent(queryClient, 'ready', { resumed: false }, { freshSince: Date.now() + 1_000 });
      applyLiveEvent(queryClient, 'ready', { resumed: false });
      for (const answer of answers.splice(0)) answer('');
      await more;
      expect(observer.getCurrentResult().data?.pages).toEqual(['page 1', 'page 2']);
    } finally {
      unsubscribe();
    }
  });

  it('a resumed stream refetches nothing', () => {
    const queryClient = cacheWith([['old', 1_000]]);
    applyLiveEvent(queryClient, 'ready', { resumed: true });
    expect(invalidated(queryClient)).toEqual([]);
  });
});

describe('applyLiveEvent case_changed', () => {
  it('loads a first load in flight again when it ends: its answer from before the change does not stay', async () => {
    const queryClient = new QueryClient();
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['case', 'c1'],
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      // The first load read the case before the change; the change's event arrives before its answer.
      const before = answers.shift()!;
      applyLiveEvent(queryClient, 'case_changed', { case_id: 'c1' });
      before('before the change');
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      answers.shift()!('after the change');
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('after the change'));
    } finally {
      unsubscribe();
    }
  });
});
