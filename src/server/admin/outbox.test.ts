import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  createTestAdmin,
  createTestContext,
  createTestClient,
  createTestLawyer,
  tokenFor,
  bearer,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { auditEvents, outbox } from '../infra/db/schema';
import { OUTBOX_PAGE_SIZE } from './routes';

let ctx: TestContext;
let admin: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const call = (method: 'GET' | 'POST', url: string, token: string | null) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });

/** A mail row as the worker leaves it; `later` keeps a pending row from being sent during the test. */
async function mail(values: {
  status: 'pending' | 'failed' | 'sent';
  to?: string;
  code?: string;
  lastError?: string | null;
  later?: boolean;
  minutesAgo?: number;
}) {
  const now = ctx.clock.now().getTime();
  const [row] = await ctx.db
    .insert(outbox)
    .values({
      kind: 'login_code',
      toAddress: values.to ?? uniqueEmail('ontvanger'),
      payload: { code: values.code ?? 'GEHEIM', minutes: 10 },
      status: values.status,
      attempts: values.status === 'pending' ? 2 : 9,
      nextAttemptAt: new Date(now + (values.later ? 6 * HOUR : 0)),
      lastError: values.lastError ?? null,
      createdAt: new Date(now - (values.minutesAgo ?? 60) * 60_000),
      sentAt: values.status === 'sent' ? new Date(now) : null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

describe('admin: outbox', () => {
  it('answers 401 without a session and 403 for clients and lawyers, on the list and on retry', async () => {
    const lawyer = await tokenFor(ctx, (await createTestLawyer(ctx)).id);
    const client = await tokenFor(ctx, (await createTestClient(ctx)).id);
    const id = await mail({ status: 'failed', lastError: '550 no' });
    for (const [method, url] of [
      ['GET', '/api/admin/outbox'],
      ['POST', `/api/admin/outbox/${id}/retry`],
    ] as const) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      expect((await call(method, url, lawyer)).statusCode).toBe(403);
      expect((await call(method, url, client)).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe('failed');
  });

  it('lists pending and failed mails without content, masks the address, pages, and audits the reading', async () => {
    const address = uniqueEmail('kees');
    const failed = await mail({
      status: 'failed',
      to: address,
      code: 'ZX7Q9K',
      lastError: `550 5.1.1 <${address}> mailbox unavailable`,
      minutesAgo: 300,
    });
    const pending = await mail({
      status: 'pending',
      code: 'ZX7Q9K',
      lastError: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:25',
      later: true,
      minutesAgo: 299,
    });
    const sent = await mail({ status: 'sent', minutesAgo: 298 });
    const response = await call('GET', '/api/admin/outbox', admin.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ids = body.data.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([failed, pending]));
    expect(ids).not.toContain(sent);
    expect(body.data.find((m: { id: string }) => m.id === failed)).toEqual({
      id: failed,
      kind: 'login_code',
      status: 'failed',
      to: `k***@${address.split('@')[1]}`,
      attempts: 9,
      next_attempt_at: null,
      last_error_code: '550',
      created_at: expect.any(String),
    });
    expect(body.data.find((m: { id: string }) => m.id === pending)).toMatchObject({
      status: 'pending',
      last_error_code: 'ECONNREFUSED',
      next_attempt_at: expect.any(String),
    });
    // Never the content, the full address or the error text.
    expect(response.body).not.toContain('ZX7Q9K');
    expect(response.body).not.toContain(address);
    expect(response.body).not.toContain('mailbox unavailable');
    expect(body.meta).toEqual({ current_page: 1, per_page: OUTBOX_PAGE_SIZE, has_more: false });

    const reads = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'outbox.read'), eq(auditEvents.actorId, admin.id)));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const bad of ['page=0', 'page=x', 'unknown=1'])
      expect((await call('GET', `/api/admin/outbox?${bad}`, admin.token)).statusCode).toBe(422);
  });

  it('pages by creation time', async () => {
    const before = (await call('GET', '/api/admin/outbox', admin.token)).json().data.length as number;
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 1 - before; i++)
      await mail({ status: 'failed', lastError: '421 busy', minutesAgo: 10 });
    const first = (await call('GET', '/api/admin/outbox?page=1', admin.token)).json();
    expect(first.data).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.meta.has_more).toBe(true);
    const second = (await call('GET', '/api/admin/outbox?page=2', admin.token)).json();
    expect(second.data).toHaveLength(1);
    expect(second.meta).toEqual({ current_page: 2, per_page: OUTBOX_PAGE_SIZE, has_more: false });
    expect(first.data.map((m: { id: string }) => m.id)).not.toContain(second.data[0].id);
  });

  it('retries a failed mail, which the worker then sends; 404 for an unknown id, 409 once sent; audited', async () => {
    const address = uniqueEmail('opnieuw');
    const id = await mail({ status: 'failed', to: address, code: 'RETRY1', lastError: '451 try later' });
    const retried = await call('POST', `/api/admin/outbox/${id.toUpperCase()}/retry`, admin.token);
    expect(retried.statusCode).toBe(204);
    await ctx.outbox.drain();
    const [row] = await ctx.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe('sent');
    expect(ctx.smtp.messages.filter((m) => m.to.includes(address))).toHaveLength(1);
    expect(
      (await call('GET', '/api/admin/outbox', admin.token)).json().data.map((m: { id: string }) => m.id),
    ).not.toContain(id);

    expect((await call('POST', `/api/admin/outbox/${id}/retry`, admin.token)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry', admin.token)).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/admin/outbox/not-a-uuid/retry', admin.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/outbox/%00/retry', admin.token)).statusCode).toBe(404);

    const audits = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'outbox.retried'));
    expect(audits.map((a) => ({ actor: a.actorId, subject: a.subjectId, data: a.data }))).toEqual([
      { actor: admin.id, subject: id, data: { previous_status: 'failed' } },
    ]);
  });
});
