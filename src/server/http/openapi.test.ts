import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>> };

describe('the OpenAPI document', () => {
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
