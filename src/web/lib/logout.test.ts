import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { installFakeFetch, on } from '../test/fake-fetch';
import { session } from './app-session';
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
});
