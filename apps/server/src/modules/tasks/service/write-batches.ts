import { type Db, runsOneStatementAtATime } from '../../../db/client';
import { batchedCalls } from '../../../platform/batched-calls';
import { isKeyTaken } from './task-order';

/**
 * Batches at once per PostgreSQL database: two leave the pool (10 connections) room for the history, the reads and
 * the jobs; one or three made no more writes a second. PGlite takes one: it runs one statement at a time, so a
 * second slot only ran a lone write beside each batch, which cost its thread 3.3 times a batched write's share
 * (a move alone 694 µs, in a batch about 215 µs, while 10 read and 20 move).
 */
export const writeSlots = 2;
const maxBatch = 50;

/**
 * One write of the board's hot paths, alone and as a statement of several (see batched-calls.ts), on a database
 * `D` (the app's Db; anything that names one database, in a test).
 */
export interface BatchedWrite<I, O, D extends object = Db> {
  /** The row the write changes: writes with the same key run one after the other. */
  keyOf(item: I): string;
  /** Undefined when the statement wrote nothing: a refusal, or a key another writer took. */
  alone(db: D, item: I): Promise<O | undefined>;
  /** One result per item, in their order; undefined for one the statement left out. */
  together(db: D, items: I[]): Promise<(O | undefined)[]>;
}

/**
 * A write made together with the writes of its kind asked for at the same moment on the same database. A batch
 * that loses a key race (two writes drew a key another writer took) wrote nothing, and answers undefined to each
 * write, whose caller takes the path that tries again; a batch that fails otherwise runs each write alone, so
 * that one write's failure is never another's.
 */
export function batchedWrite<I, O, D extends object = Db>(
  write: BatchedWrite<I, O, D>,
): (db: D, item: I) => Promise<O | undefined> {
  const byDb = new WeakMap<D, (item: I) => Promise<O | undefined>>();

  async function run(db: D, items: I[]): Promise<PromiseSettledResult<O | undefined>[]> {
    if (items.length > 1) {
      try {
        const results = await write.together(db, items);
        return results.map((value) => ({ status: 'fulfilled', value }));
      } catch (err) {
        if (isKeyTaken(err)) return items.map(() => ({ status: 'fulfilled', value: undefined }));
      }
    }
    return Promise.allSettled(items.map((item) => write.alone(db, item)));
  }

  return (db, item) => {
    let calls = byDb.get(db);
    if (!calls) {
      const slots = runsOneStatementAtATime(db) ? 1 : writeSlots;
      calls = batchedCalls({ slots, maxBatch, keyOf: write.keyOf, run: (items) => run(db, items) });
      byDb.set(db, calls);
    }
    return calls(item);
  };
}
