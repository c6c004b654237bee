import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config/config';
import { redisWithMemoryFallback } from './rate-limit-store';
import { requestTranslate } from '../errors/language';

/** Security headers and per-IP rate limits (Redis-backed when REDIS_URL is set). */
/** `fileOrigins`: where presigned files are loaded from (the S3 store), allowed for previews. */
/** `scriptHashes`: CSP hashes of index.html's inline scripts (`inlineScriptHashes`). */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  fileOrigins: string[] = [],
  scriptHashes: string[] = [],
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:', ...fileOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  // The same headers on every response, worked out once (helmet per request re-parses the
  // CSP on every call: a visible share of a request's CPU time in the profile).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Every API answer, errors and the bare /api included, is private and never cached.
    if (/^\/api(?:[/?#]|$)/.test(request.url)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  if (config.rateLimitPerMinute > 0) {
    // ioredis is loaded only with REDIS_URL (it takes most of a second to import).
    const redis = config.redisUrl
      ? new (await import('ioredis')).Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          lazyConnect: false,
        })
      : undefined;
    redis?.on('error', () => undefined); // reported through the store's warning; ioredis reconnects by itself
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // Shared through Redis; while Redis is gone, per instance in memory (with a warning).
      ...(redis
        ? {
            store: redisWithMemoryFallback(redis, 'portal-rl:', {
              warn: (m) => app.log.warn(m),
              info: (m) => app.log.info(m),
            }),
          }
        : {}),
      skipOnError: false,
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (request, context) => ({
        statusCode: 429,
        message: requestTranslate(request)('errors.server.rateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
      }),
    });
  }
}

/** The headers helmet sets for these options, captured once from a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
