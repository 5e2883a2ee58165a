import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Actor } from './actor';
import { uuidv7 } from './ids';
import { createOutbox, type OutboxRow } from './outbox';
import type { PubSub } from './pubsub';

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
  /**
   * Runs now the other areas' parts of the write (`subscribeWithin`) for the events emitted so far; otherwise they
   * run when the write is done. A deletion calls it before it deletes, so that they see what goes.
   */
  settle(): Promise<void>;
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
  /**
   * Runs on every instance, not only the one that made the change: for state each instance keeps, such as caches
   * and open collaboration sockets. Here it runs first and at once; the others hear through the pub/sub between
   * instances. Not durable: an instance that is down starts without that state anyway.
   */
  everyInstance?: boolean;
  /** Durable subscribers: whether this event calls for the effect at all (no outbox row otherwise). */
  wants?: (event: EventOf<M, K>) => boolean;
  /**
   * Durable subscribers whose effect the write's answer must already show (a notification its recipient reads
   * next): their first run finishes before `transaction` returns. Still from the outbox: a crash or a failure
   * delays the effect, never drops it, and never fails the write.
   */
  awaited?: boolean;
  /** Runs after the commit. A throw is logged (and, for a durable one, retried later); the write stands. */
  handle: (event: EventOf<M, K>) => Promise<void> | void;
}

/**
 * A part of the write itself that another area owns (a new project's statuses, a new card's first chat): it runs
 * inside the transaction, after the command's own writes, and may emit events of its own. It rolls back with it.
 */
export interface TransactionSubscriber<M extends EventMap<M>, K extends keyof M & string> {
  name: string;
  on: readonly K[];
  handle: (event: EventOf<M, K>, work: Work<M>) => Promise<void>;
}

export interface DomainEvents<M extends EventMap<M>> {
  subscribe<K extends keyof M & string>(subscriber: Subscriber<M, K>): void;
  subscribeWithin<K extends keyof M & string>(subscriber: TransactionSubscriber<M, K>): void;
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
  /** Adds work for `close`, after the effects under way: subscribers that batch their work write what waits. */
  onClose(flush: () => Promise<void>): void;
  /** Stops looking, waits for the effects running now, then runs what `onClose` added. */
  close(): Promise<void>;
}

export interface DomainEventOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Carries events to every instance's `everyInstance` subscribers; without it they run in this process only. */
  pubsub?: PubSub;
  /** How long the instance that wrote an outbox row has to run it before others may (default 10 s). */
  leaseMs?: number;
  /** How often leftover rows are looked for (default 2 s). */
  pollMs?: number;
  /** Tests only: called right after a commit that wrote outbox rows, with its events' types, before anything runs. */
  afterDurableCommit?: (eventTypes: string[]) => void;
}

/** The pub/sub channel of `everyInstance` subscribers' events (instances of one version share their shape). */
const everyInstanceChannel = 'domain-events';

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
  const byType = new Map<string, { now: AnySubscriber[]; durable: AnySubscriber[]; everywhere: AnySubscriber[] }>();
  const byName = new Map<string, AnySubscriber>();
  const within = new Map<string, TransactionSubscriber<M, keyof M & string>[]>();
  const flushes: (() => Promise<void>)[] = [];
  const box = createOutbox({
    db,
    log,
    leaseMs,
    pollMs,
    // A row's event was recorded for this subscriber by this code: its shape is the subscriber's.
    effectOf: (name) => {
      const subscriber = byName.get(name);
      return subscriber && ((event: unknown) => subscriber.handle(event as AnyEvent));
    },
  });

  function subscribersOf(type: string) {
    return byType.get(type) ?? { now: [], durable: [], everywhere: [] };
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

  async function runEach(subscribers: AnySubscriber[], event: AnyEvent): Promise<void> {
    for (const subscriber of subscribers) {
      try {
        await subscriber.handle(event);
      } catch (err) {
        log.error({ err, event: event.type, subscriber: subscriber.name }, 'subscriber failed');
      }
    }
  }

  async function runNow(events: AnyEvent[]): Promise<void> {
    for (const event of events) {
      const { now, everywhere } = subscribersOf(event.type);
      // Here first, at once (a member cache forgets a removed member before anything else is sent), then elsewhere.
      await runEach([...everywhere, ...now], event);
      if (everywhere.length === 0 || !options.pubsub) continue;
      await options.pubsub
        .publish(everyInstanceChannel, JSON.stringify({ from: instanceId, event }))
        .catch((err: unknown) => log.error({ err, event: event.type }, 'domain event not sent to the other instances'));
    }
  }

  const instanceId = uuidv7();
  const listening = options.pubsub?.subscribe(everyInstanceChannel, (message) => {
    // Written by `runNow` of an instance of this same code: the shape is ours.
    const { from, event } = JSON.parse(message) as { from: string; event: AnyEvent };
    if (from !== instanceId) void runEach(subscribersOf(event.type).everywhere, event);
  });

  return {
    subscribe(subscriber) {
      const generic = subscriber as unknown as AnySubscriber;
      if (byName.has(generic.name)) throw new Error(`subscriber ${generic.name} registered twice`);
      byName.set(generic.name, generic);
      for (const type of generic.on) {
        const entry = byType.get(type) ?? { now: [], durable: [], everywhere: [] };
        (generic.durable ? entry.durable : generic.everyInstance ? entry.everywhere : entry.now).push(generic);
        byType.set(type, entry);
      }
    },

    async transaction(write) {
      const events: AnyEvent[] = [];
      let rows: OutboxRow[] = [];
      const result = await db.transaction(async (tx) => {
        let settled = 0;
        const work: Work<M> = {
          tx,
          emit: (event) => events.push(event),
          // Events that parts of the write emit join the queue, and their own parts run in turn.
          async settle() {
            for (; settled < events.length; settled += 1) {
              const event = events[settled] as AnyEvent;
              for (const part of within.get(event.type) ?? []) await part.handle(event, work);
            }
          },
        };
        const value = await write(work);
        await work.settle();
        rows = durableRows(events);
        await box.write(tx, rows);
        return value;
      });
      if (rows.length > 0) options.afterDurableCommit?.(events.map((event) => event.type));
      await runNow(events);
      if (rows.length > 0) {
        const awaited = rows.filter((row) => byName.get(row.subscriber)?.awaited);
        const later = rows.filter((row) => !byName.get(row.subscriber)?.awaited);
        if (later.length > 0) void box.run(later);
        if (awaited.length > 0) await box.run(awaited);
      }
      return result;
    },

    isDurable,

    subscribeWithin(subscriber) {
      const generic = subscriber as unknown as TransactionSubscriber<M, keyof M & string>;
      for (const type of generic.on) within.set(type, [...(within.get(type) ?? []), generic]);
    },

    async committed(events) {
      const partOfWrite = events.find((event) => within.has(event.type));
      if (partOfWrite) throw new Error(`${partOfWrite.type}: another area's part of the write needs its transaction`);
      if (events.some(isDurable)) {
        throw new Error(`${events.map((e) => e.type).join(', ')}: a durable effect needs the write's transaction`);
      }
      await runNow(events);
    },

    start: () => box.start(),

    async close() {
      const stopListening = await listening;
      await stopListening?.();
      await box.close();
      for (const flush of flushes) await flush();
    },

    onClose(flush) {
      flushes.push(flush);
    },
  };
}
