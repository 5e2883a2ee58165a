import { taskWriterRoles } from '../policy';
import { distinctSpreadDigits, spreadDigits } from './order-keys';
import { unlessKeyTaken } from './task-order';
import { type TaskStatements, taskStatements } from './task-statements';
import { batchedWrite } from './write-batches';

/** A move to the end of a status, as the board's Move to menu and a drop on a column's free space make it. */
export interface MoveToEnd {
  userId: string;
  taskId: string;
  statusId: string;
}

/** The task as written, with its status and done_at before the move. */
export type MovedRow = Awaited<ReturnType<TaskStatements['moveToEnd']['execute']>>[number];

/**
 * Moves a task to the end of a status in one statement, together with the moves asked for at the same moment on
 * this database. Undefined when the statement did not move it: a refusal (the caller's two-statement path says
 * which) or a key another writer took at the same moment (that path tries again with fresh keys).
 */
export const moveToEndTogether = batchedWrite<MoveToEnd, MovedRow>({
  keyOf: (move) => move.taskId,

  async alone(db, move) {
    const rows = await unlessKeyTaken(
      taskStatements(db).moveToEnd.execute({
        ...move,
        writerRoles: taskWriterRoles,
        ...spreadDigits(Math.random),
        now: new Date().toISOString(),
      }),
    );
    return rows?.[0];
  },

  async together(db, moves) {
    const digits = distinctSpreadDigits(moves.length, Math.random);
    const rows = await taskStatements(db).moveToEndBatch.execute({
      taskIds: moves.map((move) => move.taskId),
      userIds: moves.map((move) => move.userId),
      statusIds: moves.map((move) => move.statusId),
      r1s: digits.map((digit) => digit.r1),
      r2s: digits.map((digit) => digit.r2),
      writerRoles: taskWriterRoles,
      now: new Date().toISOString(),
    });
    const byPlace = new Map(rows.map(({ ord, ...row }) => [ord, row]));
    return moves.map((_, i) => byPlace.get(i + 1));
  },
});
