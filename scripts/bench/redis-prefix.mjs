// A Redis key prefix of its own for every bench run, so the bench neither reads nor disturbs anything else
// on a shared Redis (another run, the test suite); its keys are deleted at the end.
import { Redis } from 'ioredis';
import { onCleanup } from './cleanup.mjs';

async function deleteKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Returns `deckhand-bench-<random>:`; its keys (rate-limit counters) are deleted when the bench ends. */
export function createBenchRedisPrefix(redisUrl) {
  const prefix = `deckhand-bench-${crypto.randomUUID().slice(0, 8)}:`;
  onCleanup(() => deleteKeys(redisUrl, prefix));
  return prefix;
}
