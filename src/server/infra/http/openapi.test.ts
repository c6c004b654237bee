import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeOpenApi } from '../../../../scripts/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness';
import { UNDOCUMENTED } from './openapi';

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
};

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: 'development' });
});
afterAll(async () => {
  await ctx.close();
});

describe('OpenAPI document', () => {
  it('covers every route of the app, with the parameters and bodies of its zod schemas', async () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);
    const routes = ctx.app.routeList.filter((r) => !UNDOCUMENTED.some((re) => re.test(r.url)));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((r) => !doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // From the contract: the case list's query, a path id, a JSON body.
    expect(doc.paths['/api/cases']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'sort', 'dir', 'statuses']),
    );
    expect(
      doc.paths['/api/cases/{id}/status']!.patch!.parameters!.some((p) => p.in === 'path' && p.name === 'id'),
    ).toBe(true);
    expect(doc.paths['/api/cases/{id}/status']!.patch!.requestBody).toBeDefined();
    // The settlement's JSON bodies too (their multipart uploads are read by hand and have none).
    for (const path of [
      '/api/calculations/transition-payment',
      '/api/calculations/ww-check',
      '/api/settlement-versions/{id}/response',
    ])
      expect(doc.paths[path]!.post!.requestBody, path).toBeDefined();
    expect(doc.paths['/metrics']!.get).toBeDefined();
  });

  it('is served at /api/docs in development', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/cases');
    let page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    if (page.statusCode === 302)
      page = await ctx.app.inject({
        method: 'GET',
        url: new URL(String(page.headers.location), 'http://x/api/docs').pathname,
      });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('is what the build writes to docs/openapi.json (scripts/openapi.ts)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      await writeOpenApi(path.join(dir, 'openapi.json'));
      const file = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as OpenApi;
      expect(Object.keys(file.paths).sort()).toEqual(
        Object.keys((ctx.app.swagger() as unknown as OpenApi).paths)
          .filter((p) => !p.startsWith('/api/docs'))
          .sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OpenAPI outside development', () => {
  it('does not serve /api/docs', async () => {
    const prod = await createTestContext({ env: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>> };

describe('OpenAPI document: answers', () => {
  it('declares the 2xx answer of every operation (a redirect its 3xx): a JSON schema, 204 or its media type', () => {
    const doc = ctx.app.swagger() as unknown as Doc;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undeclared = operations
      .filter(
        ({ operation }) =>
          // The generator's empty '200: Default Response' declares nothing: a 2xx needs content or is 204.
          !Object.entries(operation.responses ?? {}).some(
            ([status, answer]) => /^(204|3\d\d)$/.test(status) || (/^2\d\d$/.test(status) && answer.content),
          ),
      )
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it('names the real media type of the files, calendars, streams and CSVs', () => {
    const doc = ctx.app.swagger() as unknown as Doc;
    const media = (path: string, method = 'get', status = '200') =>
      Object.keys(doc.paths[path]![method]!.responses![status]!.content ?? {});
    expect(media('/api/admin/audit.csv')).toEqual(['text/csv']);
    expect(media('/api/cases/{id}/key-dates.ics')).toEqual(['text/calendar']);
    expect(media('/api/cases/{id}/settlement/dissolution-letter')).toEqual(['application/pdf']);
    expect(media('/api/cases/{id}/export')).toEqual(['application/zip']);
    expect(media('/api/events')).toEqual(['text/event-stream']);
    expect(media('/metrics')).toEqual(['text/plain']);
    expect(doc.paths['/api/logout']!.post!.responses!['204']).toBeDefined();
  });
});
