import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createTestLawyer, tokenFor, type TestContext } from '../testing/harness';

const METRICS_TOKEN = 'metrics-token-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await ctx.close();
});

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('answers only with the operator token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-wrong-token')).statusCode).toBe(401);
    const lawyer = await createTestLawyer(ctx);
    expect((await scrape(bearer(await tokenFor(ctx, lawyer.id)).authorization)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
  });

  it('reports request durations by route template, job runs and event-loop delay in Prometheus format', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/00000000-0000-0000-0000-000000000000`,
      headers: bearer(token),
    });
    ctx.app.metrics.jobRun('retention-purge', 'ran', 0.5);
    ctx.app.metrics.jobRun('retention-purge', 'skipped', 0);
    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/user",status_code="200"\} 1/,
    );
    // The template, not the id: no unbounded label values.
    expect(text).toMatch(/route="\/api\/cases\/:id",status_code="404"/);
    expect(text).not.toContain('00000000-0000-0000-0000-000000000000');
    expect(text).toMatch(/portal_job_runs_total\{job="retention-purge",outcome="ran"\} 1/);
    expect(text).toMatch(/portal_job_runs_total\{job="retention-purge",outcome="skipped"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    if (ctx.database.kind === 'postgres') {
      // The harness opens 25 connections at most; GET /api/user has run, and none is in use now.
      expect(text).toMatch(/portal_db_pool_connections\{state="max"\} 25/);
      expect(text).toMatch(/portal_db_pool_connections\{state="in_use"\} 0/);
      expect(Number(/portal_db_pool_connections\{state="total"\} (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const plain = await createTestContext();
    try {
      expect(
        (await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
