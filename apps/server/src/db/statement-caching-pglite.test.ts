import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCachingPGlite } from './statement-caching-pglite';

// Each statement is compared with what upstream PGlite answers for the same database state, so the cache can
// only differ from it by being faster. Runs on PGlite alone: it is PGlite's own client.
let cached: StatementCachingPGlite;
let upstream: PGlite;

const schema = `
  create table items (
    id int primary key,
    name text not null unique,
    tags text[] not null default '{}',
    owner uuid,
    meta jsonb,
    at timestamptz,
    done boolean not null default false
  )`;

async function openBoth(): Promise<[StatementCachingPGlite, PGlite]> {
  const pair = await Promise.all([StatementCachingPGlite.open({}), PGlite.create()]);
  for (const db of pair) await db.exec(schema);
  return pair;
}

/** The same call on both clients, answering what each returned (or threw). */
async function both(text: string, params?: unknown[], options?: QueryOptions) {
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      (value) => ({ value }),
      (err: Error & { code?: string; constraint?: string }) => ({
        error: { message: err.message, code: err.code, constraint: err.constraint },
      }),
    );
  return Promise.all([settle(cached.query(text, params, options)), settle(upstream.query(text, params, options))]);
}

beforeAll(async () => {
  [cached, upstream] = await openBoth();
});

afterAll(async () => {
  await Promise.all([cached.close(), upstream.close()]);
});

describe('answers', () => {
  it('equal upstream for writes, reads, arrays, json, timestamps and nulls', async () => {
    const owner = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const steps: [string, unknown[]?, QueryOptions?][] = [
      [
        'insert into items (id, name, tags, owner, meta, at) values ($1, $2, $3, $4, $5, $6)',
        [1, 'one', ['a', 'b'], owner, { n: 1 }, new Date('2026-01-02T03:04:05Z')],
      ],
      ['insert into items (id, name) values ($1, $2) returning id, name, tags, owner, meta, at, done', [2, 'two']],
      ['update items set done = $1 where id = any($2::int[])', [true, [1, 2]]],
      ['select * from items order by id'],
      [
        'select id, tags, at from items where name = $1',
        ['one'],
        { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
      ],
      ['select count(*)::int as n from items where owner = $1', [null]],
      ['with gone as (delete from items where id = $1 returning id) select count(*)::int as n from gone', [2]],
      ['delete from items where id = $1', [42]],
    ];
    for (const [text, params, options] of steps) {
      const [fromCache, fromUpstream] = await both(text, params, options);
      expect(fromCache, text).toEqual(fromUpstream);
    }
  });

  it('keep one statement per text, whatever the values', async () => {
    const before = cached.cachedStatements;
    for (let i = 0; i < 20; i++) await cached.query('select $1::int + 1 as next', [i]);
    expect(cached.cachedStatements).toBe(before + 1);
    expect((await cached.query<{ next: number }>('select $1::int + 1 as next', [41])).rows).toEqual([{ next: 42 }]);
  });

  it('leave DDL and session commands to upstream', async () => {
    const before = cached.cachedStatements;
    await cached.query('create temporary table scratch (n int)');
    await cached.query('drop table scratch');
    expect(cached.cachedStatements).toBe(before);
  });
});

describe('errors', () => {
  it('carry the code and constraint of a unique violation, as upstream', async () => {
    await both("insert into items (id, name) values (10, 'ten')");
    const [fromCache, fromUpstream] = await both('insert into items (id, name) values ($1, $2)', [11, 'ten']);
    expect(fromCache).toEqual(fromUpstream);
    expect(fromCache).toMatchObject({ error: { code: '23505', constraint: 'items_name_key' } });
  });

  it('keep nothing for a text that does not parse, and leave the connection usable', async () => {
    const before = cached.cachedStatements;
    const [fromCache, fromUpstream] = await both('select from where $1', [1]);
    expect(fromCache).toEqual(fromUpstream);
    expect(cached.cachedStatements).toBe(before);
    expect((await cached.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuse a bad value without breaking the statement for the next call', async () => {
    const text = 'select id from items where owner = $1';
    await expect(cached.query(text, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect((await cached.query(text, ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'])).rows).toEqual([{ id: 1 }]);
  });
});

describe('transactions', () => {
  it('commit what the callback wrote and roll back what a failed one wrote', async () => {
    await cached.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values ($1, $2)', [20, 'twenty']);
    });
    await expect(
      cached.transaction(async (tx) => {
        await tx.query('insert into items (id, name) values ($1, $2)', [21, 'twenty-one']);
        await tx.query('insert into items (id, name) values ($1, $2)', [22, 'twenty']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await cached.query('select id from items where id between $1 and $2 order by id', [20, 22]);
    expect(rows).toEqual([{ id: 20 }]);
  });

  it('keep queries from outside waiting until the transaction ends', async () => {
    let outsideDone = false;
    const inside = cached.transaction(async (tx) => {
      await tx.query('update items set done = $1 where id = $2', [false, 20]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(outsideDone).toBe(false);
      await tx.query('update items set done = $1 where id = $2', [true, 20]);
    });
    const outside = cached.query<{ done: boolean }>('select done from items where id = $1', [20]).then((result) => {
      outsideDone = true;
      return result.rows;
    });
    await inside;
    expect(await outside).toEqual([{ done: true }]);
  });
});

describe('kept statements', () => {
  it('are prepared again when a table changes under them', async () => {
    await cached.exec('create table shifting (a int)');
    await cached.query('insert into shifting (a) values ($1)', [1]);
    expect((await cached.query('select * from shifting')).rows).toEqual([{ a: 1 }]);
    await cached.exec('alter table shifting add column b int default 2');
    expect((await cached.query('select * from shifting')).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('are closed least recently used first past the capacity, and prepared again when needed', async () => {
    const small = await StatementCachingPGlite.open({}, 2);
    try {
      await small.query('select 1 as a');
      await small.query('select 2 as b');
      await small.query('select 1 as a');
      await small.query('select 3 as c');
      expect(small.cachedStatements).toBe(2);
      const { rows } = await small.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'deckhand_%'",
      );
      // 'select 2' (least recently used) made way for 'select 3', then 'select 1' for the counting statement.
      expect(rows).toEqual([{ n: 2 }]);
      expect((await small.query('select 2 as b')).rows).toEqual([{ b: 2 }]);
    } finally {
      await small.close();
    }
  });
});
