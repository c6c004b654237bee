import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { HOT_LANE_FILL, hotLanes, type HotLanes } from './lanes';

/** The lanes exist on PostgreSQL only (the embedded database has one session). */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the hot lanes (PostgreSQL)', () => {
  const applicationName = `portal-lanes-test-${process.pid}`;
  let lanes: HotLanes;
  let admin: pg.Client;
  beforeAll(async () => {
    lanes = hotLanes({ connectionString: url, application_name: applicationName }, 2);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await lanes.end();
    await admin.end();
  });

  const add = (n: number) => lanes.query({ name: 'portal_lanes_test', text: 'SELECT $1::int + 1 AS n', values: [n] });

  it('sends the statements of one turn in one write per lane, each answered with its own rows', async () => {
    await add(0);
    let writes = 0;
    const { _write: write, _writev: writev } = net.Socket.prototype;
    net.Socket.prototype._write = function (...args: Parameters<typeof write>) {
      writes++;
      return write.apply(this, args);
    };
    net.Socket.prototype._writev = function (...args: Parameters<NonNullable<typeof writev>>) {
      writes++;
      return writev!.apply(this, args);
    };
    try {
      const count = HOT_LANE_FILL + 4;
      const answers = await Promise.all(Array.from({ length: count }, (_, n) => add(n)));
      expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: count }, (_, n) => n + 1));
      // Sixteen on the first lane, the rest on the second (opened for them): a write each.
      expect(writes).toBeLessThanOrEqual(3);
    } finally {
      net.Socket.prototype._write = write;
      net.Socket.prototype._writev = writev;
    }
    expect(lanes.stats()).toMatchObject({ total: 2, inUse: 0, waiting: 0, max: 2 });
  });

  it('fails only the statement that fails, in the middle of a pipeline', async () => {
    const answers = await Promise.allSettled(
      [1, 0, 2, 0, 3].map((d) => lanes.query({ text: 'SELECT 6 / $1::int AS n', values: [d] })),
    );
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.rows[0].n : 'failed'))).toEqual([
      6,
      'failed',
      3,
      'failed',
      2,
    ]);
  });

  it('connects again after its backend is gone, failing only the statements then in flight', async () => {
    expect((await add(1)).rows).toEqual([{ n: 2 }]);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);
    // The first statement may still meet the ended connection; the next ones run on a new one.
    await add(1).catch(() => undefined);
    await add(1).catch(() => undefined);
    expect((await add(41)).rows).toEqual([{ n: 42 }]);
  });
});
