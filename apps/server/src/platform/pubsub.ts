import { EventEmitter } from 'node:events';
import { closeRedis } from './redis-close';

/**
 * Fan-out between server instances. In-process by default; Redis when REDIS_URL is set, so
 * instances behind one address deliver to each other's sockets.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** @returns a function that stops the subscription */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Delivered on a later tick, as over Redis, so no caller comes to rely on synchronous delivery.
      setImmediate(() => emitter.emit(channel, message));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** ioredis is imported only when REDIS_URL is set. */
export async function createRedisPubSub(url: string, keyPrefix: string): Promise<PubSub> {
  const { Redis } = await import('ioredis');
  // A subscribed Redis connection can do nothing else, so publishing needs its own.
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  const handlers = new Map<string, Set<(message: string) => void>>();
  // Fastify may run the subscribers' onClose hooks after this one; they must then find nothing to do.
  let closed = false;
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(keyPrefix + channel, message);
    },
    async subscribe(channel, handler) {
      const key = keyPrefix + channel;
      let set = handlers.get(key);
      if (!set) {
        set = new Set();
        handlers.set(key, set);
        await subscriber.subscribe(key);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && !closed) {
          handlers.delete(key);
          await subscriber.unsubscribe(key);
        }
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
