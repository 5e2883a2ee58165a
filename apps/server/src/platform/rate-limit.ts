import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { closeRedis } from './redis-close';
import { createRedisHealth, redisReconnectOptions } from './redis-health';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets; 0 when nothing is counted. */
  resetInMs: number;
}

/**
 * Fixed-window counters. In memory for one instance; in Redis when REDIS_URL is set, so every
 * instance behind one address shares the same limits. Without its counters a limited route stays closed
 * rather than unlimited: the Redis store throws service/unavailable (503 with Retry-After) while Redis is away.
 */
export interface RateLimitStore {
  get(key: string): Promise<WindowCount>;
  increment(key: string, windowMs: number): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();

  function current(key: string): WindowCount {
    const w = windows.get(key);
    const t = now();
    if (!w || w.resetAt <= t) return { count: 0, resetInMs: 0 };
    return { count: w.count, resetInMs: w.resetAt - t };
  }

  return {
    get: async (key) => current(key),
    async increment(key, windowMs) {
      const t = now();
      const w = windows.get(key);
      if (!w || w.resetAt <= t) windows.set(key, { count: 1, resetAt: t + windowMs });
      else w.count += 1;
      return current(key);
    },
    reset: async (key) => {
      windows.delete(key);
    },
    close: async () => clearInterval(sweep),
  };
}

/** Asked of clients while the shared counters are out of reach: a few of Redis's reconnect attempts. */
const unavailableRetryAfterSeconds = 5;

/**
 * ioredis is imported only when REDIS_URL is set. Without an offline queue and with a short command timeout, a
 * request fails within a second while Redis is away instead of waiting for it.
 * @throws service/unavailable from every method while Redis cannot be reached
 */
export async function createRedisRateLimitStore(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  const prefix = `${keyPrefix}rl:`;
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { ...redisReconnectOptions, enableOfflineQueue: false, commandTimeout: 1000 });
  createRedisHealth('rate-limit', log).watch(redis);
  // Commands sent before the first connection would fail: start once it is up, or known to be down.
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });

  return closedWhileUnreachable({
    async get(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then(unpack);
      return { count: Number(count ?? 0), resetInMs: Math.max(0, Number(ttl)) };
    },
    async increment(key, windowMs) {
      // NX sets the expiry only when the key is new, which makes the window fixed rather than sliding.
      const [count, , ttl] = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()
        .then(unpack);
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
    },
    reset: async (key) => {
      await redis.del(prefix + key);
    },
    close: async () => {
      await closeRedis(redis);
    },
  });
}

/** Turns the failures of a shared store into service/unavailable, so its routes answer 503 rather than 500. */
function closedWhileUnreachable(store: RateLimitStore): RateLimitStore {
  async function reach<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      throw new AppError('service/unavailable', 'Temporarily unavailable, please try again in a few seconds', {
        retryAfterSeconds: unavailableRetryAfterSeconds,
        cause: err,
      });
    }
  }
  return {
    get: (key) => reach(store.get(key)),
    increment: (key, windowMs) => reach(store.increment(key, windowMs)),
    reset: (key) => reach(store.reset(key)),
    close: () => store.close(),
  };
}

function unpack(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error('redis transaction aborted');
  return results.map(([err, value]) => {
    if (err) throw err;
    return value;
  });
}

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

/** Seconds to wait before `limits` allow another attempt for these keys, or 0 when none is reached. */
export async function secondsUntilAllowed(
  store: RateLimitStore,
  checks: { limit: Limit; key: string }[],
): Promise<number> {
  const counts = await Promise.all(checks.map(({ limit, key }) => store.get(`${limit.name}:${key}`)));
  let waitMs = 0;
  counts.forEach((c, i) => {
    const check = checks[i];
    if (check && c.count >= check.limit.max) waitMs = Math.max(waitMs, c.resetInMs);
  });
  return Math.ceil(waitMs / 1000);
}

export async function recordHits(store: RateLimitStore, checks: { limit: Limit; key: string }[]): Promise<void> {
  await Promise.all(checks.map(({ limit, key }) => store.increment(`${limit.name}:${key}`, limit.windowMs)));
}
