import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTicketResponseSchema } from '../../../contract/messages';
import { buildApp } from '../../app';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  uniqueEmail,
  type TestContext,
} from '../testing/harness';
import { extractLoginCode } from '../testing/smtp-peer';
import { tokens } from '../db/schema';
import { eq } from 'drizzle-orm';
import { multipart } from '../testing/multipart';
import { openEventStream, type EventStream } from '../testing/sse-client';

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(token) });
  expect(response.statusCode).toBe(201);
  return EventTicketResponseSchema.parse(response.json()).ticket;
}

async function stream(
  app: FastifyInstance,
  token: string,
  query = '',
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const s = await openEventStream(`${baseUrl(app)}/api/events?ticket=${await ticketFor(app, token)}${query}`, headers);
  opened.push(s);
  return s;
}
const opened: EventStream[] = [];
const baseUrl = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

async function conversation(ctx: TestContext) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  return {
    lawyer,
    client,
    caseId: client.caseId,
    clientToken: await tokenFor(ctx, client.id),
    lawyerToken: await tokenFor(ctx, lawyer.id),
  };
}

describe('live events on one instance', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { events: { heartbeatMs: 100 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await ctx.close();
  });

  it('sends the stream with the security headers of any other answer (CSP, frames, referrer, nosniff)', async () => {
    const c = await conversation(ctx);
    const s = await stream(ctx.app, c.clientToken);
    expect(s.status).toBe(200);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'x-content-type-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(other.headers[name], name).toBeTruthy();
      expect(s.headers[name], name).toBe(other.headers[name]);
    }
    expect(s.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(s.headers['cache-control']).toBe('no-store, no-transform');
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  });

  it('opens only with a fresh single-use ticket, never with the bearer token in the URL', async () => {
    const c = await conversation(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer('x'.repeat(43)) })).statusCode,
    ).toBe(401);
    const base = baseUrl(ctx.app);
    expect((await openEventStream(`${base}/api/events`)).status).toBe(401);
    expect((await openEventStream(`${base}/api/events?ticket=${c.clientToken}`)).status).toBe(401);
    expect((await openEventStream(`${base}/api/events`, bearer(c.clientToken))).status).toBe(401);

    const ticket = await ticketFor(ctx.app, c.clientToken);
    const first = await openEventStream(`${base}/api/events?ticket=${ticket}`);
    opened.push(first);
    expect(first.status).toBe(200);
    expect((await first.next('ready')).json).toEqual({ resumed: false });
    expect((await openEventStream(`${base}/api/events?ticket=${ticket}`)).status).toBe(401);

    const late = await ticketFor(ctx.app, c.clientToken);
    ctx.clock.advance(61_000);
    expect((await openEventStream(`${base}/api/events?ticket=${late}`)).status).toBe(401);

    const revoked = await ticketFor(ctx.app, c.lawyerToken);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(c.lawyerToken) });
    expect((await openEventStream(`${base}/api/events?ticket=${revoked}`)).status).toBe(401);
    expect(ctx.logs.join('')).not.toContain(ticket);
  });

  it("brings an admin's reassignment and stand-in to open screens of client, former/new lawyer, stand-in", async () => {
    const c = await conversation(ctx);
    const admin = await createTestAdmin(ctx);
    const next = await createTestLawyer(ctx);
    const standIn = await createTestLawyer(ctx);
    const bystander = await conversation(ctx);
    const streams = {
      client: await stream(ctx.app, c.clientToken),
      former: await stream(ctx.app, c.lawyerToken),
      next: await stream(ctx.app, await tokenFor(ctx, next.id)),
      standIn: await stream(ctx.app, await tokenFor(ctx, standIn.id)),
      bystander: await stream(ctx.app, bystander.lawyerToken),
    };
    for (const s of Object.values(streams)) await s.next('ready');
    const forCase = (d: unknown) => (d as { case_id: string }).case_id === c.caseId;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/cases/${c.caseId}/assign`,
          headers: bearer(admin.token),
          payload: { lawyer_id: next.id },
        })
      ).statusCode,
    ).toBe(200);
    for (const s of [streams.client, streams.former, streams.next])
      expect((await s.next('case_changed', forCase)).json).toEqual({ case_id: c.caseId });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(ctx.clock.now());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/cases/${c.caseId}/stand-ins`,
          headers: bearer(admin.token),
          payload: { lawyer_id: standIn.id, from: today, until: today },
        })
      ).statusCode,
    ).toBe(201);
    for (const s of [streams.client, streams.next, streams.standIn])
      expect((await s.next('case_changed', forCase)).json).toEqual({ case_id: c.caseId });
    // From now on the stand-in hears of the case's other changes too.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.clientToken),
      payload: { text: 'Hallo vervanger' },
    });
    expect((await streams.standIn.next('message', forCase)).json).toMatchObject({ text: 'Hallo vervanger' });
    expect(
      streams.bystander.events.filter((e) => e.event === 'case_changed' && forCase(JSON.parse(e.data))),
    ).toHaveLength(0);
  });

  it('delivers a new message, unread counts and read marks to the right people only', async () => {
    const c = await conversation(ctx);
    const other = await conversation(ctx);
    const lawyerStream = await stream(ctx.app, c.lawyerToken);
    const clientStream = await stream(ctx.app, c.clientToken);
    const outsider = await stream(ctx.app, other.lawyerToken);
    await Promise.all([lawyerStream.next('ready'), clientStream.next('ready'), outsider.next('ready')]);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.clientToken),
      payload: { text: 'Is er nieuws?' },
    });
    const message = sent.json().data as { id: string };
    expect((await lawyerStream.next('message')).json).toMatchObject({
      id: message.id,
      text: 'Is er nieuws?',
      author_role: 'client',
    });
    expect((await lawyerStream.next('unread')).json).toEqual({ case_id: c.caseId, count: 1 });
    expect((await clientStream.next('message')).json).toMatchObject({ id: message.id });

    await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages/read`,
      headers: bearer(c.lawyerToken),
      payload: { up_to: message.id },
    });
    expect((await clientStream.next('messages_read')).json).toMatchObject({ case_id: c.caseId, up_to: message.id });
    expect((await lawyerStream.next('unread')).json).toEqual({ case_id: c.caseId, count: 0 });

    await outsider.waitForComments(2);
    expect(outsider.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('tells both sides about case changes made by any route (documents, status)', async () => {
    const c = await conversation(ctx);
    const lawyerStream = await stream(ctx.app, c.lawyerToken);
    const clientStream = await stream(ctx.app, c.clientToken);
    await Promise.all([lawyerStream.next('ready'), clientStream.next('ready')]);
    const body = multipart({ title: 'Loonstrook' }, [{ filename: 'loon.pdf', data: PDF }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/documents`,
      headers: { ...bearer(c.clientToken), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    expect((await lawyerStream.next('case_changed')).json).toEqual({ case_id: c.caseId });
    expect((await clientStream.next('case_changed')).json).toEqual({ case_id: c.caseId });
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${c.caseId}/status`,
      headers: bearer(c.lawyerToken),
      payload: { status: 'negotiation-phase' },
    });
    expect(status.statusCode).toBe(200);
    await clientStream.next('case_changed');
    // A refused change publishes nothing.
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${c.caseId}/status`,
      headers: bearer(c.lawyerToken),
      payload: { status: 'no-such-status' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await clientStream.waitForComments(clientStream.comments + 2);
    expect(clientStream.events.filter((e) => e.event === 'case_changed')).toHaveLength(2);
  });

  it('replays what was missed after Last-Event-ID, and asks for a refetch when it cannot', async () => {
    const c = await conversation(ctx);
    const first = await stream(ctx.app, c.lawyerToken);
    await first.next('ready');
    const send = (text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${c.caseId}/messages`,
        headers: bearer(c.clientToken),
        payload: { text },
      });
    await send('een');
    const seen = await first.next('message');
    first.close();
    await send('twee');
    await send('drie');
    const resumed = await stream(ctx.app, c.lawyerToken, '', { 'last-event-id': seen.id ?? '' });
    expect((await resumed.next('message')).json).toMatchObject({ text: 'twee' });
    expect((await resumed.next('message')).json).toMatchObject({ text: 'drie' });
    expect((await resumed.next('ready')).json).toEqual({ resumed: true });
    const byQuery = await stream(ctx.app, c.lawyerToken, `&last_event_id=${encodeURIComponent(seen.id ?? '')}`);
    expect((await byQuery.next('message')).json).toMatchObject({ text: 'twee' });
    const unknown = await stream(ctx.app, c.lawyerToken, '', { 'last-event-id': 'not-an-event' });
    expect((await unknown.next('ready')).json).toEqual({ resumed: false });
    expect(unknown.events.filter((e) => e.event === 'message')).toHaveLength(0);
  });

  it('sends heartbeats so proxies keep the stream open', async () => {
    const c = await conversation(ctx);
    const s = await stream(ctx.app, c.clientToken);
    await s.waitForComments(3);
  });

  it('ends the stream of a session that logs out, and only that one: it hears nothing after', async () => {
    const c = await conversation(ctx);
    const otherSession = await tokenFor(ctx, c.client.id);
    const leaving = await stream(ctx.app, c.clientToken);
    const staying = await stream(ctx.app, otherSession);
    await Promise.all([leaving.next('ready'), staying.next('ready')]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(c.clientToken) })).statusCode,
    ).toBe(204);
    await leaving.ended();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.lawyerToken),
      payload: { text: 'Vertrouwelijk na het uitloggen' },
    });
    expect(sent.statusCode).toBe(201);
    expect((await staying.next('message')).json).toMatchObject({ text: 'Vertrouwelijk na het uitloggen' });
    expect(leaving.events.map((e) => e.event)).toEqual(['ready']);
    expect(staying.isEnded).toBe(false);
  });

  it('ends every stream of a lawyer the admin switches off', async () => {
    const c = await conversation(ctx);
    const admin = await createTestAdmin(ctx);
    const first = await stream(ctx.app, c.lawyerToken);
    const second = await stream(ctx.app, await tokenFor(ctx, c.lawyer.id));
    const client = await stream(ctx.app, c.clientToken);
    await Promise.all([first.next('ready'), second.next('ready'), client.next('ready')]);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/lawyers/${c.lawyer.id}/deactivate`,
      headers: bearer(admin.token),
    });
    expect(off.statusCode).toBe(200);
    await Promise.all([first.ended(), second.ended()]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.clientToken),
      payload: { text: 'Na het uitzetten' },
    });
    expect(first.events.filter((e) => e.event === 'message')).toHaveLength(0);
    expect(second.events.filter((e) => e.event === 'message')).toHaveLength(0);
    expect(client.isEnded).toBe(false);
  });

  it('ends the streams of the other sessions when the e-mail address changes, not the one changing it', async () => {
    const c = await conversation(ctx);
    const elsewhere = await tokenFor(ctx, c.client.id);
    const mine = await stream(ctx.app, c.clientToken);
    const other = await stream(ctx.app, elsewhere);
    await Promise.all([mine.next('ready'), other.next('ready')]);
    const address = uniqueEmail('nieuw');
    const since = ctx.smtp.messages.length;
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/user',
          headers: bearer(c.clientToken),
          payload: { email: address },
        })
      ).statusCode,
    ).toBe(202);
    const code = extractLoginCode(await ctx.smtp.waitForMail(address, { since }));
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/email/confirm',
      headers: bearer(c.clientToken),
      payload: { code },
    });
    expect(confirmed.statusCode).toBeLessThan(300);
    await other.ended();
    expect(mine.isEnded).toBe(false);
  });

  it('ends, within a heartbeat, a stream whose session was revoked where no notice reached this instance', async () => {
    const c = await conversation(ctx);
    const s = await stream(ctx.app, c.clientToken);
    await s.next('ready');
    const [row] = await ctx.db.select({ id: tokens.id }).from(tokens).where(eq(tokens.userId, c.client.id));
    // As another instance (with Redis away) or the retention job would: straight in the database.
    await ctx.db.update(tokens).set({ revokedAt: ctx.clock.now() }).where(eq(tokens.id, row!.id));
    await s.ended();
  });
});

describe('live events across two instances with Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const channel = `portal-test:${randomUUID()}:events`;
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext({ redisUrl }, { events: { channel } });
    second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      storage: ctx.storage,
      webRoot: null,
      events: { channel },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await second.close();
    await ctx.close();
  });

  it('delivers an event raised on one instance to a user connected to the other', async () => {
    expect(ctx.app.events.kind).toBe('redis');
    const c = await conversation(ctx);
    const lawyerOnSecond = await stream(second, c.lawyerToken);
    const clientOnFirst = await stream(ctx.app, c.clientToken);
    await Promise.all([lawyerOnSecond.next('ready'), clientOnFirst.next('ready')]);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.clientToken),
      payload: { text: 'via instantie 1' },
    });
    expect(sent.statusCode).toBe(201);
    const onSecond = await lawyerOnSecond.next('message');
    expect(onSecond.json).toMatchObject({ text: 'via instantie 1', case_id: c.caseId });
    const reply = await second.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.lawyerToken),
      payload: { text: 'antwoord via instantie 2' },
    });
    expect(reply.statusCode).toBe(201);
    expect(
      (await clientOnFirst.next('message', (d) => (d as { text: string }).text === 'antwoord via instantie 2')).json,
    ).toMatchObject({ author_role: 'lawyer' });

    // A ticket from one instance opens a stream on the other, which replays from the same event ids.
    lawyerOnSecond.close();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: bearer(c.clientToken),
      payload: { text: 'gemist' },
    });
    const ticket = await ticketFor(second, c.lawyerToken);
    const resumed = await openEventStream(`${baseUrl(ctx.app)}/api/events?ticket=${ticket}`, {
      'last-event-id': onSecond.id ?? '',
    });
    opened.push(resumed);
    expect((await resumed.next('message', (d) => (d as { text: string }).text === 'gemist')).json).toMatchObject({
      author_role: 'client',
    });
    expect((await resumed.next('ready')).json).toEqual({ resumed: true });
  });

  it('ends the stream on the other instance at once when its session logs out', async () => {
    const c = await conversation(ctx);
    const onSecond = await stream(second, c.clientToken);
    await onSecond.next('ready');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(c.clientToken) })).statusCode,
    ).toBe(204);
    // The heartbeat's own check runs only every 20 s here: ending within a second is the notice over Redis.
    await onSecond.ended(1_000);
  });
});
