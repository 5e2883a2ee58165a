import type { Redis } from 'ioredis';

/**
 * QUIT lets pending replies arrive first, but a connection still being set up rejects it with
 * "Connection is closed"; such a connection has nothing pending and is simply dropped.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit();
    return;
  }
  redis.disconnect();
}
