import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequestsInFlight, createApiClient } from './api-client';

const DataSchema = z.object({ data: z.object({ id: z.number() }) });

function client(response: Response | Error, token: string | null = 'tok') {
  const onUnauthenticated = vi.fn();
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const api = createApiClient({
    getToken: () => token,
    onUnauthenticated,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { api, onUnauthenticated, fetchMock };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('sends nothing more with a token once its logout is sent, and other tokens as before', async () => {
    let token: string | null = 'tok';
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    const onUnauthenticated = vi.fn();
    const api = createApiClient({
      getToken: () => token,
      onUnauthenticated,
      fetch: fetchMock as unknown as typeof fetch,
    });
    const logout = api.request('/api/logout', { method: 'POST', endsSession: true });
    const late = await failure(api.get('/api/user', DataSchema));
    expect(late.kind).toBe('unauthenticated');
    await logout;
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual(['/api/logout']);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    token = 'next';
    await api.request('/api/things', { method: 'POST' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends the bearer token and JSON, and parses the answer with the contract schema', async () => {
    const { api, fetchMock } = client(json(200, { data: { id: 7 }, extra: true }));
    await expect(api.post('/api/things', { a: 1 }, DataSchema)).resolves.toEqual({ data: { id: 7 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', expect.objectContaining({ method: 'POST', body: '{"a":1}' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('sends no Authorization header without a token, or when a request says token: null', async () => {
    const { api, fetchMock } = client(json(200, { data: { id: 1 } }), null);
    await api.get('/api/x', DataSchema);
    const withExplicitNull = client(json(200, { data: { id: 1 } }), 'tok');
    await withExplicitNull.api.request('/api/x', { schema: DataSchema, token: null });
    for (const mock of [fetchMock, withExplicitNull.fetchMock]) {
      const init = (mock.mock.calls[0] as unknown as [string, RequestInit])[1];
      expect(init.headers).not.toHaveProperty('Authorization');
    }
  });

  it('uses a given token instead of the session token (the user fetch right after login)', async () => {
    const { api, fetchMock } = client(json(200, { data: { id: 1 } }), null);
    await api.request('/api/user', { schema: DataSchema, token: 'fresh' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer fresh' });
  });

  it('accepts 204 without a body', async () => {
    const { api } = client(new Response(null, { status: 204 }));
    await expect(api.request('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('401 ends the session and carries the server message', async () => {
    const { api, onUnauthenticated } = client(json(401, { message: 'Unauthenticated.' }));
    const error = await failure(api.get('/api/user', DataSchema));
    expect(error.kind).toBe('unauthenticated');
    expect(error.serverMessage).toBe('Unauthenticated.');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("401 without a body reads 'Unauthenticated.'", async () => {
    const { api } = client(new Response('', { status: 401 }));
    expect((await failure(api.get('/api/user', DataSchema))).serverMessage).toBe('Unauthenticated.');
  });

  it('401 of a request without a token does not end a session', async () => {
    const { api, onUnauthenticated } = client(json(401, { message: 'Unauthenticated.' }), null);
    await failure(api.get('/api/user', DataSchema));
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('422 gives the field errors', async () => {
    const { api, onUnauthenticated } = client(
      json(422, { message: 'De code is ongeldig.', errors: { code: ['De code is ongeldig.'] } }),
    );
    const error = await failure(api.post('/api/token', { email: 'a@b.nl', code: 'AAAAAA' }));
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toEqual({ code: ['De code is ongeldig.'] });
    expect(error.serverMessage).toBe('De code is ongeldig.');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('422 with only a message keeps the message', async () => {
    const { api } = client(json(422, { message: 'Ongeldig.' }));
    const error = await failure(api.post('/api/code', {}));
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toEqual({});
    expect(error.serverMessage).toBe('Ongeldig.');
  });

  it.each([500, 503, 404, 429, 400])('%i is a server error with the server message kept', async (status) => {
    const { api } = client(json(status, { message: 'Kapot' }));
    const error = await failure(api.get('/api/x', DataSchema));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(status);
    expect(error.serverMessage).toBe('Kapot');
  });

  it('a network failure is a server error without a message', async () => {
    const { api } = client(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/api/x', DataSchema));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(0);
    expect(error.serverMessage).toBeNull();
  });

  it('counts a request as in flight from its sending until its answer, also when it fails', async () => {
    const answers: ((response: Response) => void)[] = [];
    const api = createApiClient({
      getToken: () => 'tok',
      onUnauthenticated: vi.fn(),
      fetch: (() => new Promise<Response>((resolve) => answers.push(resolve))) as unknown as typeof fetch,
    });
    const before = apiRequestsInFlight();
    const first = api.get('/api/one', DataSchema);
    const second = failure(api.get('/api/two', DataSchema));
    expect(apiRequestsInFlight()).toBe(before + 2);
    answers[0]?.(json(200, { data: { id: 1 } }));
    await first;
    expect(apiRequestsInFlight()).toBe(before + 1);
    answers[1]?.(json(500, { message: 'Kapot' }));
    await second;
    expect(apiRequestsInFlight()).toBe(before);
  });

  it('a body that breaks the contract is refused', async () => {
    const { api } = client(json(200, { data: { id: 'seven' } }));
    expect((await failure(api.get('/api/x', DataSchema))).kind).toBe('invalid-response');
  });

  it('a 500 with an HTML body still gives a server error', async () => {
    const { api } = client(new Response('<html>oops</html>', { status: 502 }));
    const error = await failure(api.get('/api/x', DataSchema));
    expect(error.kind).toBe('server');
    expect(error.serverMessage).toBeNull();
  });
});
