import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';
import { closeRedis } from './redis-close';
import { createRedisHealth, redisReconnectOptions } from './redis-health';

/**
 * Fan-out between server instances. In-process by default; Redis when REDIS_URL is set, so
 * instances behind one address deliver to each other's sockets.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** @returns a function that stops the subscription */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `listener` whenever messages for this instance may have been missed and can flow again: after Redis came
   * back from an outage, or when messages kept during one could not all be sent. Never runs in process.
   */
  onResync(listener: () => void): void;
  close(): Promise<void>;
  /** Resolves when messages can be published now (readiness). */
  ping(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    // In process, messages can always flow.
    ping: async () => {},
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
    onResync() {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** Messages kept while Redis cannot take them: minutes of a busy instance's events, a few MB at most. */
const maxPendingMessages = 10_000;
const retryDelayMs = 1000;

/**
 * ioredis is imported only when REDIS_URL is set. A message Redis does not take (it is down, or slow past the
 * command timeout) is kept and sent again, in order, once it is back; should more pile up than can be kept, every
 * instance is told to resync instead. Messages sent while a subscriber was cut off are lost to it, so each
 * instance resyncs once its connections are back.
 */
export async function createRedisPubSub(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'pubsubReconnects'>,
): Promise<PubSub> {
  const { Redis } = await import('ioredis');
  // A subscribed Redis connection can do nothing else, so publishing needs its own. Without an offline queue a
  // publish fails at once while Redis is away, and is kept below instead.
  const publisher = new Redis(url, { ...redisReconnectOptions, enableOfflineQueue: false, commandTimeout: 2000 });
  const subscriber = new Redis(url, redisReconnectOptions);
  const health = createRedisHealth('pubsub', log);
  health.watch(publisher);
  health.watch(subscriber);
  const handlers = new Map<string, Set<(message: string) => void>>();
  const resyncListeners: (() => void)[] = [];
  const resyncKey = `${keyPrefix}pubsub:resync`;
  const pending: { key: string; message: string }[] = [];
  let droppedSome = false;
  let retry: NodeJS.Timeout | undefined;
  let flushing = false;
  // Fastify may run the subscribers' onClose hooks after this one; they must then find nothing to do.
  let closed = false;

  function resync(): void {
    for (const listener of resyncListeners) listener();
  }

  function keep(key: string, message: string, reason: string): void {
    if (pending.length === 0) log.warn({ component: 'pubsub', reason }, 'message not published; retrying');
    pending.push({ key, message });
    if (pending.length > maxPendingMessages) {
      pending.shift();
      droppedSome = true;
    }
    retry ??= setTimeout(flush, retryDelayMs);
  }

  async function flush(): Promise<void> {
    clearTimeout(retry);
    retry = undefined;
    if (flushing || closed) return;
    flushing = true;
    try {
      for (let next = pending[0]; next; next = pending[0]) {
        await publisher.publish(next.key, next.message);
        pending.shift();
      }
      if (droppedSome) {
        await publisher.publish(resyncKey, '');
        droppedSome = false;
      }
    } catch {
      // Redis is away again (its health logs that): what is left waits for the next attempt.
      if (!closed) retry ??= setTimeout(flush, retryDelayMs);
    } finally {
      flushing = false;
    }
  }

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === resyncKey) {
      resync();
      return;
    }
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  await subscriber.subscribe(resyncKey);
  health.onAvailableAgain(() => {
    metrics.pubsubReconnects.inc({ component: 'pubsub' });
    void flush();
    // ioredis subscribes again after 'ready'; subscribing here first makes the answer mean the channels are live.
    subscriber.subscribe(resyncKey, ...handlers.keys()).then(resync, (err: unknown) => {
      log.warn({ component: 'pubsub', err }, 'redis lost again while subscribing; resyncing when it is back');
    });
  });
  return {
    async publish(channel, message) {
      if (closed) return;
      const key = keyPrefix + channel;
      // Behind kept messages, so that the order stays.
      if (pending.length > 0) {
        keep(key, message, 'earlier messages still waiting');
        return;
      }
      await publisher.publish(key, message).catch((err: Error) => keep(key, message, err.message));
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
    onResync(listener) {
      resyncListeners.push(listener);
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
