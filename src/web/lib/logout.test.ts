import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import { installFakeFetch, on } from '../test/fake-fetch';
import { session } from './app-session';
import { useLiveEventStream } from './live-events';
import { logout } from './logout';
import { queryClient } from './query-client';

afterEach(() => {
  queryClient.clear();
});

describe('logout', () => {
  it('lets the requests in flight end before it revokes the token, so none of them meets a 401', async () => {
    const { calls } = installFakeFetch(on('POST', '/api/logout', { status: 204 }));
    session.dispatch({ type: 'login', user: makeUser('client'), token: 'secret' });
    let answer!: (value: string) => void;
    const refetch = queryClient.fetchQuery({
      queryKey: ['in-flight'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const done = logout();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.map((c) => c.path)).toEqual([]);
    answer('ok');
    await refetch;
    await done;
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.authorization}`)).toEqual([
      'POST /api/logout Bearer secret',
    ]);
    expect(session.getState().auth.token).toBeNull();
  });

  it('stops the live stream first: a ticket that arrives after the logout opens no stream with its token', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        onerror: (() => void) | null = null;
        constructor(url: string) {
          opened.push(url);
        }
        addEventListener() {}
        close() {}
      },
    );
    const sent: string[] = [];
    let answerTicket!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        sent.push(`${init.method ?? 'GET'} ${input}`);
        if (input === '/api/events/ticket') await new Promise<void>((resolve) => (answerTicket = resolve));
        const body =
          input === '/api/events/ticket'
            ? JSON.stringify({ ticket: 't'.repeat(43), expires_at: '2026-12-07T12:00:00.000Z' })
            : null;
        return new Response(body, { status: body ? 200 : 204, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    // Another token than the first test's: the api client refuses requests with a token it logged out.
    session.dispatch({ type: 'login', user: makeUser('client'), token: 'second' });
    const stream = renderHook(() => useLiveEventStream(queryClient, 'second'));
    await waitFor(() => expect(sent).toEqual(['POST /api/events/ticket']), { timeout: 3_000 });

    await logout();
    answerTicket();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['POST /api/events/ticket', 'POST /api/logout']);
    expect(opened).toEqual([]);
    stream.unmount();
  });
});
