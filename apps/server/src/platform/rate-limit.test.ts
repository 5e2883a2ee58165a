import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testTarget } from '../../test/support/test-database';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  recordHits,
  secondsUntilAllowed,
} from './rate-limit';

const target = testTarget();
const silentLog = pino({ level: 'silent' });
const stores: [string, () => Promise<RateLimitStore>][] = [['memory', async () => createMemoryRateLimitStore()]];
if (target.kind === 'postgres') {
  stores.push([
    'redis',
    () => createRedisRateLimitStore(target.redisUrl, `deckhand-test:${crypto.randomUUID()}:`, silentLog),
  ]);
}

describe.each(stores)('%s rate-limit store', (_name, create) => {
  it('counts within a window, reports the wait, and resets', async () => {
    const store = await create();
    try {
      const limit = { name: 'unit', max: 3, windowMs: 60_000 };
      const checks = [{ limit, key: 'k' }];
      expect(await secondsUntilAllowed(store, checks)).toBe(0);
      for (let i = 0; i < 3; i += 1) await recordHits(store, checks);
      const wait = await secondsUntilAllowed(store, checks);
      expect(wait).toBeGreaterThan(55);
      expect(wait).toBeLessThanOrEqual(60);
      await store.reset('unit:k');
      expect(await secondsUntilAllowed(store, checks)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('starts a new window once the old one ends', async () => {
    const store = await create();
    try {
      const limit = { name: 'short', max: 1, windowMs: 50 };
      await recordHits(store, [{ limit, key: 'k' }]);
      expect(await secondsUntilAllowed(store, [{ limit, key: 'k' }])).toBe(1);
      await expect.poll(() => secondsUntilAllowed(store, [{ limit, key: 'k' }]), { interval: 20 }).toBe(0);
    } finally {
      await store.close();
    }
  });
});

// Runs in the PostgreSQL + Redis pass of `npm test`, where TEST_REDIS_URL is set.
const redisUrls = target.kind === 'postgres' ? [target.redisUrl] : [];
describe.each(redisUrls)('Redis at %s', (redisUrl) => {
  it('shares counts between two instances', async () => {
    const prefix = `deckhand-test:${crypto.randomUUID()}:`;
    const a = await createRedisRateLimitStore(redisUrl, prefix, silentLog);
    const b = await createRedisRateLimitStore(redisUrl, prefix, silentLog);
    try {
      const checks = [{ limit: { name: 'shared', max: 2, windowMs: 60_000 }, key: 'k' }];
      await recordHits(a, checks);
      await recordHits(b, checks);
      expect(await secondsUntilAllowed(a, checks)).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
