import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../../test/support/test-database';
import type { Database } from '../../../db/client';
import { keyBetween, keysAfter } from './order-keys';

// The database's order_key_after (migration 0014) must hand out exactly the key keyBetween(last, null) does:
// a status's end is placed by one or the other depending on the path.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('databaseTemplate'));
});
afterAll(() => database.close());

/** The Random that makes keyBetween draw the digits r1 (0–61) and then r2 (1–61). */
function drawing(r1: number, r2: number) {
  const draws = [(r1 + 0.5) / 62, (r2 - 1 + 0.5) / 61];
  return () => draws.shift() ?? 0;
}

async function inDatabase(cases: { last: string | null; r1: number; r2: number }[]): Promise<string[]> {
  const rows = await database.db
    .select({ key: sql<string>`order_key_after(c.last, c.r1, c.r2)` })
    .from(sql`unnest(${sql.param(cases.map((c) => c.last))}::text[], ${sql.param(cases.map((c) => c.r1))}::int[],
      ${sql.param(cases.map((c) => c.r2))}::int[]) with ordinality as c(last, r1, r2, n)`)
    .orderBy(sql`c.n`);
  return rows.map((row) => row.key);
}

describe('order_key_after in the database', () => {
  it('gives the key keyBetween(last, null) gives, for every kind of last key', async () => {
    const lasts: (string | null)[] = [
      null,
      'a0',
      'a1',
      'az',
      'Zz',
      'Z0',
      'Yzz',
      'Y00',
      'bzz',
      'b0z',
      'a0xyz',
      'Zzab',
      'c1zz',
      'dzzzz7',
      ...keysAfter(null, 400).filter((_, i) => i % 7 === 0),
      ...keysAfter('Xzzz', 100).filter((_, i) => i % 5 === 0),
    ];
    const cases = lasts.flatMap((last, i) => [
      { last, r1: 0, r2: 1 },
      { last, r1: 61, r2: 61 },
      { last, r1: (i * 7) % 62, r2: 1 + ((i * 11) % 61) },
    ]);
    const expected = cases.map(({ last, r1, r2 }) => keyBetween(last, null, drawing(r1, r2)));
    expect(await inDatabase(cases)).toEqual(expected);
  });

  it('refuses what keyBetween refuses, and random digits out of range', async () => {
    for (const last of ['zzzzzzzzzzzzzzzzzzzzzzzzzzz', '~a', 'c1']) {
      expect(() => keyBetween(last, null, drawing(0, 1))).toThrow();
      await expect(inDatabase([{ last, r1: 0, r2: 1 }])).rejects.toThrow();
    }
    await expect(inDatabase([{ last: 'a0', r1: 62, r2: 1 }])).rejects.toThrow();
    await expect(inDatabase([{ last: 'a0', r1: 0, r2: 0 }])).rejects.toThrow();
  });
});
