import type { CreateTaskInput } from '@deckhand/contract/tasks';
import type { Db } from '../../../db/client';
import { batchedCalls } from '../../../platform/batched-calls';
import { taskWriterRoles } from '../policy';
import { distinctSpreadDigits, spreadDigits } from './order-keys';
import { isKeyTaken, unlessKeyTaken } from './task-order';
import { type TaskStatements, taskStatements } from './task-statements';

/** A task to make at the end of its status, as the board's Add task and the API make them. */
export interface Creation {
  id: string;
  userId: string;
  cardId: string;
  /** Unique assignees. */
  assigneeIds: string[];
  input: CreateTaskInput;
}

/** The columns the database set for a task it made: the rest are the creation's own. */
export type CreatedRow = Awaited<ReturnType<TaskStatements['createInOne']['execute']>>[number];

/** As for moves (move-batches.ts): two batches at once leave the pool room for the rest. */
export const createSlots = 2;
const maxBatch = 50;

async function createAlone(db: Db, creation: Creation, now: string): Promise<CreatedRow | undefined> {
  const { input } = creation;
  const rows = await unlessKeyTaken(
    taskStatements(db).createInOne.execute({
      id: creation.id,
      userId: creation.userId,
      cardId: creation.cardId,
      statusId: input.status_id ?? null,
      title: input.title,
      assigneeIds: creation.assigneeIds,
      dueAt: input.due_at ? new Date(input.due_at).toISOString() : null,
      priority: input.priority ?? 'none',
      labels: input.labels ?? [],
      now,
      writerRoles: taskWriterRoles,
      ...spreadDigits(Math.random),
    }),
  );
  return rows?.[0];
}

async function createTogether(
  db: Db,
  creations: Creation[],
  now: string,
): Promise<PromiseSettledResult<CreatedRow | undefined>[]> {
  const digits = distinctSpreadDigits(creations.length, Math.random);
  const rows = creations.map(({ id, userId, cardId, assigneeIds, input }, i) => ({
    id,
    user_id: userId,
    card_id: cardId,
    status_id: input.status_id ?? null,
    title: input.title,
    assignee_ids: assigneeIds,
    due_at: input.due_at ? new Date(input.due_at).toISOString() : null,
    priority: input.priority ?? 'none',
    labels: input.labels ?? [],
    ...digits[i],
  }));
  let made: CreatedRow[];
  try {
    made = await taskStatements(db).createInBatch.execute({
      creations: JSON.stringify(rows),
      now,
      writerRoles: taskWriterRoles,
    });
  } catch (err) {
    // A key another writer took a moment before: nothing was written, and each takes the path that tries again.
    if (isKeyTaken(err)) return creations.map(() => ({ status: 'fulfilled', value: undefined }));
    // Anything else fails each creation on its own, so that one's failure is never another's.
    return Promise.allSettled(creations.map((creation) => createAlone(db, creation, now)));
  }
  const byId = new Map(made.map((row) => [row.id, row]));
  return creations.map((creation) => ({ status: 'fulfilled', value: byId.get(creation.id) }));
}

function createBatches(db: Db) {
  return batchedCalls<Creation, CreatedRow | undefined>({
    slots: createSlots,
    maxBatch,
    keyOf: (creation) => creation.id,
    run: async (creations) => {
      const now = new Date().toISOString();
      if (creations.length > 1) return createTogether(db, creations, now);
      return Promise.allSettled(creations.map((creation) => createAlone(db, creation, now)));
    },
  });
}

const batchesByDb = new WeakMap<Db, ReturnType<typeof createBatches>>();

/**
 * Makes a task at the end of its status in one statement, together with the creations asked for at the same
 * moment on this database. Undefined when it made nothing: a refusal (the read-then-insert path says which) or a
 * key another writer took at the same moment (that path tries again).
 */
export function createTaskTogether(db: Db, creation: Creation): Promise<CreatedRow | undefined> {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = createBatches(db);
    batchesByDb.set(db, batches);
  }
  return batches(creation);
}
