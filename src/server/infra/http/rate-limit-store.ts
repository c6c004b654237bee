import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result | null) => void;
type Store = {
  incr: (key: string, callback: Callback, timeWindow: number, max: number) => void;
  read?: (key: string, callback: Callback, timeWindow: number, max: number) => void;
  child: (routeOptions: {
    continueExceeding: boolean;
    exponentialBackoff: boolean;
    routeInfo: { method: string; url: string };
  }) => Store;
};
type StoreConstructor = FastifyRateLimitStoreCtor;

// The plugin's own stores: Redis (an atomic Lua script) and in-memory (an LRU).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

export type FallbackLog = { warn: (message: string) => void; info: (message: string) => void };

/**
 * A rate-limit store that counts in Redis (shared by every instance) and, while Redis is
 * unreachable, in this instance's memory, with a warning; it goes back to Redis by itself
 * when the connection is ready again. Limits never switch off.
 */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string, log: FallbackLog): StoreConstructor {
  let onRedis = true;
  const useMemory = () => {
    if (!onRedis) return;
    onRedis = false;
    log.warn('Redis unreachable: rate limits count per instance in memory until it is back');
  };
  const useRedis = () => {
    if (onRedis) return;
    onRedis = true;
    log.info('Redis reachable again: rate limits are shared again');
  };

  function make(continueExceeding: boolean, exponentialBackoff: boolean, key: string): Store {
    const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, key);
    const local = new LocalStore(continueExceeding, exponentialBackoff);
    const pick = (method: 'incr' | 'read') => (id: string, callback: Callback, timeWindow: number, max: number) => {
      const fallback = () => {
        const store = local[method] ? local : null;
        if (store) store[method]!(id, callback, timeWindow, max);
        else callback(null, { current: 0, ttl: 0 });
      };
      if (redis.status !== 'ready') {
        useMemory();
        fallback();
        return;
      }
      shared[method]!(
        id,
        (error, result) => {
          if (error) {
            useMemory();
            fallback();
            return;
          }
          useRedis();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    };
    return {
      incr: pick('incr'),
      read: pick('read'),
      child: (routeOptions) =>
        make(
          routeOptions.continueExceeding,
          routeOptions.exponentialBackoff,
          `${key}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`,
        ),
    };
  }

  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      return make(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff), nameSpace);
    }
  } as unknown as StoreConstructor;
}
