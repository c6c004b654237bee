import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventData, LiveEventType } from '../../../contract/messages';
import { EventHub, type LiveEvent, type SessionsEnded } from './hub';

export type PublishInput<T extends LiveEventType = LiveEventType> = {
  type: T;
  userIds: string[];
  data: LiveEventData<T>;
};

/** Carries live events to the streams of every instance: Redis pub/sub with REDIS_URL, in-process without. */
export type EventBus = {
  kind: 'redis' | 'memory';
  hub: EventHub;
  /** Call after the change has been committed. Never throws: live events are a convenience. */
  publish: <T extends LiveEventType>(input: PublishInput<T>) => Promise<void>;
  /**
   * Ends the open streams of sessions that ended, on every instance. Call after the tokens were
   * revoked (committed). Never throws; a stream that misses it ends at its next token check.
   */
  endSessions: (ended: SessionsEnded) => Promise<void>;
  close: () => Promise<void>;
};

const instance = randomBytes(3).toString('hex');
let sequence = 0;
/** Unique across instances and roughly time-ordered. */
const nextId = () => `${Date.now().toString(36)}-${instance}-${(++sequence).toString(36)}`;

export function memoryEventBus(hub = new EventHub()): EventBus {
  return {
    kind: 'memory',
    hub,
    publish: async (input) => {
      if (input.userIds.length > 0) hub.deliver({ id: nextId(), ...input });
    },
    endSessions: async (ended) => {
      hub.endSessions(ended);
    },
    close: async () => undefined,
  };
}

/** What travels on the channel besides events: the sessions whose streams must end. */
type SessionsEndedMessage = { control: 'sessions_ended' } & SessionsEnded;

const isSessionsEnded = (value: Record<string, unknown>): value is SessionsEndedMessage =>
  value.control === 'sessions_ended' &&
  typeof value.userId === 'string' &&
  (value.tokenIds === undefined ||
    (Array.isArray(value.tokenIds) && value.tokenIds.every((id) => typeof id === 'string'))) &&
  (value.exceptTokenId === undefined || typeof value.exceptTokenId === 'string');

/**
 * Every instance publishes to one channel and delivers what it receives on it, its own
 * events included, so all instances see the same order. When Redis cannot take an event it
 * is still delivered to this instance's streams. Ended sessions travel on the same channel.
 */
export async function redisEventBus(
  url: string,
  channel: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  hub = new EventHub(),
): Promise<EventBus> {
  // Loaded only with REDIS_URL: ioredis takes most of a second to import.
  const { Redis } = await import('ioredis');
  const options = { maxRetriesPerRequest: 2, lazyConnect: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const quiet = (which: string) => (error: Error) =>
    log.warn({ err: { message: error.message }, redis: which }, 'event bus connection problem');
  publisher.on('error', quiet('publisher'));
  subscriber.on('error', quiet('subscriber'));
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as Record<string, unknown>;
      if (isSessionsEnded(message)) {
        hub.endSessions(message);
        return;
      }
      const event = message as LiveEvent;
      if (typeof event.id === 'string' && typeof event.type === 'string' && Array.isArray(event.userIds))
        hub.deliver(event);
    } catch {
      log.warn({ redis: 'subscriber' }, 'unreadable live event ignored');
    }
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    hub,
    publish: async (input) => {
      if (input.userIds.length === 0) return;
      const event: LiveEvent = { id: nextId(), ...input };
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        log.warn(
          { err: { message: (error as Error).message }, type: event.type },
          'live event delivered on this instance only',
        );
        hub.deliver(event);
      }
    },
    endSessions: async (ended) => {
      const message: SessionsEndedMessage = { control: 'sessions_ended', ...ended };
      try {
        await publisher.publish(channel, JSON.stringify(message));
      } catch (error) {
        log.warn({ err: { message: (error as Error).message } }, 'ended sessions told to this instance only');
        hub.endSessions(ended);
      }
    },
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
