import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpkeep, upkeepTables } from './pglite-upkeep';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());

// Each test starts from the same two tables, with no counts or statistics left from the one before.
beforeEach(async () => {
  await db.exec(`drop schema public cascade; create schema public;
    create table cards (id int primary key, lane int not null, pos int not null);
    create index cards_lane_pos on cards (lane, pos);
    create table notes (id int primary key, body text not null);
    insert into notes select n, 'note' from generate_series(1, 200) n`);
  // Counted before the ANALYZE: counts handed over after it would count as changes since it.
  await flushTableStats();
  await db.exec('analyze');
});

/** PostgreSQL hands its table counters to pg_stat_* views at most once a second; this makes the next query do it. */
async function flushTableStats(): Promise<void> {
  await db.query('select pg_stat_force_next_flush()');
  await db.query('select 1');
}

async function planOf(statement: string): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${statement}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('table upkeep for PGlite', () => {
  it('analyzes a table that grew from empty, so a statement prepared on it is planned again', async () => {
    await db.exec('prepare last_in_lane(int) as select id from cards where lane = $1 order by pos desc limit 1');
    // Past PostgreSQL's five custom plans: from here on the plan made for an empty table is kept.
    for (let i = 0; i < 6; i += 1) await db.query('execute last_in_lane(1)');
    await db.exec('insert into cards select n, n % 10, n from generate_series(1, 5000) n');
    await flushTableStats();
    expect(await planOf('execute last_in_lane(1)')).not.toContain('Index Scan Backward');

    const round = await upkeepTables(db, { full: false });

    expect(round).toEqual({ analyzed: ['public.cards'], vacuumed: [] });
    expect(await planOf('execute last_in_lane(1)')).toContain('Index Scan Backward using cards_lane_pos');
    await flushTableStats();
    expect(await upkeepTables(db, { full: false })).toEqual({ analyzed: [], vacuumed: [] });
  });

  it('leaves rows that changed but not the table’s size to a full round, which vacuums and analyzes them', async () => {
    await db.exec("update notes set body = 'changed' where id <= 100");
    await flushTableStats();
    expect(await upkeepTables(db, { full: false })).toEqual({ analyzed: [], vacuumed: [] });

    expect(await upkeepTables(db, { full: true })).toEqual({ analyzed: ['public.notes'], vacuumed: ['public.notes'] });

    await flushTableStats();
    const { rows } = await db.query<{ n_dead_tup: number; vacuumed: boolean; analyzed: boolean }>(
      `select n_dead_tup, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
        from pg_stat_user_tables where relname = 'notes'`,
    );
    expect(rows).toEqual([{ n_dead_tup: 0, vacuumed: true, analyzed: true }]);
  });

  it('analyzes a table that shrank at once, and vacuums its deleted rows in the next full round', async () => {
    await db.exec('insert into cards select n, 0, n from generate_series(1, 1000) n');
    await flushTableStats();
    await db.exec('analyze cards');
    await db.exec('delete from cards where id <= 600');
    await flushTableStats();

    expect(await upkeepTables(db, { full: false })).toEqual({ analyzed: ['public.cards'], vacuumed: [] });
    await flushTableStats();
    expect(await upkeepTables(db, { full: true })).toEqual({ analyzed: [], vacuumed: ['public.cards'] });
  });

  it('runs rounds on its own until stopped', async () => {
    await db.exec('insert into cards select n, n % 10, n from generate_series(1, 500) n');
    await flushTableStats();
    const onError = vi.fn();
    const upkeep = scheduleUpkeep(db, { quickMs: 10, fullMs: 60_000, onError });
    await vi.waitFor(async () => {
      const { rows } = await db.query<{ reltuples: number }>("select reltuples from pg_class where relname = 'cards'");
      expect(rows[0]?.reltuples).toBe(500);
    });
    await upkeep.stop();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failed round and goes on', async () => {
    const failing = { query: () => Promise.reject(new Error('database closed')), exec: () => Promise.resolve() };
    const onError = vi.fn();
    const upkeep = scheduleUpkeep(failing, { quickMs: 10, fullMs: 60_000, onError });
    await vi.waitFor(() => expect(onError.mock.calls.length).toBeGreaterThanOrEqual(2));
    await upkeep.stop();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database closed' }));
  });
});
