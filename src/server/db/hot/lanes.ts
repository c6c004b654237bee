import net from 'node:net';
import pg from 'pg';
import type { PoolStats } from '../client';

/**
 * How many hot statements one lane carries in flight before the next lane is used. A backend
 * answers a hot statement in well under 0.1 ms of CPU, faster than the server's one thread
 * makes the requests that send them, so sixteen wait at most about a millisecond.
 */
export const HOT_LANE_FILL = 16;

/** What `postgresRunner` needs of the hot connections: a query, as a pool has it. */
export type HotQueryable = Pick<pg.Pool, 'query'>;

export type HotLanes = HotQueryable & { stats: () => PoolStats; end: () => Promise<void> };

type Lane = {
  client: pg.Client | null;
  /** The socket `client` talks on (made here and handed to node-postgres as its stream). */
  socket: net.Socket | null;
  connected: Promise<void>;
  inFlight: number;
  /** Set while the socket is corked until the end of this turn of the event loop. */
  flush: NodeJS.Immediate | null;
};

/**
 * Holds what is written to the lane's socket in this turn of the event loop and sends it in
 * one write at the end of the turn (`setImmediate`): the statements of all the requests read in
 * one turn reach PostgreSQL together, wake its backend once and come back in one read.
 */
function gather(lane: Lane, socket: net.Socket): void {
  if (lane.flush !== null) return;
  socket.cork();
  lane.flush = setImmediate(() => {
    lane.flush = null;
    socket.uncork();
  });
}

/**
 * The connections of the hot path on PostgreSQL: up to `count` lanes, each ONE node-postgres
 * client in pipeline mode (https://node-postgres.com/features/pipelining) on a socket that
 * gathers the writes of one turn of the event loop (`gather`). A statement goes to the first
 * lane with fewer than HOT_LANE_FILL statements in flight (else to the least busy), so the
 * requests of one turn share one write to PostgreSQL, where a pool would give each its own
 * connection, write and wake-up of a backend. The other lanes open only when the first is
 * that busy, so one slow statement does not hold up the rest for long. A lane whose
 * connection fails fails only the statements on it (503, errors/classify.ts) and connects
 * again for the next one.
 */
export function hotLanes(config: pg.ClientConfig, count: number): HotLanes {
  const lanes: Lane[] = Array.from({ length: Math.max(1, count) }, () => ({
    client: null,
    socket: null,
    connected: Promise.resolve(),
    inFlight: 0,
    flush: null,
  }));
  const open = (lane: Lane): pg.Client => {
    const socket = new net.Socket();
    const client = new pg.Client({ ...config, pipeline: true, stream: () => socket });
    const drop = () => {
      if (lane.client !== client) return;
      lane.client = null;
      lane.socket = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    lane.client = client;
    lane.socket = socket;
    lane.connected = client.connect().then(
      () => undefined,
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    return client;
  };
  const pick = (): Lane => {
    let least = lanes[0]!;
    for (const lane of lanes) {
      if (lane.inFlight < HOT_LANE_FILL) return lane;
      if (lane.inFlight < least.inFlight) least = lane;
    }
    return least;
  };
  const query = (async (config: pg.QueryConfig) => {
    const lane = pick();
    const client = lane.client ?? open(lane);
    const { connected, socket } = lane;
    lane.inFlight++;
    try {
      await connected;
      if (socket) gather(lane, socket);
      return await client.query(config);
    } finally {
      lane.inFlight--;
    }
  }) as HotQueryable['query'];
  return {
    query,
    /** A lane with statements in flight is a connection in use; its statements beyond one wait in it. */
    stats: () => {
      const busy = lanes.filter((lane) => lane.inFlight > 0);
      const inFlight = busy.reduce((n, lane) => n + lane.inFlight, 0);
      const open = lanes.filter((lane) => lane.client !== null).length;
      return {
        total: open,
        idle: open - busy.length,
        inUse: busy.length,
        waiting: inFlight - busy.length,
        max: lanes.length,
      };
    },
    end: async () => {
      await Promise.all(
        lanes.map(async (lane) => {
          const { client } = lane;
          lane.client = null;
          await client?.end().catch(() => undefined);
        }),
      );
    },
  };
}
