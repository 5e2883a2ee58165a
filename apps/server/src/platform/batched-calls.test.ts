import { describe, expect, it } from 'vitest';
import { batchedCalls } from './batched-calls';

interface Call {
  key: string;
  value: number;
}

/** A batcher whose batches wait until the test releases them, recording what each batch held. */
function heldBatcher({ slots = 1, maxBatch = 10 } = {}) {
  const batches: Call[][] = [];
  const releases: (() => void)[] = [];
  const call = batchedCalls<Call, number>({
    slots,
    maxBatch,
    keyOf: (item) => item.key,
    run: async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => releases.push(resolve));
      return items.map((item) =>
        item.value < 0
          ? { status: 'rejected', reason: new Error(`refused ${item.value}`) }
          : { status: 'fulfilled', value: item.value * 10 },
      );
    },
  });
  /** Lets the oldest batch still held finish, and waits for what its end set going. */
  async function releaseNext(): Promise<void> {
    const release = releases.shift();
    if (!release) throw new Error('no batch is waiting');
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { call, batches, releaseNext };
}

describe('batchedCalls', () => {
  it('runs a call alone at once while a slot is free', async () => {
    const { call, batches, releaseNext } = heldBatcher();
    const answer = call({ key: 'a', value: 1 });
    expect(batches).toEqual([[{ key: 'a', value: 1 }]]);
    await releaseNext();
    await expect(answer).resolves.toBe(10);
  });

  it('gathers the calls made while every slot is busy into the next batch, in their order', async () => {
    const { call, batches, releaseNext } = heldBatcher({ slots: 2 });
    const answers = [1, 2, 3, 4, 5].map((value) => call({ key: `k${value}`, value }));
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [2]]);
    await releaseNext();
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [2], [3, 4, 5]]);
    await releaseNext();
    await releaseNext();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('never puts more than maxBatch calls in a batch', async () => {
    const { call, batches, releaseNext } = heldBatcher({ maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((value) => call({ key: `k${value}`, value }));
    await releaseNext();
    await releaseNext();
    await releaseNext();
    await releaseNext();
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [2, 3], [4, 5], [6]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('runs calls with one key one after the other, in the order they were made', async () => {
    const { call, batches, releaseNext } = heldBatcher({ slots: 2 });
    const answers = [
      call({ key: 'same', value: 1 }),
      call({ key: 'same', value: 2 }),
      call({ key: 'other', value: 3 }),
      call({ key: 'same', value: 4 }),
    ];
    // The second slot takes the first call of another key; 'same' waits for its first call.
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [3]]);
    await releaseNext();
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [3], [2]]);
    await releaseNext();
    await releaseNext();
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [3], [2], [4]]);
    await releaseNext();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('fails only the calls whose outcome failed', async () => {
    const { call, releaseNext } = heldBatcher();
    const outcomes = Promise.allSettled([
      call({ key: 'a', value: 1 }),
      call({ key: 'b', value: -2 }),
      call({ key: 'c', value: 3 }),
    ]);
    await releaseNext();
    await releaseNext();
    expect(await outcomes).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('refused -2') },
      { status: 'fulfilled', value: 30 },
    ]);
  });

  it('fails every call of a batch whose run throws, and goes on with the next', async () => {
    let runs = 0;
    const call = batchedCalls<Call, number>({
      slots: 1,
      maxBatch: 10,
      keyOf: (item) => item.key,
      run: async (items) => {
        runs += 1;
        if (runs === 2) throw new Error('connection lost');
        return items.map((item) => ({ status: 'fulfilled', value: item.value }));
      },
    });
    const outcomes = await Promise.allSettled([
      call({ key: 'a', value: 1 }),
      call({ key: 'b', value: 2 }),
      call({ key: 'c', value: 3 }),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('connection lost') },
      { status: 'rejected', reason: new Error('connection lost') },
    ]);
    await expect(call({ key: 'd', value: 4 })).resolves.toBe(4);
  });

  it('fails every call of a batch that answers the wrong number of outcomes', async () => {
    const call = batchedCalls<Call, number>({
      slots: 1,
      maxBatch: 10,
      keyOf: (item) => item.key,
      run: async () => [],
    });
    await expect(call({ key: 'a', value: 1 })).rejects.toThrow('a batch of 1 answered 0 results');
  });
});
