import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema, NotReadyResponseSchema, ReadyResponseSchema } from '../contract/health';
import { createResponseSerializerCompiler } from './infra/http/response-serializer';
import { deferValidation } from './infra/http/deferred-validation';
import type { Config } from './infra/config/config';
import type { Database, Db } from './infra/db/client';
import type { Clock } from './infra/lib/clock';
import type { Storage } from './infra/storage/storage';
import { registerErrorHandler, answerFrameworkError } from './infra/errors/handler';
import { registerRequestLog } from './infra/http/security-log';
import { registerSecurity } from './infra/http/security';
import { registerBodyLimits } from './infra/http/body-limits';
import { registerApiCompression } from './infra/http/api-compression';
import { registerMetrics } from './infra/metrics/metrics';
import { registerOutboxMetrics } from './infra/outbox/metrics';
import { registerOpenApi } from './infra/http/openapi';
import { findWebRoot, inlineScriptHashes, registerSpa } from './infra/http/spa';
import { authRoutes } from './auth/routes';
import { twoFactorRoutes } from './auth/two-factor-routes';
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
import { fileRoutes } from './documents/file-routes';
import { contactPersonRoutes } from './contact-persons/routes';
import { questionRoutes } from './questions/routes';
import { companyRoutes } from './company/routes';
import { mailRoutes } from './mail-preferences/routes';
import { adminRoutes } from './admin/routes';
import { archiveRoutes } from './archive/routes';
import { insightRoutes } from './insight/routes';
import { emailChangeRoutes } from './email-change/routes';
import { workflowRoutes } from './workflow/routes';
import { messageRoutes } from './messages/routes';
import { appointmentRoutes } from './appointments/routes';
import { complaintRoutes } from './complaints/routes';
import { calculationRoutes } from './settlement/calculation-routes';
import { settlementRoutes } from './settlement/routes';
import { dataExportRoutes } from './data-export/routes';
import { invoiceRoutes } from './invoices/routes';
import { adminInvoiceRoutes } from './invoices/admin-routes';
import { paymentRoutes } from './payments/routes';
import { pushRoutes } from './push/routes';
import { registerEvents, type EventOptions } from './live-stream/routes';
import { eventSettingsOf, provideEventSettings } from './domain-events';
import { memoryEventBus, redisEventBus } from './infra/events/bus';

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  storage: Storage;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    routeList: readonly { method: string; url: string; schema?: RouteSchemaList }[];
  }
}

/** The request and response schemas of a route (zod), as the fuzz and response-schema tests read them. */
export type RouteSchemaList = {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
};

export type BuildOptions = {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
  /** Where log lines go (tests read them); standard output when undefined. */
  logStream?: NodeJS.WritableStream;
  /** Directory of the built SPA; found automatically when undefined, none when null. */
  webRoot?: string | null;
  /** Live events: heartbeat and stream lifetime, and the Redis channel (tests give each their own). */
  events?: EventOptions & { channel?: string };
  /** Routes only a test build adds (src/server/test-routes.ts); undefined in the product. */
  extraRoutes?: FastifyPluginAsync;
};

/** Requests are logged without query strings (signed links) or headers (tokens). */
const requestSerializer = (request: { id: string; method: string; url: string }) => ({
  id: request.id,
  method: request.method,
  url: request.url.split('?')[0],
});

/** How often Node looks for connections past their header deadline: a tenth of it, between 100 ms and 1 s. */
export const connectionsCheckingInterval = (headersTimeoutMs: number) =>
  Math.min(1_000, Math.max(100, Math.round(headersTimeoutMs / 10)));

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database, clock, storage } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Slow clients: a connection that sends nothing for BODY_IDLE_TIMEOUT_SECONDS is closed.
    connectionTimeout: config.bodyIdleTimeoutMs,
    // Node checks headersTimeout (and requestTimeout) only every connectionsCheckingInterval
    // (30 s by default), so a slow-header client could stay 40 s instead of 10; check often.
    http: { connectionsCheckingInterval: connectionsCheckingInterval(config.headersTimeoutMs) },
    // Request lines come from registerRequestLog (with user id and IP).
    logController: new LogController({ disableRequestLogging: true }),
    // A path parameter over maxParamLength or an undecodable URL: answered in the app's own
    // format, in the request's language, never echoing the path.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are serialized with their route's response schema; in tests a schema that would change an answer fails.
  app.setSerializerCompiler(createResponseSerializerCompiler({ strict: config.env === 'test' }));
  app.decorate('deps', { config, database, db: database.db, clock, storage });
  // The rules of the events this app's changes record read its settings (retention, digest window, video link).
  const unbindEventSettings = provideEventSettings(database.db, eventSettingsOf(config));
  app.addHook('onClose', async () => unbindEventSettings());
  app.decorateRequest('authContext', null);
  // Every route of the app, the one list the route-enumerating tests read (authorization matrix, fuzz, OpenAPI).
  const routeList: { method: string; url: string; schema?: RouteSchemaList }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    // 401, 403 and 404 before 422: the input is refused when the handler first reads it (http/deferred-validation.ts).
    deferValidation(route);
    const schema = route.schema as RouteSchemaList | undefined;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url, ...(schema ? { schema } : {}) });
  });

  registerErrorHandler(app);
  registerRequestLog(app);
  // Request headers must arrive within HEADERS_TIMEOUT_SECONDS.
  app.server.headersTimeout = config.headersTimeoutMs;
  // Bodies below the minimum rate end with 408; concurrent uploads are capped (http/body-limits.ts).
  registerBodyLimits(app, config);
  const webRoot = options.webRoot === undefined ? findWebRoot() : options.webRoot;
  await registerSecurity(app, config, storage.origin ? [storage.origin] : [], inlineScriptHashes(webRoot));
  // OpenAPI from the contract's zod schemas; browsable at /api/docs in development.
  await registerOpenApi(app, { serveDocs: config.env === 'development' });
  // GET /metrics (Prometheus) behind METRICS_TOKEN, request durations by route.
  registerMetrics(app, config, database);
  // Outbox backlog on /metrics: pending mails and the age of the oldest.
  registerOutboxMetrics(app);
  // JSON answers of 1 KiB and more go out brotli- or gzip-compressed (http/api-compression.ts).
  await registerApiCompression(app);
  // Uploads stream through request.file(); one file per request, capped at MAX_UPLOAD_MB.
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });

  // Live events (GET /api/events): Redis pub/sub across instances with REDIS_URL, in-process without.
  const eventBus = config.redisUrl
    ? await redisEventBus(config.redisUrl, options.events?.channel ?? 'portal:events', app.log)
    : memoryEventBus();
  registerEvents(app, eventBus, options.events);

  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponseSchema } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: { response: { 200: ReadyResponseSchema, 503: NotReadyResponseSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );

  await app.register(siteRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
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
  await app.register(workflowRoutes);
  await app.register(statusRoutes);
  await app.register(finalizationRoutes);
  await app.register(mailRoutes);
  await app.register(adminRoutes);
  await app.register(archiveRoutes);
  await app.register(insightRoutes);
  await app.register(emailChangeRoutes);
  await app.register(messageRoutes);
  await app.register(appointmentRoutes);
  await app.register(complaintRoutes);
  await app.register(calculationRoutes);
  await app.register(settlementRoutes);
  await app.register(dataExportRoutes);
  await app.register(invoiceRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(pushRoutes);

  if (options.extraRoutes) await app.register(options.extraRoutes);
  await registerSpa(app, webRoot);
  await app.ready();
  return app;
}
