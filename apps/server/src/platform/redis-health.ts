import type { FastifyBaseLogger } from 'fastify';

/**
 * The part of an ioredis connection that is watched. Structural, so that the connections of Hocuspocus's Redis
 * extension (which brings its own ioredis version) fit too.
 */
export interface WatchedConnection {
  readonly status: string;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'ready' | 'reconnecting', listener: () => void): unknown;
}

/** A Redis user (pub/sub, rate limits, collaboration) and the state of its connections. */
export interface RedisHealth {
  /**
   * Takes a connection's 'error' events (without a listener ioredis prints each one with its stack, several times a
   * second) and logs its component's changes of state, once each: `redis unavailable`, `redis available again`.
   */
  watch(connection: WatchedConnection): void;
  /** Runs `listener` each time all the component's connections are ready again after one of them was lost. */
  onAvailableAgain(listener: () => void): void;
}

/**
 * Reconnects at most a second after Redis is back (ioredis waits up to 2 s by default), since whatever this
 * instance missed meanwhile is only repaired once it is connected again.
 */
export const redisReconnectOptions = {
  retryStrategy: (attempt: number): number => Math.min(attempt * 100, 1000),
};

export function createRedisHealth(component: string, log: FastifyBaseLogger): RedisHealth {
  const componentLog = log.child({ component });
  const lost = new Set<WatchedConnection>();
  const listeners: (() => void)[] = [];

  function markLost(connection: WatchedConnection, reason: string): void {
    if (lost.has(connection)) {
      componentLog.debug({ reason }, 'redis still unavailable');
      return;
    }
    lost.add(connection);
    if (lost.size === 1) componentLog.error({ reason }, 'redis unavailable');
  }

  return {
    watch(connection) {
      // A ready connection's stream error is followed by 'reconnecting', which is where it counts as lost.
      connection.on('error', (err) => {
        if (connection.status !== 'ready') markLost(connection, err.message);
      });
      // Not emitted for a connection closed on purpose (shutdown), so stopping logs no outage.
      connection.on('reconnecting', () => markLost(connection, 'connection closed'));
      connection.on('ready', () => {
        if (!lost.delete(connection) || lost.size > 0) return;
        componentLog.info('redis available again');
        for (const listener of listeners) listener();
      });
    },
    onAvailableAgain(listener) {
      listeners.push(listener);
    },
  };
}
