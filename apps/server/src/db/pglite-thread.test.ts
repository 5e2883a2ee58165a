import type { Worker } from 'node:worker_threads';
import { messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread, startDatabaseWorker } from './pglite-thread';

let db: PGliteThread;
beforeAll(async () => {
  db = await PGliteThread.open({ dataDir: undefined, loadDataDir: undefined, settings: [] });
  await db.exec(`create table notes (id int primary key, body text not null, at timestamptz not null default now());
    insert into notes (id, body, at) values (1, 'first', '2026-01-02T03:04:05.678Z')`);
});
afterAll(() => db.close());

describe('PGlite in its own thread', () => {
  it('parses values on the database thread, and with the caller’s parsers the types the caller names', async () => {
    const parsed = await db.query<{ id: number; at: Date }>('select id, at from notes where id = $1', [1]);
    expect(parsed.rows).toEqual([{ id: 1, at: new Date('2026-01-02T03:04:05.678Z') }]);

    const timestamptz = 1184;
    const asText = await db.query('select id, at from notes where id = $1', [1], {
      rowMode: 'array',
      parsers: { [timestamptz]: (text: string) => `text:${text}` },
    });
    expect(asText.rows).toEqual([[1, 'text:2026-01-02 03:04:05.678+00']]);
    expect(asText.fields.map((field) => field.name)).toEqual(['id', 'at']);
  });

  it('gives the database’s errors with their class and fields', async () => {
    const err = await db.query('insert into notes (id, body) values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(messages.DatabaseError);
    expect(err).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes' });
    expect((err as Error).message).toContain('duplicate key');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (2, $1)', ['kept']);
    });
    const failure = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from notes order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('keeps a query from outside a transaction waiting until the transaction ends', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('update notes set body = $1 where id = 2', ['inside']);
      started();
      await held;
      order.push('transaction ends');
    });
    await inside;
    const outside = db.query<{ body: string }>('select body from notes where id = 2').then((result) => {
      order.push('outside query answered');
      return result.rows[0]?.body;
    });
    release();
    await transaction;
    expect(await outside).toBe('inside');
    expect(order).toEqual(['transaction ends', 'outside query answered']);
  });

  it('dumps a data dir that opens again with the same rows', async () => {
    const copy = await PGliteThread.open({ dataDir: undefined, loadDataDir: await db.dumpDataDir(), settings: [] });
    try {
      const { rows } = await copy.query<{ id: number }>('select id from notes order by id');
      expect(rows.map((row) => row.id)).toEqual([1, 2]);
    } finally {
      await copy.close();
    }
  });

  it('refuses queries once closed, saying so', async () => {
    const closing = await PGliteThread.open({ dataDir: undefined, loadDataDir: undefined, settings: [] });
    await closing.close();
    await expect(closing.query('select 1')).rejects.toThrow('the database is closed');
  });
});

describe('a database thread that stops', () => {
  const options = { dataDir: undefined, loadDataDir: undefined, settings: [] };

  it('says so once when it stops while open, and every query then fails', async () => {
    let worker: Worker | undefined;
    const losses: Error[] = [];
    const thread = await PGliteThread.open(options, {
      onLost: (err) => losses.push(err),
      start: (workerOptions) => {
        worker = startDatabaseWorker(workerOptions);
        return worker;
      },
    });
    // What a crash of the thread looks like from outside: it exits without being asked to.
    await worker?.terminate();
    await expect(thread.query('select 1')).rejects.toThrow(/database thread stopped/);
    expect(losses).toHaveLength(1);
    expect(losses[0]?.message).toMatch(/database thread stopped/);
    await thread.close();
    expect(losses).toHaveLength(1);
  });

  it('says nothing when it is closed', async () => {
    const losses: Error[] = [];
    const thread = await PGliteThread.open(options, { onLost: (err) => losses.push(err) });
    await thread.close();
    await expect(thread.query('select 1')).rejects.toThrow(/closed/);
    expect(losses).toEqual([]);
  });
});
