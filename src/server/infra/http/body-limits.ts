import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import { AppError } from '../errors/errors';
import { securityLog } from './security-log';

/**
 * Slow and piled-up bodies, next to Node's own limits set in app.ts
 * (headers within HEADERS_TIMEOUT_SECONDS, a silent connection closed after
 * BODY_IDLE_TIMEOUT_SECONDS):
 * - a body that sends below BODY_MIN_RATE_KB_PER_SECOND, averaged over the last
 *   BODY_MIN_RATE_WINDOW_SECONDS, is aborted with 408 and the connection closed; an upload's
 *   temporary file goes with it (the storage pipeline fails and removes it);
 * - at most UPLOADS_PER_USER uploads stream at once per user and UPLOADS_PER_INSTANCE per
 *   instance; beyond, 429 with a Dutch message and Retry-After.
 */

/** Raised into a body that is too slow; the error handler answers 408 and closes the connection. */
export class BodyTooSlowError extends Error {
  override name = 'BodyTooSlowError';
  readonly statusCode = 408;
  readonly code = 'BODY_TOO_SLOW';
  constructor() {
    super('request body below the minimum rate');
  }
}

/** Seconds a client waits before trying again when all upload slots are taken. */
export const UPLOAD_SLOTS_RETRY_AFTER_SECONDS = 15;

/** Steps per window: the rate is judged over a sliding window measured in these steps. */
const STEPS = 6;

const hasBody = (request: FastifyRequest) => {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
};

/**
 * Watches every request body on a real socket. The rate counts the socket's bytes, so a body
 * sent in tiny pieces (fields before a file too) counts as slow. Time in which the server does
 * not read (the socket is paused: back-pressure from storage, or the handler not yet reading)
 * restarts the window, so only the client's own slowness is judged.
 */
function watchBodyRate(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const minBytesPerSecond = config.bodyMinBytesPerSecond;
  const windowMs = config.bodyMinRateWindowMs;
  const socket = request.raw.socket as (typeof request.raw.socket & { bytesRead?: unknown }) | undefined;
  // Injected requests (tests) have no real socket; nothing to watch.
  if (minBytesPerSecond <= 0 || !socket || typeof socket.bytesRead !== 'number' || !hasBody(request)) return;
  const minBytes = (minBytesPerSecond * windowMs) / 1000;
  const samples: number[] = [socket.bytesRead];
  const timer = setInterval(
    () => {
      if (request.raw.complete || request.raw.destroyed || socket.destroyed) return stop();
      if (socket.isPaused()) {
        samples.length = 0;
        samples.push(socket.bytesRead);
        return;
      }
      samples.push(socket.bytesRead);
      if (samples.length > STEPS + 1) samples.shift();
      if (samples.length < STEPS + 1) return;
      if (samples[samples.length - 1]! - samples[0]! >= minBytes) return;
      stop();
      abort(request);
    },
    Math.max(20, Math.round(windowMs / STEPS)),
  );
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  request.raw.once('end', stop);
  reply.raw.once('close', stop);
}

/**
 * Raises BodyTooSlowError into whoever reads the body (the multipart parser, which destroys
 * the file stream with it, or Fastify's body reader), so the request ends through the error
 * handler with 408 and `Connection: close`. With no reader, the connection is closed at once.
 */
function abort(request: FastifyRequest): void {
  securityLog(request, 'body.too_slow', { reason: 'below_minimum_rate' });
  const error = new BodyTooSlowError();
  if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
  else request.raw.destroy(error);
}

/** Counts of uploads streaming now, on this instance. */
class UploadSlots {
  private total = 0;
  private readonly perUser = new Map<string, number>();
  constructor(private readonly config: Pick<Config, 'uploadsPerUser' | 'uploadsPerInstance'>) {}

  /** Takes a slot until the response closes (sent, failed or aborted), or throws 429. */
  acquire(request: FastifyRequest, response: ServerResponse, userId: string): void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.config.uploadsPerUser)
      throw this.refuse(request, 'hardening.uploadsPerUser', 'per_user', { count: this.config.uploadsPerUser });
    if (this.total >= this.config.uploadsPerInstance)
      throw this.refuse(request, 'hardening.uploadsPerInstance', 'per_instance');
    this.total++;
    this.perUser.set(userId, mine + 1);
    let released = false;
    response.once('close', () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    });
  }

  /** Uploads streaming now (for tests and metrics). */
  inUse(userId?: string): number {
    return userId === undefined ? this.total : (this.perUser.get(userId) ?? 0);
  }

  private refuse(request: FastifyRequest, message: string, reason: string, values?: Record<string, number>): AppError {
    securityLog(request, 'upload.refused', { reason: `concurrent_${reason}` });
    // The body is not read: close the connection after the answer rather than drain it.
    return new AppError(
      'too_many_requests',
      message,
      undefined,
      { 'Retry-After': String(UPLOAD_SLOTS_RETRY_AFTER_SECONDS), Connection: 'close' },
      values,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadSlots: UploadSlots;
  }
}

export function registerBodyLimits(app: FastifyInstance, config: Config): void {
  app.decorate('uploadSlots', new UploadSlots(config));
  app.addHook('onRequest', (request, reply, done) => {
    watchBodyRate(request, reply, config);
    done();
  });
}

/**
 * An upload slot for the signed-in user of this request (call after authorization, before
 * reading the body), held until its response closes, or 429. The reply is passed in rather than
 * looked up per request: a WeakMap from each request to its response kept every request's
 * objects alive through young-generation collections, so they were promoted and only freed by
 * full collections (docs/performance.md).
 */
export function takeUploadSlot(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  request.server.uploadSlots.acquire(request, reply.raw, userId);
}
