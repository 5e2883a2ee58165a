import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox';
import type { Actor } from './actor';

/** What every domain event carries: who acted (null: the system itself). */
export interface EventBase {
  actor: Actor | null;
}

/** A map of event type → payload (an interface per area); every payload says who acted. */
export type EventMap<M> = { [K in keyof M]: EventBase };

/** One event of the map, its type in `type`. */
export type EventOf<M extends EventMap<M>, K extends keyof M & string = keyof M & string> = {
  [T in K]: M[T] & { type: T };
}[K];

/** A write in progress: its transaction, and where it records what happened. */
export interface Work<M extends EventMap<M>> {
  tx: Db;
  /** Records an event; subscribers see it only once the transaction has committed. */
  emit(event: EventOf<M>): void;
}

export interface Subscriber<M extends EventMap<M>, K extends keyof M & string> {
  /** Unique and stable: an outbox row names the subscriber it is for, across restarts and versions. */
  name: string;
  on: readonly K[];
  /**
   * An effect that must not be lost (a notification, a reminder, a stored object's removal): it is written to the
   * outbox in the write's own transaction and runs from there, so a crash right after the commit delays it but
   * never drops it. Other subscribers run in the process after the commit and are lost with it.
   */
  durable?: boolean;
  /** Durable subscribers: whether this event calls for the effect at all (no outbox row otherwise). */
  wants?: (event: EventOf<M, K>) => boolean;
  /** Runs after the commit. A throw is logged (and, for a durable one, retried later); the write stands. */
  handle: (event: EventOf<M, K>) => Promise<void> | void;
}

export interface DomainEvents<M extends EventMap<M>> {
  subscribe<K extends keyof M & string>(subscriber: Subscriber<M, K>): void;
  /**
   * Runs `write` in one transaction. The events it emits reach the subscribers once it has committed (never when
   * it rolls back); the durable ones' outbox rows are written inside it.
   */
  transaction<T>(write: (work: Work<M>) => Promise<T>): Promise<T>;
  /** Whether a durable subscriber wants `event`: its write must then go through `transaction`. */
  isDurable(event: EventOf<M>): boolean;
  /**
   * Hands the events of a write that committed on its own (one statement, no transaction) to the subscribers.
   * @throws Error when a durable subscriber wants one of them: such a write must use `transaction`
   */
  committed(events: EventOf<M>[]): Promise<void>;
  /** Starts looking for outbox rows left by a crash or a failure (every instance looks; each row runs once). */
  start(): void;
  /** Stops looking and waits for the effects running now. */
  close(): Promise<void>;
}

export interface DomainEventOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long the instance that wrote an outbox row has to run it before others may (default 10 s). */
  leaseMs?: number;
  /** How often leftover rows are looked for (default 2 s). */
  pollMs?: number;
  /** Tests only: called right after a commit that wrote outbox rows, before anything runs (to kill the process). */
  afterDurableCommit?: () => void;
}

interface OutboxRow {
  id: string;
  subscriber: string;
  event: unknown;
  attempts: number;
}

/** Tries before a durable effect is given up (and logged as an error): about 2 hours of backoff in all. */
const maxAttempts = 12;
const rowsPerPoll = 50;

function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 30 * 60 * 1000);
}

/**
 * The domain-event bus: commands record events in their transaction, and each area subscribes to what it needs.
 * Non-durable subscribers (live events, usage events, the activity history, caches) run in order after the
 * commit, before the command returns; durable ones run from the transactional outbox right after it, in the
 * background, and again from any instance's poller if that did not finish.
 */
export function createDomainEvents<M extends EventMap<M>>(options: DomainEventOptions): DomainEvents<M> {
  const { db, log } = options;
  const leaseMs = options.leaseMs ?? 10_000;
  const pollMs = options.pollMs ?? 2_000;
  type AnyEvent = EventOf<M>;
  type AnySubscriber = Subscriber<M, keyof M & string>;
  const byType = new Map<string, { now: AnySubscriber[]; durable: AnySubscriber[] }>();
  const byName = new Map<string, AnySubscriber>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function subscribersOf(type: string) {
    return byType.get(type) ?? { now: [], durable: [] };
  }

  function isDurable(event: AnyEvent): boolean {
    return subscribersOf(event.type).durable.some((subscriber) => !subscriber.wants || subscriber.wants(event));
  }

  function durableRows(events: AnyEvent[]): OutboxRow[] {
    const rows: OutboxRow[] = [];
    for (const event of events) {
      for (const subscriber of subscribersOf(event.type).durable) {
        if (subscriber.wants && !subscriber.wants(event)) continue;
        rows.push({ id: uuidv7(), subscriber: subscriber.name, event, attempts: 0 });
      }
    }
    return rows;
  }

  async function runNow(events: AnyEvent[]): Promise<void> {
    for (const event of events) {
      for (const subscriber of subscribersOf(event.type).now) {
        try {
          await subscriber.handle(event);
        } catch (err) {
          log.error({ err, event: event.type, subscriber: subscriber.name }, 'subscriber failed');
        }
      }
    }
  }

  /** Runs rows this instance holds; deletes those done, and leaves the others for a later try. */
  async function runRows(rows: OutboxRow[]): Promise<void> {
    const done: string[] = [];
    for (const row of rows) {
      const subscriber = byName.get(row.subscriber);
      if (!subscriber) {
        log.error({ subscriber: row.subscriber, rowId: row.id }, 'outbox row for an unknown subscriber dropped');
        done.push(row.id);
        continue;
      }
      try {
        await subscriber.handle(row.event as AnyEvent);
        done.push(row.id);
      } catch (err) {
        const attempts = row.attempts + 1;
        if (attempts >= maxAttempts) {
          log.error({ err, subscriber: row.subscriber, rowId: row.id, attempts }, 'durable effect given up');
          done.push(row.id);
          continue;
        }
        log.warn({ err, subscriber: row.subscriber, rowId: row.id, attempts }, 'durable effect failed; will retry');
        const runAfter = new Date(Date.now() + retryDelayMs(attempts));
        await db.update(outbox).set({ attempts, runAfter }).where(eq(outbox.id, row.id));
      }
    }
    if (done.length > 0) await db.delete(outbox).where(inArray(outbox.id, done));
  }

  function inBackground(work: Promise<void>): void {
    const tracked = work.catch((err) => log.error({ err }, 'outbox run failed')).finally(() => running.delete(tracked));
    running.add(tracked);
  }

  async function poll(): Promise<void> {
    // Claimed for long enough to run them; a claim that lapses (this instance died too) passes them on again.
    const claimed = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(lte(outbox.runAfter, sql`now()`))
      .orderBy(outbox.runAfter)
      .limit(rowsPerPoll)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outbox)
      .set({ runAfter: new Date(Date.now() + leaseMs * 6) })
      .where(inArray(outbox.id, claimed))
      .returning({ id: outbox.id, subscriber: outbox.subscriber, event: outbox.event, attempts: outbox.attempts });
    if (rows.length > 0) await runRows(rows);
  }

  function schedulePoll(): void {
    if (closed) return;
    timer = setTimeout(() => {
      inBackground(poll().finally(schedulePoll));
    }, pollMs);
    timer.unref();
  }

  return {
    subscribe(subscriber) {
      const generic = subscriber as unknown as AnySubscriber;
      if (byName.has(generic.name)) throw new Error(`subscriber ${generic.name} registered twice`);
      byName.set(generic.name, generic);
      for (const type of generic.on) {
        const entry = byType.get(type) ?? { now: [], durable: [] };
        (generic.durable ? entry.durable : entry.now).push(generic);
        byType.set(type, entry);
      }
    },

    async transaction(write) {
      const events: AnyEvent[] = [];
      let rows: OutboxRow[] = [];
      const result = await db.transaction(async (tx) => {
        const value = await write({ tx, emit: (event) => events.push(event) });
        rows = durableRows(events);
        if (rows.length > 0) {
          const runAfter = new Date(Date.now() + leaseMs);
          await tx
            .insert(outbox)
            .values(
              rows.map(({ id, subscriber, event }) => ({
                id,
                subscriber,
                event: event as Record<string, unknown>,
                runAfter,
              })),
            );
        }
        return value;
      });
      if (rows.length > 0) options.afterDurableCommit?.();
      await runNow(events);
      if (rows.length > 0) inBackground(runRows(rows));
      return result;
    },

    isDurable,

    async committed(events) {
      if (events.some(isDurable)) {
        throw new Error(`${events.map((e) => e.type).join(', ')}: a durable effect needs the write's transaction`);
      }
      await runNow(events);
    },

    start() {
      if (timer || closed) return;
      schedulePoll();
    },

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all([...running]);
    },
  };
}
