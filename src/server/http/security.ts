import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config/config';

/** Security headers of DESIGN.md section 2 and per-IP rate limits (Redis-backed when REDIS_URL is set). */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
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

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  if (config.rateLimitPerMinute > 0) {
    const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      redis,
      nameSpace: 'portal-rl:',
      skipOnError: true,
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Te veel verzoeken. Probeer het over ${Math.ceil(context.ttl / 1000)} seconden opnieuw.`,
      }),
    });
  }
}
