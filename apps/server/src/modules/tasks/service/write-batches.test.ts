import { describe, expect, it } from 'vitest';
import { batchedWrite, writeSlots } from './write-batches';

/** What PostgreSQL's unique index on a column's keys raises, as drizzle wraps it. */
function keyTaken(): Error {
  return new Error('insert failed', { cause: { code: '23505', constraint: 'tasks_status_position_idx' } });
}

/**
 * A write on a fake database whose batches fail with `failure`, recording what ran alone and together. The first
 * `writeSlots` calls of a turn take the free slots alone; the rest wait and go together.
 */
function recordedWrite(failure: () => Error) {
  const alone: number[] = [];
  const together: number[][] = [];
  const write = batchedWrite<number, string, { name: string }>({
    keyOf: (n) => String(n),
    async alone(_db, n) {
      alone.push(n);
      if (n < 0) throw new Error(`refused ${n}`);
      return n === 0 ? undefined : `alone ${n}`;
    },
    async together(_db, items) {
      together.push(items);
      throw failure();
    },
  });
  const db = { name: 'fake' };
  const ahead = Array.from({ length: writeSlots }, (_, i) => 100 + i);
  return { write: (n: number) => write(db, n), alone, together, ahead };
}

describe('batchedWrite', () => {
  it('answers undefined to every write of a batch that lost a key race, without running them alone', async () => {
    const { write, alone, together, ahead } = recordedWrite(keyTaken);
    const results = await Promise.all([...ahead, 1, 2, 3].map(write));
    expect(results).toEqual([...ahead.map((n) => `alone ${n}`), undefined, undefined, undefined]);
    expect(together).toEqual([[1, 2, 3]]);
    expect(alone).toEqual(ahead);
  });

  it('runs each write of a batch that failed otherwise alone, so that each fails or not on its own', async () => {
    const { write, alone, together, ahead } = recordedWrite(() => new Error('statement failed'));
    const results = await Promise.allSettled([...ahead, 1, -2, 3].map(write));
    expect(results).toEqual([
      ...ahead.map((n) => ({ status: 'fulfilled', value: `alone ${n}` })),
      { status: 'fulfilled', value: 'alone 1' },
      { status: 'rejected', reason: new Error('refused -2') },
      { status: 'fulfilled', value: 'alone 3' },
    ]);
    expect(together).toEqual([[1, -2, 3]]);
    expect(alone).toEqual([...ahead, 1, -2, 3]);
  });
});
