import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobConnection } from '../db/client';

/** A queue's handler; it runs once per job, on whichever instance fetched it. Throwing retries the job. */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Work to do later, kept in PostgreSQL (pg-boss in the schema `pgboss`): it survives restarts, and with several
 * instances each job runs on one of them. Works on the embedded database too.
 */
export interface Jobs {
  /** Runs `data` through `queue`'s handler at `runAt` (now when it is past). */
  send(queue: string, data: object, runAt: Date): Promise<void>;
  /** Registers the handler of `queue`; jobs are looked for every `pollingSeconds`. */
  work<T>(queue: string, handler: JobHandler<T>): Promise<void>;
  close(): Promise<void>;
}

/** How often an idle worker asks for due jobs: a reminder arrives at most this late (plus its own work). */
const pollingSeconds = 2;

export async function createJobs(connection: JobConnection, log: FastifyBaseLogger): Promise<Jobs> {
  const { default: PgBossClass } = await import('pg-boss');
  const boss: PgBoss = new PgBossClass({
    ...('connectionString' in connection ? { connectionString: connection.connectionString, max: 2 } : {}),
    ...('executeSql' in connection ? { db: { executeSql: connection.executeSql } } : {}),
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
    async send(queue, data, runAt) {
      await ensureQueue(queue);
      await boss.send(queue, data, { startAfter: runAt });
    },
    async work<T>(queue: string, handler: JobHandler<T>) {
      await ensureQueue(queue);
      await boss.work<T>(queue, { pollingIntervalSeconds: pollingSeconds, batchSize: 1 }, async (batch) => {
        for (const job of batch) await handler(job.data);
      });
    },
    async close() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
