import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Clock } from './lib/clock';
import type { Storage } from './storage/storage';
import { registerErrorHandler } from './errors/handler';
import { registerSecurity } from './http/security';
import { findWebRoot, registerSpa } from './http/spa';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { avatarRoutes } from './users/avatar-routes';
import { intakeRoutes } from './intake/routes';
import { siteRoutes } from './site/routes';
import { statusRoutes } from './statuses/routes';
import { finalizationRoutes } from './finalization/routes';
import { caseRoutes } from './cases/routes';
import { stepperRoutes } from './stepper/routes';
import { offerRoutes } from './offers/routes';
import { cookieRoutes } from './cookies/routes';
import { feedbackRoutes } from './feedback/routes';
import { documentRoutes } from './documents/routes';
import { fileRoutes } from './files/routes';
import { contactPersonRoutes } from './contact-persons/routes';
import { questionRoutes } from './questions/routes';
import { companyRoutes } from './company/routes';

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  storage: Storage;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  storage: Storage;
  /** Where log lines go (tests read them); standard output when undefined. */
  logStream?: NodeJS.WritableStream;
  /** Directory of the built SPA; found automatically when undefined, none when null. */
  webRoot?: string | null;
};

/** Requests are logged without query strings (signed links) or headers (tokens). */
const requestSerializer = (request: { id: string; method: string; url: string }) => ({
  id: request.id,
  method: request.method,
  url: request.url.split('?')[0],
});

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database, mailer, clock, storage } = options;
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestSerializer }, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config, database, db: database.db, mailer, clock, storage });
  app.decorateRequest('authContext', null);

  registerErrorHandler(app);
  await registerSecurity(app, config);
  // Uploads stream through request.file(); one file per request, capped at MAX_UPLOAD_MB.
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });

  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(siteRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(avatarRoutes);
  await app.register(intakeRoutes);
  await app.register(caseRoutes);
  await app.register(stepperRoutes);
  await app.register(offerRoutes);
  await app.register(cookieRoutes);
  await app.register(feedbackRoutes);
  await app.register(documentRoutes);
  await app.register(fileRoutes);
  await app.register(contactPersonRoutes);
  await app.register(questionRoutes);
  await app.register(companyRoutes);
  await app.register(statusRoutes);
  await app.register(finalizationRoutes);

  await registerSpa(app, options.webRoot === undefined ? findWebRoot() : options.webRoot);
  await app.ready();
  return app;
}
