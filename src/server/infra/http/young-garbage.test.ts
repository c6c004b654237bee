import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestContext, type TestContext } from '../testing/harness';

/**
 * A finished request's objects must die young (docs/performance.md). A WeakMap from every request to
 * its response (body-limits.ts had one) kept both alive through young-generation collections:
 * they were promoted and freed only by full collections, so each request added to the old
 * generation, scavenges copied more, and /healthz lost a third of its throughput to the
 * collector. Measured as the growth of the old generation over many requests (after a full
 * collection before and two young ones after): WeakRefs cannot tell, since young-generation
 * collections keep their targets.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;

let ctx: TestContext;
let port = 0;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'warn' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
});

/**
 * Keep-alive connections that send a fixed GET /healthz and count the answers: as little client-side garbage as can be.
 */
async function healthzOver(connections: number, requests: number): Promise<void> {
  const request = Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  const each = requests / connections;
  await Promise.all(
    Array.from({ length: connections }, () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let answered = 0;
      return new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('data', (chunk: Buffer) => {
          // Each answer is one chunk here (small, written at once); count its status lines.
          for (let at = chunk.indexOf('HTTP/1.1 200'); at !== -1; at = chunk.indexOf('HTTP/1.1 200', at + 1))
            answered++;
          if (answered >= each) {
            socket.end();
            resolve();
          } else socket.write(request);
        });
        socket.write(request);
      });
    }),
  );
}

const oldSpaceUsed = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

describe('objects of finished requests', () => {
  it('die young: requests leave (almost) nothing in the old generation', async () => {
    const requests = 2_000;
    await healthzOver(4, 200); // warm: compiled code
    gc({ type: 'major', execution: 'sync' });
    const before = oldSpaceUsed();
    await healthzOver(4, requests);
    gc({ type: 'minor', execution: 'sync' });
    gc({ type: 'minor', execution: 'sync' });
    const perRequest = (oldSpaceUsed() - before) / requests;
    // Measured: about 0.9 KB a request now; kept by the WeakMap until a full collection, 5.9 KB.
    expect(perRequest).toBeLessThan(2_500);
  });
});
