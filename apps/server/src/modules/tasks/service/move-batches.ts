import type { Db } from '../../../db/client';
import { batchedCalls } from '../../../platform/batched-calls';
import { taskWriterRoles } from '../policy';
import { distinctSpreadDigits, spreadDigits } from './order-keys';
import { isKeyTaken, unlessKeyTaken } from './task-order';
import { type TaskStatements, taskStatements } from './task-statements';

/** A move to the end of a status, as the board's Move to menu and a drop on a column's free space make it. */
export interface MoveToEnd {
  userId: string;
  taskId: string;
  statusId: string;
}

/** The task as written, with its status and done_at before the move. */
export type MovedRow = Awaited<ReturnType<TaskStatements['moveToEnd']['execute']>>[number];

/**
 * Two batches at once leave the pool (10 connections) room for the history, the reads and the jobs; more slots
 * made smaller batches without more moves a second.
 */
export const moveSlots = 2;
const maxBatch = 50;

async function moveAlone(db: Db, move: MoveToEnd): Promise<MovedRow | undefined> {
  const rows = await unlessKeyTaken(
    taskStatements(db).moveToEnd.execute({
      ...move,
      writerRoles: taskWriterRoles,
      ...spreadDigits(Math.random),
      now: new Date().toISOString(),
    }),
  );
  return rows?.[0];
}

async function moveTogether(db: Db, moves: MoveToEnd[]): Promise<PromiseSettledResult<MovedRow | undefined>[]> {
  const digits = distinctSpreadDigits(moves.length, Math.random);
  let rows: Awaited<ReturnType<TaskStatements['moveToEndBatch']['execute']>>;
  try {
    rows = await taskStatements(db).moveToEndBatch.execute({
      taskIds: moves.map((move) => move.taskId),
      userIds: moves.map((move) => move.userId),
      statusIds: moves.map((move) => move.statusId),
      r1s: digits.map((digit) => digit.r1),
      r2s: digits.map((digit) => digit.r2),
      writerRoles: taskWriterRoles,
      now: new Date().toISOString(),
    });
  } catch (err) {
    // Two moves drew the same key: nothing was written, and each takes the path that tries again with fresh keys.
    if (isKeyTaken(err)) return moves.map(() => ({ status: 'fulfilled', value: undefined }));
    // Anything else fails each move on its own, so that one move's failure is never another's.
    return Promise.allSettled(moves.map((move) => moveAlone(db, move)));
  }
  const byPlace = new Map(rows.map(({ ord, ...row }) => [ord, row]));
  return moves.map((_, i) => ({ status: 'fulfilled', value: byPlace.get(i + 1) }));
}

function moveBatches(db: Db) {
  return batchedCalls<MoveToEnd, MovedRow | undefined>({
    slots: moveSlots,
    maxBatch,
    keyOf: (move) => move.taskId,
    run: async (moves) => {
      if (moves.length > 1) return moveTogether(db, moves);
      return Promise.allSettled(moves.map((move) => moveAlone(db, move)));
    },
  });
}

const batchesByDb = new WeakMap<Db, ReturnType<typeof moveBatches>>();

/**
 * Moves a task to the end of a status in one statement, together with the moves asked for at the same moment on
 * this database. Undefined when the statement did not move it: a refusal (the caller's two-statement path says
 * which) or a key another writer took at the same moment (that path tries again with fresh keys).
 */
export function moveToEndTogether(db: Db, move: MoveToEnd): Promise<MovedRow | undefined> {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = moveBatches(db);
    batchesByDb.set(db, batches);
  }
  return batches(move);
}
