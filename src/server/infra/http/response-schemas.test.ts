import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../testing/harness';
import { UNDOCUMENTED } from './openapi';
import { createResponseSerializerCompiler } from './response-serializer';

/**
 * Every JSON route declares its answer with a schema from src/contract (docs/decisions/048):
 * the OpenAPI document shows it, and the answer is serialized with it. In tests the serializer
 * is strict (http/response-serializer.ts): an answer the schema would refuse or change fails
 * the request, so every feature test and the authorization matrix (which calls every route as
 * an allowed user) check each answer against its schema.
 *
 * The routes below answer no JSON (a file, a calendar, a stream, a redirect or 204 No Content),
 * so they have none. A new route without a schema fails this test, and so does a route on the
 * list that got one (take it off).
 */
const NOT_JSON = [
  // Files, calendars, exports, streams and metrics: not JSON.
  'GET /metrics',
  'GET /api/events',
  'GET /files/avatars/:file',
  'GET /files/documents/:id',
  'GET /files/exports/:id',
  'POST /api/documents/:id/download',
  'POST /api/complaint-files/:id/download',
  'GET /api/cases/:id/export',
  'GET /api/admin/audit.csv',
  'GET /api/admin/insight.csv',
  'GET /api/admin/complaints.csv',
  'GET /api/admin/archive/:case_id/zip',
  'GET /api/cases/:id/appointment.ics',
  'GET /api/cases/:id/key-dates.ics',
  'GET /api/cases/:id/settlement/dissolution-letter',
  'GET /api/invoices/:id/pdf',
  'GET /api/invoices/:id/ubl',
  'GET /api/invoices/:id/letter',
  'GET /api/admin/invoices.csv',
  'GET /api/admin/invoices/export.zip',
  // 204 No Content.
  'POST /api/logout',
  'DELETE /api/documents/:id',
  'POST /api/documents/:id/viewed',
  'DELETE /api/messages/:id',
  'DELETE /api/cases/:id/appointment',
  'DELETE /api/cases/:id/appointment/callback',
  'DELETE /api/user/absences/:id',
  'DELETE /api/push-subscriptions/:id',
  // 204: the mail is due again; the worker sends it at its next poll.
  'POST /api/admin/outbox/:id/retry',
  // 303 See Other to the portal's unsubscribe page (a browser opened the one-click address).
  'GET /api/mail/unsubscribe/one-click',
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('response schemas', () => {
  it('are declared by every JSON route: only the listed routes, which answer no JSON, have none', () => {
    const routes = ctx.app.routeList.filter((r) => !UNDOCUMENTED.some((re) => re.test(r.url)));
    const without = routes.filter((r) => !r.schema?.response).map((r) => `${r.method} ${r.url}`);
    expect(without.sort()).toEqual([...NOT_JSON].sort());
  });

  it('come from the contract: zod schemas the OpenAPI document shows', () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    expect(doc.paths['/api/cases/mine']!.get!.responses!['200']!.content).toBeDefined();
    expect(doc.paths['/api/cases/{id}/messages']!.post!.responses!['201']!.content).toBeDefined();
  });
});

describe('the strict serializer of the tests', () => {
  const serialize = createResponseSerializerCompiler({ strict: true })({
    schema: z.object({ data: z.object({ id: z.string() }) }),
    method: 'GET',
    url: '/x',
  });
  it('sends an answer the schema leaves as it is', () => {
    expect(JSON.parse(serialize({ data: { id: 'a' } }))).toEqual({ data: { id: 'a' } });
  });
  it('refuses an answer with a field the schema would drop, and one the schema refuses', () => {
    expect(() => serialize({ data: { id: 'a', name: 'b' } })).toThrow();
    expect(() => serialize({ data: { id: 1 } })).toThrow();
  });
  it('outside the tests serializes as the zod type provider does: a field the schema does not name is left out', () => {
    const lenient = createResponseSerializerCompiler({ strict: false })({
      schema: z.object({ id: z.string() }),
      method: 'GET',
      url: '/x',
    });
    expect(JSON.parse(lenient({ id: 'a', name: 'b' }))).toEqual({ id: 'a' });
  });
});
