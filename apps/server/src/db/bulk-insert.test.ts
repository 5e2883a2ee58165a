import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/support/test-database';
import { insertBulk } from './bulk-insert';
import type { Database } from './client';
import { selectRows } from './rows';

const AnyRow = z.record(z.string(), z.unknown());

// Every type a bulk insert carries, with the values that are easy to get wrong on the way through JSON: quotes,
// backslashes, braces and commas (which an array literal would have to escape), unicode, nulls and empty arrays.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('databaseTemplate'));
  await database.db.execute(sql`create table bulk_items (
    id uuid primary key, name text, at timestamptz, count integer, big bigint, ratio real, bytes bytea,
    doc jsonb, owners uuid[], tags text[])`);
});
afterAll(() => database.close());

const ids = ['0192f0a0-0000-7000-8000-000000000001', '0192f0a0-0000-7000-8000-000000000002'];
const owner = '0192f0a0-0000-7000-8000-0000000000aa';

function columns(rows: { id: string; name: string | null; doc: unknown; tags: string[] | null }[]) {
  return [
    { name: 'id', type: 'uuid' as const, values: rows.map((row) => row.id) },
    { name: 'name', type: 'text' as const, values: rows.map((row) => row.name) },
    { name: 'at', type: 'timestamptz' as const, values: rows.map(() => new Date('2026-11-28T12:34:56.789Z')) },
    { name: 'count', type: 'integer' as const, values: rows.map((_, i) => i + 1) },
    { name: 'big', type: 'bigint' as const, values: rows.map(() => 9_007_199_254_740_991) },
    { name: 'ratio', type: 'real' as const, values: rows.map(() => 0.5) },
    { name: 'bytes', type: 'bytea' as const, values: rows.map((_, i) => (i === 0 ? Uint8Array.of(0, 255, 34) : null)) },
    { name: 'doc', type: 'jsonb' as const, values: rows.map((row) => row.doc) },
    { name: 'owners', type: 'uuid[]' as const, values: rows.map((_, i) => (i === 0 ? [owner] : [])) },
    { name: 'tags', type: 'text[]' as const, values: rows.map((row) => row.tags) },
  ];
}

it('writes every row and column as given, whatever the text holds', async () => {
  const awkward = "Quote \" back\\slash {brace}, comma; ünïcödé ✓ 'single' NULL";
  await insertBulk(
    database.db,
    'bulk_items',
    columns([
      { id: ids[0] ?? '', name: awkward, doc: { say: awkward, list: [1, null, 'x'] }, tags: [awkward, '', 'NULL'] },
      { id: ids[1] ?? '', name: null, doc: null, tags: null },
    ]),
  );
  const rows = await selectRows(
    database.db,
    AnyRow,
    sql`select id, name, at, count, big::text as big,
    ratio, encode(bytes, 'hex') as bytes, doc, owners, tags from bulk_items order by id`,
  );
  const [first, second] = rows.map((row) => ({
    ...row,
    at: row.at instanceof Date ? row.at.toISOString() : new Date(String(row.at)).toISOString(),
  }));
  expect(first).toEqual({
    id: ids[0],
    name: awkward,
    at: '2026-11-28T12:34:56.789Z',
    count: 1,
    big: '9007199254740991',
    ratio: 0.5,
    bytes: '00ff22',
    doc: { say: awkward, list: [1, null, 'x'] },
    owners: [owner],
    tags: [awkward, '', 'NULL'],
  });
  expect(second).toMatchObject({ id: ids[1], name: null, count: 2, bytes: null, doc: null, owners: [], tags: null });
});

it('leaves rows already there alone when asked to, and writes the rest', async () => {
  const third = '0192f0a0-0000-7000-8000-000000000003';
  await insertBulk(
    database.db,
    'bulk_items',
    columns([
      { id: ids[0] ?? '', name: 'not written', doc: null, tags: [] },
      { id: third, name: 'third', doc: 'a JSON string', tags: [] },
    ]),
    { onConflictDoNothing: true },
  );
  const rows = await selectRows(
    database.db,
    AnyRow,
    sql`select id, name, doc from bulk_items where id in (${ids[0]}, ${third}) order by id`,
  );
  expect(rows).toEqual([
    { id: ids[0], name: "Quote \" back\\slash {brace}, comma; ünïcödé ✓ 'single' NULL", doc: expect.anything() },
    { id: third, name: 'third', doc: 'a JSON string' },
  ]);
});

it('refuses a batch whose row breaks a constraint, writing none of it', async () => {
  const fourth = '0192f0a0-0000-7000-8000-000000000004';
  const batch = insertBulk(
    database.db,
    'bulk_items',
    columns([
      { id: fourth, name: 'fourth', doc: null, tags: [] },
      { id: ids[1] ?? '', name: 'a duplicate', doc: null, tags: [] },
    ]),
  );
  await expect(batch).rejects.toThrow();
  const rows = await selectRows(database.db, AnyRow, sql`select id from bulk_items where id = ${fourth}`);
  expect(rows).toEqual([]);
});

it('does nothing for no rows', async () => {
  await expect(insertBulk(database.db, 'bulk_items', columns([]))).resolves.toBeUndefined();
});

it('writes a lone surrogate as U+FFFD, as every other write does, instead of losing the batch', async () => {
  const fifth = '0192f0a0-0000-7000-8000-000000000005';
  const broken = `half a pair \ud83d, a stray \ude00, a whole one 😀, and a typed \\ud800`;
  const mended = 'half a pair \ufffd, a stray \ufffd, a whole one 😀, and a typed \\ud800';
  await insertBulk(
    database.db,
    'bulk_items',
    columns([{ id: fifth, name: broken, doc: { say: broken }, tags: [broken] }]),
  );
  const rows = await selectRows(database.db, AnyRow, sql`select name, doc, tags from bulk_items where id = ${fifth}`);
  expect(rows).toEqual([{ name: mended, doc: { say: mended }, tags: [mended] }]);
});
