import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config/config';
import type { Database } from '../db/client';
import { safeEqual } from '../lib/crypto';
import { notFound, unauthenticated } from '../errors/errors';
import type { JobOutcome } from '../jobs/scheduler';

export type Metrics = {
  registry: Registry;
  /** Counts a background job run (the scheduler calls this). */
  jobRun: (job: string, outcome: JobOutcome, seconds: number) => void;
  /** Adds a gauge whose value is read at scrape time (e.g. the outbox's oldest pending mail). */
  addGauge: (name: string, help: string, read: () => Promise<number> | number) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics on GET /metrics (prom-client), only with `Authorization: Bearer
 * METRICS_TOKEN`; without METRICS_TOKEN the route answers 404. One registry per app, so tests
 * can build several. Request durations are labelled by route template, never by raw URL.
 */
export function registerMetrics(app: FastifyInstance, config: Config, database: Database): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from request to response, by route template, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Background job runs by job and outcome (skipped: another instance held the lock)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Background job run time',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers: [registry],
  });
  if (database.poolStats) {
    const stats = database.poolStats;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, in use, waiting clients, max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        if (s.total !== null) this.set({ state: 'total' }, s.total);
        if (s.idle !== null) this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'in_use' }, s.inUse);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const metrics: Metrics = {
    registry,
    jobRun: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      if (outcome !== 'skipped') jobSeconds.observe({ job }, seconds);
    },
    addGauge: (name, help, read) => {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
  app.decorate('metrics', metrics);

  const expected = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!expected) throw notFound();
    if (!safeEqual(Buffer.from(request.headers.authorization ?? ''), expected)) throw unauthenticated();
    return reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics());
  });
}
