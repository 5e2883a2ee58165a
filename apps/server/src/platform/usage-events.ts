import type { UsageEventName } from '@deckhand/contract/events';
import type { FastifyBaseLogger } from 'fastify';
import { insertBulk } from '../db/bulk-insert';
import type { Db } from '../db/client';
import { uuidv7 } from './ids';
import { writeBehindDelayMs } from './write-behind';

export interface UsageEvent {
  name: UsageEventName;
  userId?: string | null;
  /** Ids and small enums only: never message text or file content. */
  properties?: Record<string, string | number | boolean | null>;
}

export interface UsageEvents {
  /**
   * Records in the background: an event never blocks or fails the action that caused it. Resolves once the
   * event is written (or its write has failed and been logged).
   */
  record(event: UsageEvent): Promise<void>;
  /** Writes what is waiting; for shutdown, before the database closes. */
  flush(): Promise<void>;
}

const batchMaxEvents = 500;

/**
 * Usage events are written in batches: one insert for all the events of a few milliseconds. A busy board records
 * one per task move, and one statement per move would cost the database as much as the move itself.
 */
export function createUsageEvents(db: Db, log: FastifyBaseLogger, enabled = true): UsageEvents {
  let waiting: UsageEvent[] = [];
  /** Settles the `record` promises of the events waiting. */
  let written: { promise: Promise<void>; resolve: () => void } | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Nothing reads them as they happen (the insights are daily): they wait as long as the history does.
  const batchDelayMs = writeBehindDelayMs(db);

  async function write(batch: UsageEvent[]): Promise<void> {
    try {
      // One prepared statement whatever the batch's size (db/bulk-insert.ts): building an insert of N rows with
      // the query builder cost a busy board's server more than the write itself, and each size was a new
      // statement for the database to parse and plan (and for PGlite's statement cache to keep).
      await insertBulk(db, 'usage_events', [
        { name: 'id', type: 'uuid', values: batch.map(() => uuidv7()) },
        { name: 'name', type: 'text', values: batch.map((event) => event.name) },
        { name: 'user_id', type: 'uuid', values: batch.map((event) => event.userId ?? null) },
        { name: 'properties', type: 'jsonb', values: batch.map((event) => event.properties ?? {}) },
      ]);
    } catch (err) {
      if (batch.length === 1) {
        log.warn({ err, event: batch[0]?.name }, 'usage event not recorded');
        return;
      }
      // One bad event (its user deleted meanwhile) must not cost the others: each on its own then.
      for (const event of batch) await write([event]);
    }
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    const done = written;
    waiting = [];
    written = null;
    if (batch.length === 0) return;
    await write(batch);
    done?.resolve();
  }

  return {
    record(event) {
      if (!enabled) return Promise.resolve();
      waiting.push(event);
      if (!written) {
        let resolve = () => {};
        const promise = new Promise<void>((settle) => {
          resolve = settle;
        });
        written = { promise, resolve };
      }
      const { promise } = written;
      if (waiting.length >= batchMaxEvents) void flush();
      else timer ??= setTimeout(() => void flush(), batchDelayMs);
      return promise;
    },
    flush,
  };
}
