import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobConnection } from '../db/client';
import type { Metrics } from './metrics';

/**
 * A queue's handler; it runs for each job on whichever instance fetched it. Throwing retries the job, and with it
 * the others fetched in the same batch: a handler must be safe to run again for a job it already did.
 */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Work to do later, kept in PostgreSQL (pg-boss in the schema `pgboss`): it survives restarts, and with several
 * instances each job runs on one of them. Works on the embedded database too.
 */
export interface Jobs {
  /**
   * Runs `data` through `queue`'s handler at `runAt` (at once when it is past). A job running longer than
   * `expireInSeconds` (15 minutes unless told) counts as failed, which is how one whose instance died is retried.
   */
  send(queue: string, data: object, runAt: Date, options?: JobOptions): Promise<void>;
  /** Registers the handler of `queue`; jobs are looked for every `pollingSeconds`. */
  work<T>(queue: string, handler: JobHandler<T>): Promise<void>;
  close(): Promise<void>;
}

export interface JobOptions {
  expireInSeconds?: number;
  /** Tries after the first; 5 unless told. */
  retryLimit?: number;
}

/** How often an idle worker asks for due jobs: a reminder arrives at most this late (plus its own work). */
const pollingSeconds = 2;
/**
 * Jobs fetched at once, and run side by side. A worker fetches one batch per poll, so one job at a time meant
 * half a job a second: 20 reminders due at one moment went out over 40 s.
 */
const batchSize = 25;
/**
 * How long a shutdown waits for jobs under way to end, in all: pg-boss's own wait, then the calls it still makes.
 * A job still running then was marked failed by pg-boss, and runs again elsewhere or after the restart.
 */
const stopTimeoutMs = 5000;

export async function createJobs(
  connection: JobConnection,
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'jobFailures'>,
): Promise<Jobs> {
  const { default: PgBossClass } = await import('pg-boss');
  /**
   * pg-boss's stop() does not wait for a worker whose fetch is under way: the jobs it brings back ran after stop,
   * and pg-boss records their end without awaiting it. On PGlite, where the connection is ours, that call could
   * reach a database already closed and fail as an unhandled rejection. So the jobs' calls and handlers are
   * counted, and close() waits for them; jobs fetched while closing are handed back unrun.
   */
  const underWay = new Set<Promise<void>>();
  function track<T>(work: Promise<T>): Promise<T> {
    const settled: Promise<void> = work.then(
      () => void underWay.delete(settled),
      () => void underWay.delete(settled),
    );
    underWay.add(settled);
    return work;
  }
  let closing = false;
  let closed = false;
  const executeSql =
    'executeSql' in connection
      ? (text: string, values?: unknown[]) =>
          // Once closed, the calls pg-boss still makes (the end of a job it failed itself when the wait ran out)
          // find no database: they are dropped unanswered, as nothing awaits them and a rejection would go unhandled.
          closed ? new Promise<never>(() => {}) : track(connection.executeSql(text, values))
      : undefined;
  const boss: PgBoss = new PgBossClass({
    ...('connectionString' in connection ? { connectionString: connection.connectionString, max: 2 } : {}),
    ...(executeSql ? { db: { executeSql } } : {}),
    // No cron schedules here; maintenance (expiry, archiving) stays on.
    schedule: false,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Set<string>();
  /**
   * Creates the queue unless it exists. Instances starting together on one database may create it at the same
   * moment, and pg-boss's creation can then deadlock or collide: the loser finds it made by the winner.
   */
  async function ensureQueue(queue: string): Promise<void> {
    if (queues.has(queue)) return;
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(queue)) break;
      try {
        await boss.createQueue(queue);
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        log.warn({ err, queue, attempt }, 'job queue creation raced another instance; checking again');
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    queues.add(queue);
  }
  return {
    async send(queue, data, runAt, options = {}) {
      await ensureQueue(queue);
      // pg-boss keeps a job until its start plus 14 days: a start long past would be swept away before it ran.
      await boss.send(queue, data, { ...options, startAfter: new Date(Math.max(runAt.getTime(), Date.now())) });
    },
    async work<T>(queue: string, handler: JobHandler<T>) {
      await ensureQueue(queue);
      await boss.work<T>(queue, { pollingIntervalSeconds: pollingSeconds, batchSize }, (batch) =>
        track(
          (async () => {
            // Failed, the jobs run again after pg-boss's retry delay, here after a restart or on another instance.
            if (closing) throw new Error('this instance is shutting down; the job runs again later');
            const results = await Promise.allSettled(batch.map((job) => handler(job.data)));
            const failed = results.find((result) => result.status === 'rejected');
            if (failed) {
              metrics.jobFailures.inc({ queue });
              throw failed.reason;
            }
          })(),
        ),
      );
    },
    async close() {
      closing = true;
      const deadline = Date.now() + stopTimeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
      // A fetch under way ends in a handler, and a handler in a call recording its end: until nothing is left.
      while (underWay.size > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((resolve) => {
          timer = setTimeout(resolve, deadline - Date.now());
        });
        await Promise.race([Promise.all(underWay), late]);
        clearTimeout(timer);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (underWay.size > 0)
        log.warn({ count: underWay.size }, 'jobs still under way at shutdown; they run again later');
      closed = true;
    },
  };
}
