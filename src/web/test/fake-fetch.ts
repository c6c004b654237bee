import { vi } from 'vitest';

export type FakeRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };
export type FakeResponse = { status: number; body?: unknown } | 'network-error';
export type FakeRoute = (request: FakeRequest) => FakeResponse | undefined;

/** Requests no route of the current fake answered; test-setup.ts fails the test when any are left. */
const unmatched: FakeRequest[] = [];

/**
 * Replaces fetch with a table of answers (only in component tests; e2e uses the real server).
 * Every request is recorded, so a test can assert on every call. A request no route answers gets
 * a 404 (so the page under test does not hang) and fails the test after it ends: a screen that
 * asks for something the test did not expect is a finding, not noise. A test that means a 404
 * says so with a route (`on('GET', '/api/x', { status: 404 })`).
 */
export function installFakeFetch(...routes: FakeRoute[]) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      headers,
      body,
    };
    calls.push(request);
    for (const route of routes) {
      const answer = route(request);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer) {
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }
    }
    unmatched.push(request);
    return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The requests no route answered since the last call, emptied (test-setup.ts, after each test). */
export function takeUnmatchedRequests(): FakeRequest[] {
  return unmatched.splice(0);
}

/** A route answering one method and path. */
export function on(
  method: string,
  path: string,
  answer: FakeResponse | ((request: FakeRequest) => FakeResponse),
): FakeRoute {
  return (request) => {
    if (request.method !== method || request.path !== path) return undefined;
    return typeof answer === 'function' ? answer(request) : answer;
  };
}
