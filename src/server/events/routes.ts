import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LiveEventData, LiveEventType } from '../../contract/messages';
import { bearerToken } from '../auth/access';
import { unauthenticated } from '../errors/errors';
import { generateToken, sha256Hex } from '../lib/crypto';
import type { EventBus } from './bus';
import { caseParticipants, consumeTicket, createTicket, liveTokenIds, peekToken } from './queries';
import type { StreamConnection } from './hub';

export type EventOptions = {
  /** A comment line on every stream this often, so proxies keep it open (default 20 s). */
  heartbeatMs?: number;
  /** A stream ends after this long at the latest; the app reconnects with a new ticket (default 10 minutes). */
  maxStreamMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
  interface FastifyRequest {
    /** The case this request was given access to (set by the case and document access checks). */
    touchedCaseId: string | null;
  }
}

/** Up to this many bytes may wait for a slow client before its stream is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Marks the case a request was given access to; after a successful change its people get `case_changed`. */
export function touchCase(request: FastifyRequest, caseId: string): void {
  request.touchedCaseId = caseId;
}

export type CasePeople = { clientId: string | null; lawyerIds: string[] };

/**
 * Tells everyone who sees a case, before or after a change of its people (an admin's
 * reassignment or stand-in), that it changed: the union of both sets. No request of theirs
 * touched the case, so the response hook cannot do it.
 */
export async function publishCaseChangedTo(app: FastifyInstance, caseId: string, groups: CasePeople[]): Promise<void> {
  const userIds = [...new Set(groups.flatMap((g) => [...(g.clientId ? [g.clientId] : []), ...g.lawyerIds]))];
  if (userIds.length === 0) return;
  try {
    await app.events.publish({ type: 'case_changed', userIds, data: { case_id: caseId } });
  } catch (error) {
    app.log.warn({ err: { message: (error as Error).message }, type: 'case_changed' }, 'live event not published');
  }
}

/**
 * Publishes an event to the client and the lawyers of a case, optionally one side only. Call
 * after commit. Pass `people` (from `caseParticipants`) when publishing several events at once.
 */
export async function publishToCase<T extends LiveEventType>(app: FastifyInstance, caseId: string, type: T, data: LiveEventData<T>, side?: 'client' | 'lawyer', people?: CasePeople): Promise<void> {
  try {
    const { clientId, lawyerIds } = people ?? (await caseParticipants(app.deps.db, caseId, app.deps.clock.now()));
    const userIds = [...(side !== 'lawyer' && clientId ? [clientId] : []), ...(side !== 'client' ? lawyerIds : [])];
    await app.events.publish({ type, userIds, data });
  } catch (error) {
    app.log.warn({ err: { message: (error as Error).message }, type }, 'live event not published');
  }
}

/**
 * GET /api/events (server-sent events) and POST /api/events/ticket. The browser's
 * EventSource cannot send the bearer token, and a token in a URL ends up in logs and
 * history, so the app first asks for a single-use ticket (valid a minute) with its token and
 * opens the stream with `?ticket=`. Registered on the root instance, so its hooks see every route.
 */
export function registerEvents(app: FastifyInstance, bus: EventBus, options: EventOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const maxStreamMs = options.maxStreamMs ?? 10 * 60_000;
  const { db, clock, config } = app.deps;
  const hub = bus.hub;
  app.decorate('events', bus);
  app.decorateRequest('touchedCaseId', null);

  // One place publishes case changes (status, documents, …) for every route: after a
  // successful change the response is on its way, so the transaction has committed.
  app.addHook('onResponse', async (request, reply) => {
    const caseId = request.touchedCaseId;
    if (!caseId || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.url?.includes('/messages')) return; // messages publish their own events
    await publishToCase(app, caseId, 'case_changed', { case_id: caseId });
  });

  // Each heartbeat also checks, in one statement, that the sessions of this instance's streams
  // are still valid: a session that ended where no `endSessions` reached this instance (Redis
  // away, an account deleted by the retention job) loses its stream within one heartbeat.
  let checking = false;
  const checkSessions = async () => {
    const connections = [...hub.all()];
    if (checking || connections.length === 0) return;
    checking = true;
    try {
      const alive = await liveTokenIds(db, [...new Set(connections.map((c) => c.tokenId))], clock.now());
      for (const connection of connections) if (!alive.has(connection.tokenId)) connection.end();
    } catch (error) {
      // The database is away: the streams stay until it answers again (they carry nothing new meanwhile).
      app.log.warn({ err: { message: (error as Error).message } }, 'event stream sessions not checked');
    } finally {
      checking = false;
    }
  };
  const heartbeat = setInterval(() => {
    for (const connection of hub.all()) connection.send(': ping\n\n');
    void checkSessions();
  }, heartbeatMs);
  heartbeat.unref();
  const ends = new Set<() => void>();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const end of [...ends]) end();
  });
  app.addHook('onClose', async () => bus.close());

  app.post('/api/events/ticket', async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const now = clock.now();
    const owner = await peekToken(db, { tokenHash: sha256Hex(token) }, now, config.tokenIdleMs);
    if (!owner) throw unauthenticated();
    const ticket = generateToken();
    const expiresAt = await createTicket(db, { ticketHash: sha256Hex(ticket), tokenId: owner.tokenId, now });
    return reply.status(201).send({ ticket, expires_at: expiresAt.toISOString() });
  });

  const StreamQuery = z.object({
    ticket: z.string().max(200).optional(),
    /** For a reconnect that cannot set the Last-Event-ID header (a new EventSource). */
    last_event_id: z.string().max(100).optional(),
  });

  app.get('/api/events', { schema: { querystring: StreamQuery } }, async (request, reply) => {
    // The ticket is the session: checked before the rest of a query string that does not fit (401 before 422).
    const ticket = request.validationError ? new URLSearchParams(request.url.split('?')[1] ?? '').get('ticket') : (request.query as z.infer<typeof StreamQuery>).ticket;
    if (!ticket || ticket.length > 200) throw unauthenticated();
    const now = clock.now();
    const tokenId = await consumeTicket(db, sha256Hex(ticket), now);
    const owner = tokenId ? await peekToken(db, { tokenId }, now, config.tokenIdleMs) : null;
    if (!owner) throw unauthenticated();

    const header = request.headers['last-event-id'];
    const lastEventId = (typeof header === 'string' && header.length <= 100 ? header : undefined) ?? (request.query as z.infer<typeof StreamQuery>).last_event_id;
    const replayed = lastEventId ? hub.replay(lastEventId, owner.userId) : null;

    reply.hijack();
    const res = reply.raw;
    // The reply is hijacked, so Fastify sends none of the headers set on it: the security headers
    // every answer carries (CSP, frame, referrer, nosniff: http/security.ts) go out here with the stream's own.
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      // Lower case, as getHeaders() gives them, so none is sent twice.
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    let open = true;
    const connection: StreamConnection = {
      userId: owner.userId,
      tokenId: owner.tokenId,
      send: (chunk) => {
        if (!open) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) return end();
        res.write(chunk);
      },
      end: () => end(),
    };
    const lifetime = setTimeout(() => end(), Math.max(1_000, Math.min(maxStreamMs, owner.validUntil.getTime() - now.getTime())));
    lifetime.unref();
    function end() {
      if (!open) return;
      open = false;
      clearTimeout(lifetime);
      hub.remove(connection);
      ends.delete(end);
      res.end();
    }
    ends.add(end);
    request.raw.on('close', end);
    res.on('error', end);

    // Replay and registration happen in the same tick, so no event falls between them.
    res.write('retry: 3000\n\n');
    for (const frame of replayed ?? []) res.write(frame);
    res.write(`event: ready\ndata: ${JSON.stringify({ resumed: replayed !== null })}\n\n`);
    hub.add(connection);
  });
}
