/**
 * Gathers concurrent calls of one write into batches, the way a database groups commits: a call made while no
 * batch runs goes at once, alone, so a quiet server adds no wait; calls made while one runs queue, and a free slot
 * takes all of them (up to `maxBatch`) together once there are two, once no batch runs, or once a lone call has
 * waited `loneWaitMs`.
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

/**
 * How long a lone call waits for company beside a running batch. Under load a batch takes a fraction of a
 * millisecond, so the wait almost always ends with it or with the next call.
 */
const loneWaitMs = 2;

export function batchedCalls<I, O>(options: BatchedCallsOptions<I, O>): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  const keysInFlight = new Set<string>();
  let running = 0;
  let loneTimer: ReturnType<typeof setTimeout> | undefined;

  /** Where in the queue the calls that may go now are, oldest first, at most `maxBatch` of them. */
  function readyIndexes(): number[] {
    const ready: number[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && ready.length < options.maxBatch; i += 1) {
      const { key } = queue[i] as Pending<I, O>;
      // A key seen earlier in the queue holds back its later calls too, so they keep their order.
      if (!keysInFlight.has(key) && !keys.has(key)) ready.push(i);
      keys.add(key);
    }
    return ready;
  }

  /**
   * Starts batches while slots are free. While a batch runs, a call with nothing to go with waits for company, or
   * for that batch to end, rather than take another slot alone: under load a lone call would otherwise take every
   * slot that frees, and the calls behind it would go in the small batches whose fixed costs batching is for. It
   * waits `loneWaitMs` at most (`patient` false when that is over): the batch beside it may be a write stuck
   * behind another transaction's lock, which a quiet server's next call must not wait for. A call made while no
   * batch runs goes at once.
   */
  function dispatch(patient = true): void {
    while (running < options.slots) {
      const ready = readyIndexes();
      if (ready.length === 0) return;
      if (ready.length === 1 && running > 0 && patient) {
        loneTimer ??= setTimeout(() => {
          loneTimer = undefined;
          dispatch(false);
        }, loneWaitMs);
        return;
      }
      // The call that waited goes now, with this batch: its wait is over.
      clearTimeout(loneTimer);
      loneTimer = undefined;
      const batch = ready.map((i) => queue[i] as Pending<I, O>);
      for (let j = ready.length - 1; j >= 0; j -= 1) queue.splice(ready[j] as number, 1);
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
