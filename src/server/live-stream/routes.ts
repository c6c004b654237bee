import { EventTicketResponseSchema } from '../../contract/messages';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../auth/access';
import { unauthenticated } from '../infra/errors/errors';
import { generateToken, sha256Hex } from '../infra/lib/crypto';
import { publishLiveEventsAfterCommit } from '../domain-events';
import type { EventBus } from '../infra/events/bus';
import { consumeTicket, createTicket, liveTokenIds, peekToken } from '../infra/events/queries';
import type { StreamConnection } from '../infra/events/hub';

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
}

/** Up to this many bytes may wait for a slow client before its stream is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * GET /api/events (server-sent events) and POST /api/events/ticket. The browser's
 * EventSource cannot send the bearer token, and a token in a URL ends up in logs and
 * history, so the app first asks for a single-use ticket (valid a minute) with its token and
 * opens the stream with `?ticket=`.
 */
export function registerEvents(app: FastifyInstance, bus: EventBus, options: EventOptions = {}): void {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const maxStreamMs = options.maxStreamMs ?? 10 * 60_000;
  const { db, clock, config } = app.deps;
  const hub = bus.hub;
  app.decorate('events', bus);
  // Live events follow from the domain events (src/server/domain-events): each transaction's
  // events go out on this bus once it committed, whoever ran it (a route, an admin action, a job).
  const unbind = publishLiveEventsAfterCommit(db, async (events) => {
    for (const event of events) {
      try {
        await bus.publish(event);
      } catch (error) {
        app.log.warn({ err: { message: (error as Error).message }, type: event.type }, 'live event not published');
      }
    }
  });
  app.addHook('onClose', async () => unbind());

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

  app.post(
    '/api/events/ticket',
    { schema: { response: { 201: EventTicketResponseSchema } } },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      const now = clock.now();
      const owner = await peekToken(db, { tokenHash: sha256Hex(token) }, now, config.tokenIdleMs);
      if (!owner) throw unauthenticated();
      const ticket = generateToken();
      const expiresAt = await createTicket(db, { ticketHash: sha256Hex(ticket), tokenId: owner.tokenId, now });
      return reply.status(201).send({ ticket, expires_at: expiresAt.toISOString() });
    },
  );

  const StreamQuery = z.object({
    ticket: z.string().max(200).optional(),
    /** For a reconnect that cannot set the Last-Event-ID header (a new EventSource). */
    last_event_id: z.string().max(100).optional(),
  });

  app.get('/api/events', { schema: { querystring: StreamQuery } }, async (request, reply) => {
    // The ticket is the session: checked before the rest of a query string that does not fit (401 before 422).
    const ticket = request.validationError
      ? new URLSearchParams(request.url.split('?')[1] ?? '').get('ticket')
      : (request.query as z.infer<typeof StreamQuery>).ticket;
    if (!ticket || ticket.length > 200) throw unauthenticated();
    const now = clock.now();
    const tokenId = await consumeTicket(db, sha256Hex(ticket), now);
    const owner = tokenId ? await peekToken(db, { tokenId }, now, config.tokenIdleMs) : null;
    if (!owner) throw unauthenticated();

    const header = request.headers['last-event-id'];
    const lastEventId =
      (typeof header === 'string' && header.length <= 100 ? header : undefined) ??
      (request.query as z.infer<typeof StreamQuery>).last_event_id;
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
    const lifetime = setTimeout(
      () => end(),
      Math.max(1_000, Math.min(maxStreamMs, owner.validUntil.getTime() - now.getTime())),
    );
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
