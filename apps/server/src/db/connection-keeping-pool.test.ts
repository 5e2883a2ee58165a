import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testTarget } from '../../test/support/test-database';
import { breaksConnection, createConnectionKeepingPool } from './connection-keeping-pool';

// Runs on the PostgreSQL pass only (vitest.config.ts): the embedded database has no pool.
const target = testTarget();
if (target.kind !== 'postgres') throw new Error('connection-keeping-pool.test.ts needs DECKHAND_TEST_DB=postgres');
const pool = createConnectionKeepingPool({ connectionString: target.url, max: 1 });
afterAll(() => pool.end());

async function backendPid(): Promise<number> {
  const { rows } = await pool.query('select pg_backend_pid() as pid');
  return Number(rows[0]?.pid);
}

describe('the connection-keeping pool', () => {
  it('keeps its connection after a statement error: the same backend and its session state carry on', async () => {
    const pid = await backendPid();
    // A temporary table lives as long as its session: it is still there only if the connection was kept.
    await pool.query('create temporary table keys_taken (k int primary key)');
    await pool.query('insert into keys_taken values (1)');
    await expect(pool.query('insert into keys_taken values (1)')).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query({ text: 'select $1::int / 0 as never', values: [1] })).rejects.toMatchObject({
      code: '22012',
    });
    const { rows } = await pool.query('select count(*)::int as n from keys_taken');
    expect(rows).toEqual([{ n: 1 }]);
    expect(await backendPid()).toBe(pid);
  });

  it('drops a connection the server ended, and the next query gets a new one', async () => {
    const pid = await backendPid();
    await expect(pool.query('select pg_terminate_backend(pg_backend_pid())')).rejects.toThrow();
    const next = await backendPid();
    expect(next).not.toBe(pid);
    expect(pool.totalCount).toBe(1);
  });

  it('outlives the server ending the session of a client checked out between two statements', async () => {
    const client = await pool.connect();
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const other = new pg.Client({ connectionString: target.url });
    await other.connect();
    try {
      // What a restart does to every session: 57P01 arrives while no statement of this client is running.
      await other.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    } finally {
      await other.end();
    }
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('tells errors that leave the connection usable from those that do not', () => {
    const reported = new pg.DatabaseError('duplicate key value', 0, 'error');
    reported.severity = 'ERROR';
    const fatal = new pg.DatabaseError('terminating connection', 0, 'error');
    fatal.severity = 'FATAL';
    expect(breaksConnection(reported)).toBe(false);
    expect(breaksConnection(fatal)).toBe(true);
    expect(breaksConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
});
