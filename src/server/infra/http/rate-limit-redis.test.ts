import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestContext, type TestContext } from '../testing/harness';
import { freePort } from '../testing/free-port';

/** Redis gone and back: rate limits fall back to this instance's memory with a warning, then share again. */
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const LIMIT = 5;

describe.skipIf(!REDIS)('rate limits when Redis goes away', () => {
  let port: number;
  let redis: ChildProcess | null = null;
  let ctx: TestContext;
  let probe: Redis;
  const startRedis = async () => {
    redis = spawn(REDIS!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (
        await probe.ping().then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('redis-server did not start');
  };
  const stopRedis = async () => {
    const child = redis;
    redis = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  };
  const hit = (ip: string) => ctx.app.inject({ method: 'GET', url: '/api/user', remoteAddress: ip });
  const statuses = async (ip: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await hit(ip)).statusCode);
    return out;
  };

  beforeAll(async () => {
    port = await freePort();
    probe = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: false,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 100,
    });
    probe.on('error', () => undefined);
    await startRedis();
    ctx = await createTestContext({
      redisUrl: `redis://127.0.0.1:${port}`,
      rateLimitPerMinute: LIMIT,
      logLevel: 'info',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    probe?.disconnect();
    await stopRedis();
  });

  it('counts in Redis, in memory with a warning while Redis is gone, and in Redis again after', async () => {
    expect(await statuses('192.0.2.1', LIMIT + 1)).toEqual([...Array(LIMIT).fill(401), 429]);
    expect(await probe.keys('portal-rl:*192.0.2.1')).toHaveLength(1);

    await stopRedis();
    // Still limited (never switched off), now by this instance's memory.
    expect(await statuses('192.0.2.2', LIMIT + 1)).toEqual([...Array(LIMIT).fill(401), 429]);
    expect(ctx.logs.join('')).toContain('Redis unreachable: rate limits count per instance in memory');

    await startRedis();
    for (let i = 0; i < 100 && !(await probe.keys('portal-rl:*192.0.2.3')).length; i++) {
      await hit('192.0.2.3');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await probe.keys('portal-rl:*192.0.2.3')).toHaveLength(1);
    expect(ctx.logs.join('')).toContain('Redis reachable again: rate limits are shared again');
  });
});
