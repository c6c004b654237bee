import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { firstPageLoader, firstPageShown } from './first-page';
import { applyLiveEvent } from './live-events';
import { addToConversation, messageQueryKeys } from './messages-query';
import type { Message } from '../../contract/messages';

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

/**
 * Races between an event and a fetch in flight: whatever the order in which they end, the screen
 * ends on what the server holds after the event, never on an answer read before it.
 */
describe('applyLiveEvent while a fetch is in flight', () => {
  type Counts = { data: { case_id: string; name: string; count: number }[]; total: number };
  const counts = (count: number): Counts => ({
    data: count > 0 ? [{ case_id: 'c1', name: 'Kees', count }] : [],
    total: count,
  });

  /** An observed query whose every fetch waits for the test to answer it. */
  function held<T>(queryKey: readonly unknown[]) {
    const queryClient = new QueryClient();
    const answers: ((value: T) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: () => new Promise<T>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const next = async () => {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      return answers.shift()!;
    };
    return { queryClient, observer, answers, next, unsubscribe };
  }

  /** A conversation as the cache holds it (one page, newest first), its messages by id only. */
  type Conversation = { pages: { data: { id: string }[]; next_cursor: null }[]; pageParams: null[] };
  const conversation = (...ids: string[]): Conversation => ({
    pages: [{ data: ids.map((id) => ({ id })), next_cursor: null }],
    pageParams: [null],
  });
  const shownIds = (q: { observer: QueryObserver<Conversation> }) =>
    q.observer.getCurrentResult().data?.pages.flatMap((page) => page.data.map((message) => message.id));

  it('a new message during the first load of the conversation: loaded again after it', async () => {
    const q = held<Conversation>(messageQueryKeys.conversation('c1'));
    try {
      const before = await q.next();
      applyLiveEvent(q.queryClient, 'message', { case_id: 'c1', id: 'm2' });
      before(conversation('m1'));
      (await q.next())(conversation('m2', 'm1'));
      await vi.waitFor(() => expect(shownIds(q)).toEqual(['m2', 'm1']));
    } finally {
      q.unsubscribe();
    }
  });

  it('a new message during a refetch of the conversation: the refetch is started again', async () => {
    const q = held<Conversation>(messageQueryKeys.conversation('c1'));
    try {
      (await q.next())(conversation('m1'));
      await vi.waitFor(() => expect(shownIds(q)).toEqual(['m1']));
      void q.observer.refetch();
      const before = await q.next();
      applyLiveEvent(q.queryClient, 'message', { case_id: 'c1', id: 'm2' });
      before(conversation('m1'));
      (await q.next())(conversation('m2', 'm1'));
      await vi.waitFor(() => expect(shownIds(q)).toEqual(['m2', 'm1']));
    } finally {
      q.unsubscribe();
    }
  });

  it('our own message, put on screen from its answer: its live event reads nothing again', async () => {
    const q = held<Conversation>(messageQueryKeys.conversation('c1'));
    try {
      (await q.next())(conversation('m1'));
      await vi.waitFor(() => expect(shownIds(q)).toEqual(['m1']));
      addToConversation(q.queryClient, { id: 'm2', case_id: 'c1' } as Message);
      addToConversation(q.queryClient, { id: 'm2', case_id: 'c1' } as Message);
      expect(shownIds(q)).toEqual(['m2', 'm1']);
      applyLiveEvent(q.queryClient, 'message', { case_id: 'c1', id: 'm2' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(q.answers).toHaveLength(0);
      // Another's message is read from the server.
      applyLiveEvent(q.queryClient, 'message', { case_id: 'c1', id: 'm3' });
      (await q.next())(conversation('m3', 'm2', 'm1'));
      await vi.waitFor(() => expect(shownIds(q)).toEqual(['m3', 'm2', 'm1']));
    } finally {
      q.unsubscribe();
    }
  });

  it('an unread count during the first load of the counts: the counts are loaded again', async () => {
    const q = held<Counts>(messageQueryKeys.unread);
    try {
      const before = await q.next();
      applyLiveEvent(q.queryClient, 'unread', { case_id: 'c1', count: 2 });
      before(counts(1));
      (await q.next())(counts(2));
      await vi.waitFor(() => expect(q.observer.getCurrentResult().data?.total).toBe(2));
    } finally {
      q.unsubscribe();
    }
  });

  it('an unread count during a refetch of the counts: read again, an older answer does not undo it', async () => {
    const q = held<Counts>(messageQueryKeys.unread);
    try {
      (await q.next())(counts(1));
      await vi.waitFor(() => expect(q.observer.getCurrentResult().data?.total).toBe(1));
      void q.observer.refetch();
      const before = await q.next();
      applyLiveEvent(q.queryClient, 'unread', { case_id: 'c1', count: 0 });
      before(counts(1));
      (await q.next())(counts(0));
      await vi.waitFor(() => expect(q.observer.getCurrentResult().data?.total).toBe(0));
    } finally {
      q.unsubscribe();
    }
  });
});
