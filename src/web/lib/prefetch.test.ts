import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_ROUTES, bootScript } from '../../../scripts/boot-script';
import { createApiClient } from './api-client';
import { PREFETCH_MAX_AGE_MS, takePrefetched, whenBootRequestsSettle, type PrefetchStore } from './prefetch';
import { deferred } from '../test/fixtures';

const entry = (overrides: Partial<PrefetchStore[string]> = {}) => ({
  response: Promise.resolve(new Response('{"data":1}', { status: 200 })),
  authorization: 'Bearer tok',
  language: 'nl-NL',
  at: 1_000,
  ...overrides,
});
const headers = { Accept: 'application/json', Authorization: 'Bearer tok', 'Accept-Language': 'nl-NL' };

describe('takePrefetched', () => {
  it('gives a fresh answer for the same path, token and language once', () => {
    const store: PrefetchStore = { '/api/user': entry() };
    expect(takePrefetched(store, '/api/user', headers, 2_000)).toBeDefined();
    expect(takePrefetched(store, '/api/user', headers, 2_000)).toBeUndefined();
  });

  it('refuses another token, another language, no token, or an old answer (and drops it)', () => {
    const store: PrefetchStore = { a: entry(), b: entry(), c: entry(), d: entry() };
    expect(takePrefetched(store, 'a', { ...headers, Authorization: 'Bearer other' }, 2_000)).toBeUndefined();
    expect(takePrefetched(store, 'b', { ...headers, 'Accept-Language': 'en-US' }, 2_000)).toBeUndefined();
    expect(
      takePrefetched(store, 'c', { Accept: 'application/json', 'Accept-Language': 'nl-NL' }, 2_000),
    ).toBeUndefined();
    expect(takePrefetched(store, 'd', headers, 1_000 + PREFETCH_MAX_AGE_MS + 1)).toBeUndefined();
    expect(store).toEqual({});
  });

  it('without a store or an entry there is nothing', () => {
    expect(takePrefetched(undefined, '/api/user', headers, 0)).toBeUndefined();
    expect(takePrefetched({}, '/api/user', headers, 0)).toBeUndefined();
  });
});

describe('the API client with prefetched answers', () => {
  it('uses the prefetched answer of a plain GET instead of fetching, and fetches the rest', async () => {
    const fetchMock = vi.fn(async () => new Response('{"data":{"id":2}}', { status: 200 }));
    const take = vi.fn((path: string) =>
      path === '/api/a' ? Promise.resolve(new Response('{"data":{"id":1}}', { status: 200 })) : undefined,
    );
    const api = createApiClient({
      getToken: () => 'tok',
      onUnauthenticated: () => {},
      fetch: fetchMock as unknown as typeof fetch,
      takePrefetched: take,
    });
    const { z } = await import('zod');
    const Schema = z.object({ data: z.object({ id: z.number() }) });
    expect(await api.get('/api/a', Schema)).toEqual({ data: { id: 1 } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(take).toHaveBeenCalledWith('/api/a', expect.objectContaining({ Authorization: 'Bearer tok' }));
    expect(await api.get('/api/b', Schema)).toEqual({ data: { id: 2 } });
    await api.post('/api/a', { x: 1 });
    expect(take).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a prefetched 401 ends the session like any other', async () => {
    const onUnauthenticated = vi.fn();
    const api = createApiClient({
      getToken: () => 'tok',
      onUnauthenticated,
      fetch: vi.fn() as unknown as typeof fetch,
      takePrefetched: () => Promise.resolve(new Response('{}', { status: 401 })),
    });
    await expect(api.get('/api/user', (await import('zod')).z.unknown())).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    expect(onUnauthenticated).toHaveBeenCalled();
  });
});

describe('the boot script of index.html', () => {
  const routes = BOOT_ROUTES.map(({ modules, ...route }) => ({
    ...route,
    files: modules.map((file) => `/assets/${file.split('/').pop()}.js`),
  }));
  const caseId = '9031a3fe-9b0d-489c-a534-c6fba145bde9';
  const answers: Record<string, unknown> = {
    '/api/cases/mine': { data: { id: caseId } },
    '/api/cases/mine/dashboard': { data: { case: { id: caseId } } },
  };

  function run(url: string, state: unknown) {
    window.history.replaceState(null, '', url);
    window.localStorage.clear();
    if (state) window.localStorage.setItem('state', JSON.stringify(state));
    document.head.innerHTML = '';
    const fetchMock = vi.fn(
      async (path: string) => new Response(JSON.stringify(answers[path.split('?')[0] ?? ''] ?? {}), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    new Function(bootScript(routes))();
    const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
    return { fetchMock, preloads, requested: () => fetchMock.mock.calls.map(([path]) => path) };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__prefetch;
    delete window.__prefetchWaits;
  });

  const lawyer = { settings: { language: 'en-US' }, user: { id: 'u', roles: ['lawyer'] }, auth: { token: 'tok' } };
  const client = { ...lawyer, user: { id: 'c', roles: ['client'] } };
  const signedIn = lawyer;

  it('starts a case detail page’s requests with the stored token and language, and preloads its chunks', async () => {
    const { fetchMock, preloads } = run(`/dossiers/${caseId}`, signedIn);
    expect(preloads).toContain('/assets/general-tab-page.tsx.js');
    expect(fetchMock).toHaveBeenCalledWith(`/api/cases/${caseId}`, {
      headers: { Accept: 'application/json', 'Accept-Language': 'en-US', Authorization: 'Bearer tok' },
    });
    expect(Object.keys(window.__prefetch ?? {})).toEqual([
      '/api/site',
      '/api/messages/unread',
      '/api/user',
      `/api/cases/${caseId}`,
      '/api/statuses',
      `/api/cases/${caseId}/timeline?page=1`,
    ]);
    expect(window.__prefetch?.['/api/user']).toMatchObject({ authorization: 'Bearer tok', language: 'en-US' });
  });

  it('on the dashboard, asks for its data in one request, in the stored language', () => {
    const { requested } = run('/', client);
    expect(requested()).toEqual([
      '/api/site',
      '/api/messages/unread',
      '/api/user',
      '/api/cases/mine/dashboard?lang=en-US',
    ]);
  });

  it('lists a wait per request that settles only after the requests needing the case id have started', async () => {
    const { requested } = run('/', client);
    const waits = window.__prefetchWaits ?? [];
    expect(waits).toHaveLength(4);
    await Promise.all(waits.slice());
    // The case id comes from the dashboard's answer (its `case`): the settlement was started before its wait settled.
    expect(waits).toHaveLength(5);
    // The menu's 'Onderhandeling' and the dashboard's bedenktijd line (app-layout.tsx layoutData).
    expect(requested()).toContain(`/api/cases/${caseId}/settlement`);
  });

  it('with the client’s case id stored, starts the requests that need it at once, right after the dashboard’s', () => {
    const { requested } = run('/', { ...client, user: { ...client.user, case: { id: caseId } } });
    // Synchronously, before any answer: no round trip to learn the case id.
    expect(requested()).toEqual([
      '/api/site',
      '/api/messages/unread',
      '/api/user',
      '/api/cases/mine/dashboard?lang=en-US',
      `/api/cases/${caseId}/settlement`,
    ]);
  });

  it('when /api/cases/mine names another case than the stored one, asks again for that case', async () => {
    const stored = '11111111-2222-4333-8444-555555555555';
    const { requested } = run('/documenten', { ...client, user: { ...client.user, case: { id: stored } } });
    expect(requested()).toContain(`/api/cases/${stored}/documents`);
    await Promise.all((window.__prefetchWaits ?? []).slice());
    await vi.waitFor(() => expect(requested()).toContain(`/api/cases/${caseId}/documents`));
    expect(requested().filter((path) => path.endsWith('/documents'))).toHaveLength(2);
  });

  it('when the dashboard’s answer names another case than the stored one, asks again for that case', async () => {
    const stored = '11111111-2222-4333-8444-555555555555';
    const { requested } = run('/', { ...client, user: { ...client.user, case: { id: stored } } });
    await Promise.all((window.__prefetchWaits ?? []).slice());
    await vi.waitFor(() => expect(requested()).toContain(`/api/cases/${caseId}/settlement`));
    expect(requested().filter((path) => path.endsWith('/settlement'))).toEqual([
      `/api/cases/${stored}/settlement`,
      `/api/cases/${caseId}/settlement`,
    ]);
  });

  it('does not ask twice when /api/cases/mine names the stored case', async () => {
    const { requested } = run('/documenten', { ...client, user: { ...client.user, case: { id: caseId } } });
    await Promise.all((window.__prefetchWaits ?? []).slice());
    expect(requested().filter((path) => path.endsWith('/documents'))).toEqual([`/api/cases/${caseId}/documents`]);
  });

  it('starts nothing for a signed-in page without a stored token, or with a query string', () => {
    expect(run('/dossiers', null).fetchMock).not.toHaveBeenCalled();
    expect(run('/dossiers', null).preloads).toEqual([]);
    expect(run('/dossiers?groep=voltooid', signedIn).fetchMock).not.toHaveBeenCalled();
    expect(run('/account', signedIn).fetchMock).not.toHaveBeenCalled();
  });

  it('starts nothing on a page of another role: a lawyer opening / or a client opening /dossiers', () => {
    expect(run('/', lawyer).fetchMock).not.toHaveBeenCalled();
    expect(run('/documenten', lawyer).fetchMock).not.toHaveBeenCalled();
    expect(run('/dossiers', client).fetchMock).not.toHaveBeenCalled();
  });

  it('on /login, only the public site request without Authorization, in Dutch by default', () => {
    const { fetchMock } = run('/login', null);
    expect(fetchMock.mock.calls).toEqual([
      ['/api/site', { headers: { Accept: 'application/json', 'Accept-Language': 'nl-NL' } }],
    ]);
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
