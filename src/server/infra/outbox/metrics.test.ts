import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../testing/harness';
import { enqueueMail } from './outbox';

const METRICS_TOKEN = 'metrics-token-outbox-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await ctx.close();
});

async function gauges() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const value = (name: string) => {
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(response.body);
    if (!match) throw new Error(`${name} missing from /metrics`);
    return Number(match[1]);
  };
  return { pending: value('portal_outbox_pending'), age: value('portal_outbox_oldest_pending_age_seconds') };
}

describe('outbox lag on /metrics', () => {
  it('reports the pending count and the age of the oldest pending mail, and 0 once all is sent', async () => {
    expect(await gauges()).toEqual({ pending: 0, age: 0 });
    await ctx.smtp.stop();
    const first = uniqueEmail('lag');
    const second = uniqueEmail('lag');
    try {
      await enqueueMail(ctx.db, { kind: 'intake_ready', to: { address: first }, payload: {}, now: ctx.clock.now() });
      ctx.clock.advance(30_000);
      await enqueueMail(ctx.db, { kind: 'intake_ready', to: { address: second }, payload: {}, now: ctx.clock.now() });
      // The worker tries and fails (the peer is down): both stay pending.
      await ctx.outbox.drain();
      ctx.clock.advance(90_000);
      expect(await gauges()).toEqual({ pending: 2, age: 120 });
    } finally {
      await ctx.smtp.start();
    }
    ctx.clock.advance(10 * 60_000);
    await ctx.outbox.drain();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(first) || m.to.includes(second))).toHaveLength(2);
    expect(await gauges()).toEqual({ pending: 0, age: 0 });
  });
});
