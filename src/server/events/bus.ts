import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventData, LiveEventType } from '../../contract/messages';
import { EventHub, type LiveEvent } from './hub';

export type PublishInput<T extends LiveEventType = LiveEventType> = { type: T; userIds: string[]; data: LiveEventData<T> };

/** Carries live events to the streams of every instance: Redis pub/sub with REDIS_URL, in-process without. */
export type EventBus = {
  kind: 'redis' | 'memory';
  hub: EventHub;
  /** Call after the change has been committed. Never throws: live events are a convenience. */
  publish: <T extends LiveEventType>(input: PublishInput<T>) => Promise<void>;
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
    close: async () => undefined,
  };
}

/**
 * Every instance publishes to one channel and delivers what it receives on it, its own
 * events included, so all instances see the same order. When Redis cannot take an event it
 * is still delivered to this instance's streams.
 */
export async function redisEventBus(url: string, channel: string, log: Pick<FastifyBaseLogger, 'warn'>, hub = new EventHub()): Promise<EventBus> {
  // Loaded only with REDIS_URL: ioredis takes most of a second to import.
  const { Redis } = await import('ioredis');
  const options = { maxRetriesPerRequest: 2, lazyConnect: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const quiet = (which: string) => (error: Error) => log.warn({ err: { message: error.message }, redis: which }, 'event bus connection problem');
  publisher.on('error', quiet('publisher'));
  subscriber.on('error', quiet('subscriber'));
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const event = JSON.parse(raw) as LiveEvent;
      if (typeof event.id === 'string' && typeof event.type === 'string' && Array.isArray(event.userIds)) hub.deliver(event);
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
        log.warn({ err: { message: (error as Error).message }, type: event.type }, 'live event delivered on this instance only');
        hub.deliver(event);
      }
    },
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
