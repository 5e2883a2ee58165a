/**
 * Gathers concurrent calls of one write into batches, the way a database groups commits: a call made while a
 * slot is free runs at once, alone, so a quiet server adds no wait; calls made while every slot is busy queue,
 * and the next free slot takes all of them (up to `maxBatch`) together.
 *
 * On this kind of machine a statement's fixed costs (the round trip, the executor's start, the commit) are most
 * of a small write's cost on both sides of the connection, so a board that many people move tasks on pays them
 * once per batch instead of once per move.
 *
 * Calls with the same key never share a batch or run beside each other: the later one waits for the earlier to
 * finish, so two writes to one row happen in the order they were asked for.
 */
export interface BatchedCallsOptions<I, O> {
  /** Batches running at once; leave the connection pool room for everything else. */
  slots: number;
  maxBatch: number;
  /** The row a call writes; calls with the same key run one after the other. */
  keyOf: (item: I) => string;
  /** Runs a batch; answers one outcome per item, in the items' order, so that one call's failure is its own. */
  run: (items: I[]) => Promise<PromiseSettledResult<O>[]>;
}

interface Pending<I, O> {
  item: I;
  key: string;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export function batchedCalls<I, O>(options: BatchedCallsOptions<I, O>): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  const keysInFlight = new Set<string>();
  let running = 0;

  /** The queued calls that may go now, oldest first, taken out of the queue. */
  function takeBatch(): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < options.maxBatch; ) {
      const pending = queue[i] as Pending<I, O>;
      // A key seen earlier in the queue holds back its later calls too, so they keep their order.
      const held = keysInFlight.has(pending.key) || keys.has(pending.key);
      keys.add(pending.key);
      if (held) {
        i += 1;
        continue;
      }
      batch.push(pending);
      queue.splice(i, 1);
    }
    return batch;
  }

  function dispatch(): void {
    while (running < options.slots) {
      const batch = takeBatch();
      if (batch.length === 0) return;
      running += 1;
      for (const pending of batch) keysInFlight.add(pending.key);
      void runBatch(batch);
    }
  }

  async function runBatch(batch: Pending<I, O>[]): Promise<void> {
    try {
      const results = await options.run(batch.map((pending) => pending.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      }
      batch.forEach((pending, i) => {
        const result = results[i] as PromiseSettledResult<O>;
        if (result.status === 'fulfilled') pending.resolve(result.value);
        else pending.reject(result.reason);
      });
    } catch (err) {
      for (const pending of batch) pending.reject(err);
    } finally {
      running -= 1;
      for (const pending of batch) keysInFlight.delete(pending.key);
      dispatch();
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, key: options.keyOf(item), resolve, reject });
      dispatch();
    });
}
