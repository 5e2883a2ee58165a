import { closeRedis } from './redis-close';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets; 0 when nothing is counted. */
  resetInMs: number;
}

/**
 * Fixed-window counters. In memory for one instance; in Redis when REDIS_URL is set, so every
 * instance behind one address shares the same limits.
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

/** ioredis is imported only when REDIS_URL is set. */
export async function createRedisRateLimitStore(url: string, keyPrefix: string): Promise<RateLimitStore> {
  const prefix = `${keyPrefix}rl:`;
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  return {
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
