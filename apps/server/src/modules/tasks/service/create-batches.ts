import type { TaskPriority } from '@deckhand/contract/tasks';
import { taskWriterRoles } from '../policy';
import { distinctSpreadDigits, spreadDigits } from './order-keys';
import { unlessKeyTaken } from './task-order';
import { type TaskStatements, taskStatements } from './task-statements';
import { batchedWrite } from './write-batches';

/** A task to make at the end of its status (the project's first when statusId is null), its fields as stored. */
export interface Creation {
  id: string;
  userId: string;
  cardId: string;
  statusId: string | null;
  title: string;
  /** Unique assignees. */
  assigneeIds: string[];
  /** ISO 8601. */
  dueAt: string | null;
  priority: TaskPriority;
  labels: string[];
}

/** The columns the database set for a task it made: the rest are the creation's own. */
export type CreatedRow = Awaited<ReturnType<TaskStatements['createInOne']['execute']>>[number];

/**
 * Makes a task at the end of its status in one statement, together with the creations asked for at the same
 * moment on this database. Undefined when it made nothing: a refusal (the read-then-insert path says which) or a
 * key another writer took at the same moment (that path tries again).
 */
export const createTaskTogether = batchedWrite<Creation, CreatedRow>({
  keyOf: (creation) => creation.id,

  async alone(db, creation) {
    const rows = await unlessKeyTaken(
      taskStatements(db).createInOne.execute({
        ...creation,
        now: new Date().toISOString(),
        writerRoles: taskWriterRoles,
        ...spreadDigits(Math.random),
      }),
    );
    return rows?.[0];
  },

  async together(db, creations) {
    const digits = distinctSpreadDigits(creations.length, Math.random);
    const rows = creations.map((creation, i) => ({
      id: creation.id,
      user_id: creation.userId,
      card_id: creation.cardId,
      status_id: creation.statusId,
      title: creation.title,
      assignee_ids: creation.assigneeIds,
      due_at: creation.dueAt,
      priority: creation.priority,
      labels: creation.labels,
      ...digits[i],
    }));
    const made = await taskStatements(db).createInBatch.execute({
      creations: JSON.stringify(rows),
      now: new Date().toISOString(),
      writerRoles: taskWriterRoles,
    });
    const byId = new Map(made.map((row) => [row.id, row]));
    return creations.map((creation) => byId.get(creation.id));
  },
});
