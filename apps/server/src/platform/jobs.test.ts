import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/support/test-database';
import type { Database, JobConnection } from '../db/client';
import { selectRows } from '../db/rows';
import { createJobs } from './jobs';
import { createMetrics } from './metrics';

let database: Database;
let pool: pg.Pool | undefined;
/** pg-boss's calls, through a connection the test can hold: PGlite's own, or a pool of the test's on PostgreSQL. */
let connection: Extract<JobConnection, { executeSql: unknown }>;

beforeAll(async () => {
  database = await openTestDatabase(inject('databaseTemplate'));
  const jobConnection = database.jobConnection;
  if ('executeSql' in jobConnection) connection = jobConnection;
  else {
    const own = new pg.Pool({ connectionString: jobConnection.connectionString, max: 2 });
    pool = own;
    connection = { executeSql: (text, values) => own.query(text, values) };
  }
});
afterAll(async () => {
  await pool?.end();
  await database.close();
});

const log = pino({ level: 'silent' });

/** A gate: `open` lets everything waiting on `passed` go on. */
function gate() {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, passed };
}

describe('the job queue closing', () => {
  it('hands back a job whose fetch was under way, unrun, and records that before close() resolves', async () => {
    const queue = `closing-${Date.now()}`;
    const fetchArrived = gate();
    const fetchAnswered = gate();
    let holding = true;
    const jobs = await createJobs(
      {
        async executeSql(text, values) {
          // pg-boss's fetch takes its jobs with FOR UPDATE SKIP LOCKED; the first one is held until close() began.
          if (holding && text.includes('SKIP LOCKED') && values?.[0] === queue) {
            holding = false;
            fetchArrived.open();
            await fetchAnswered.passed;
          }
          return connection.executeSql(text, values);
        },
      },
      log,
      await createMetrics(false),
    );
    await jobs.send(queue, { n: 1 }, new Date());
    const ran: unknown[] = [];
    await jobs.work(queue, async (data) => {
      ran.push(data);
    });
    await fetchArrived.passed;

    const closed = jobs.close();
    fetchAnswered.open();
    await closed;

    expect(ran).toEqual([]);
    const rows = await selectRows(
      database.db,
      z.object({ state: z.string(), output: z.unknown() }),
      sql`select state, output from pgboss.job where name = ${queue}`,
    );
    expect(rows).toEqual([
      {
        state: 'retry',
        output: expect.objectContaining({ message: 'this instance is shutting down; the job runs again later' }),
      },
    ]);
  });

  it('waits for a job under way to end, and records its end, before close() resolves', async () => {
    const queue = `finishing-${Date.now()}`;
    const jobs = await createJobs(connection, log, await createMetrics(false));
    const started = gate();
    const finish = gate();
    await jobs.send(queue, { n: 1 }, new Date());
    await jobs.work(queue, async () => {
      started.open();
      await finish.passed;
    });
    await started.passed;

    const closed = jobs.close();
    finish.open();
    await closed;

    const rows = await selectRows(
      database.db,
      z.object({ state: z.string() }),
      sql`select state from pgboss.job where name = ${queue}`,
    );
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
