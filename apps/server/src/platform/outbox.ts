import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox';

/** One durable effect to run: the subscriber it is for, by name, and the event. */
export interface OutboxRow {
  id: string;
  subscriber: string;
  event: unknown;
  attempts: number;
}

export interface OutboxOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long the instance that wrote a row has to run it before others may. */
  leaseMs: number;
  /** How often rows whose lease has passed are looked for. */
  pollMs: number;
  /** The effect of a subscriber, by name; undefined for a name this version does not know. */
  effectOf(subscriber: string): ((event: unknown) => Promise<void> | void) | undefined;
}

export interface Outbox {
  /** Writes rows in the caller's transaction, held by this instance for its lease. */
  write(tx: Db, rows: OutboxRow[]): Promise<void>;
  /** Runs rows this instance holds; resolves when they ran (never rejects: a failure is logged and retried). */
  run(rows: OutboxRow[]): Promise<void>;
  start(): void;
  /** Stops looking and waits for the runs under way. */
  close(): Promise<void>;
}

/** Tries before a durable effect is given up (and logged as an error): about 2 hours of backoff in all. */
const maxAttempts = 12;
const rowsPerPoll = 50;

function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 30 * 60 * 1000);
}

/**
 * The transactional outbox behind durable subscribers (domain-events.ts). The instance that wrote a row runs it
 * right after the commit and deletes it; a row that is still there once its `run_after` has passed (its writer
 * died, or the effect failed) is claimed by any instance's poller, `FOR UPDATE SKIP LOCKED`, and run again.
 * At least once: effects are written to be safe to repeat.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, log, leaseMs, pollMs } = options;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  /** Runs the rows; deletes those done, and leaves the others for a later try. */
  async function runRows(rows: OutboxRow[]): Promise<void> {
    const done: string[] = [];
    for (const row of rows) {
      const effect = options.effectOf(row.subscriber);
      if (!effect) {
        log.error({ subscriber: row.subscriber, rowId: row.id }, 'outbox row for an unknown subscriber dropped');
        done.push(row.id);
        continue;
      }
      try {
        await effect(row.event);
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

  /** Tracks `work` until it settles, for `close`; what it returns never rejects (a failure is logged). */
  function track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((err) => log.error({ err }, 'outbox run failed')).finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
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
      void track(poll().finally(schedulePoll));
    }, pollMs);
    timer.unref();
  }

  return {
    async write(tx, rows) {
      if (rows.length === 0) return;
      const runAfter = new Date(Date.now() + leaseMs);
      await tx.insert(outbox).values(
        rows.map(({ id, subscriber, event }) => ({
          id,
          subscriber,
          event: event as Record<string, unknown>,
          runAfter,
        })),
      );
    },
    run: (rows) => track(runRows(rows)),
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
