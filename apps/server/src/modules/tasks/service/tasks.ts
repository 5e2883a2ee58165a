import type { StatusCategory } from '@deckhand/contract/statuses';
import type { CreateTaskInput, MoveTaskInput, Task, UpdateTaskInput } from '@deckhand/contract/tasks';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { AppError } from '../../../platform/errors';
import { uuidv7 } from '../../../platform/ids';
import { cardNotFound, requireCardAccess } from '../../cards/queries/card-access';
import { canWriteTasks } from '../policy';
import { requireTaskAccess, taskForbidden, taskNotFound } from './access';
import { changedNow } from './clock';
import { createTaskTogether } from './create-batches';
import { moveToEndTogether } from './move-batches';
import { firstStatus } from './statuses';
import { taskAuthorJoin, taskCardJoin, taskColumns, toTaskDto } from './task-dto';
import { placeTask } from './task-order';
import { taskStatements } from './task-statements';

/** A task before and after a change: reminders and assignment notifications follow what changed. */
export interface TaskChange {
  task: Task;
  /** Null for a new task. */
  previous: Task | null;
}

/** One task, without an access check (the caller made one). @throws tasks/not-found */
export async function readTask(db: Db, taskId: string): Promise<Task> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .leftJoin(profiles, taskAuthorJoin)
    .where(eq(tasks.id, taskId));
  if (!row) throw taskNotFound();
  return toTaskDto(row);
}

/** Reads tasks matching `where`, in board order (status, then position). */
export async function readTasks(db: Db, where: SQL | undefined): Promise<Task[]> {
  const rows = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(taskStatuses, eq(taskStatuses.id, tasks.statusId))
    .leftJoin(profiles, taskAuthorJoin)
    .where(where)
    .orderBy(asc(taskStatuses.position), asc(tasks.position));
  return rows.map(toTaskDto);
}

/** The card's tasks in board order. @throws cards/not-found */
export async function listCardTasks(db: Db, userId: string, cardId: string): Promise<Task[]> {
  await requireCardAccess(db, cardId, userId);
  return readTasks(db, eq(tasks.cardId, cardId));
}

/** @throws request/invalid when someone in `userIds` is not a member of the project */
async function requireMembers(db: Db, projectId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)));
  const members = new Set(rows.map((row) => row.userId));
  const strangers = userIds.filter((id) => !members.has(id));
  if (strangers.length > 0) throw notMembers(strangers);
}

function notMembers(userIds: string[]): AppError {
  return new AppError('request/invalid', `assignee_ids: not members of this project: ${userIds.join(', ')}`);
}

function noStatus(category?: StatusCategory): AppError {
  const what = category ? `status in the category ${category}` : 'status';
  return new AppError('tasks/no-status', `This project has no ${what}`);
}

function doneAtFor(category: StatusCategory, now: Date): SQL | null {
  return category === 'done' ? sql`coalesce(${tasks.doneAt}, ${now.toISOString()}::timestamptz)` : null;
}

/**
 * A new task at the end of its status (default: the project's first).
 * @throws cards/not-found · tasks/forbidden (viewers) · tasks/no-status · request/invalid (status, assignees)
 */
export async function createTask(db: Db, userId: string, cardId: string, input: CreateTaskInput): Promise<TaskChange> {
  const assigneeIds = [...new Set(input.assignee_ids ?? [])];
  // One read for the card, the caller's role and name, the status and its last key, then the insert.
  const statements = taskStatements(db);
  const [context] = await statements.createContext.execute({
    userId,
    cardId,
    statusId: input.status_id ?? null,
    assigneeIds,
  });
  if (!context) throw cardNotFound();
  const { projectId, role } = context;
  if (!canWriteTasks(role)) throw taskForbidden('Viewers cannot create tasks');
  if (!context.pickedStatusId || !context.pickedStatusCategory) {
    if (input.status_id) throw new AppError('request/invalid', 'status_id: not a status of this project');
    throw noStatus();
  }
  const status = { id: context.pickedStatusId, category: context.pickedStatusCategory };
  const strangers = assigneeIds.filter((id) => !context.memberAssignees.includes(id));
  if (strangers.length > 0) throw notMembers(strangers);
  const authorName = context.authorName ?? 'User';
  const now = new Date();
  const dueAt = input.due_at ? new Date(input.due_at) : null;
  const doneAt = status.category === 'done' ? now : null;
  const [row] = await placeTask(db, { statusId: status.id, lastKey: context.lastKey }, undefined, (position) =>
    statements.createInsert.execute({
      id: uuidv7(),
      projectId,
      cardId,
      statusId: status.id,
      title: input.title,
      position,
      assigneeIds,
      dueAt: dueAt?.toISOString() ?? null,
      priority: input.priority ?? 'none',
      labels: input.labels ?? [],
      doneAt: doneAt?.toISOString() ?? null,
      createdBy: userId,
      createdByName: authorName,
      createdAt: now.toISOString(),
    }),
  );
  if (!row) throw new Error('task insert returned no row');
  const task: Task = {
    id: row.id,
    project_id: projectId,
    card_id: cardId,
    card_title: context.cardTitle,
    title: input.title,
    status_id: status.id,
    position: row.position,
    assignee_ids: assigneeIds,
    due_at: dueAt?.toISOString() ?? null,
    priority: input.priority ?? 'none',
    labels: input.labels ?? [],
    done_at: doneAt?.toISOString() ?? null,
    created_by: { user_id: userId, name: authorName },
    created_at: now.toISOString(),
    updated_at: row.updatedAt,
  };
  return { task, previous: null };
}

/**
 * A creation as one statement (creation fills a board). Undefined when it created nothing: a refusal (the
 * read-then-insert path says which) or a key another writer took at the same moment (that path tries again).
 */
export async function createTaskInOne(
  db: Db,
  userId: string,
  cardId: string,
  input: CreateTaskInput,
): Promise<TaskChange | undefined> {
  const creation = {
    id: uuidv7(),
    userId,
    cardId,
    statusId: input.status_id ?? null,
    title: input.title,
    assigneeIds: [...new Set(input.assignee_ids ?? [])],
    dueAt: input.due_at ? new Date(input.due_at).toISOString() : null,
    priority: input.priority ?? 'none',
    labels: input.labels ?? [],
  };
  const row = await createTaskTogether(db, creation);
  if (!row) return undefined;
  const task: Task = {
    id: creation.id,
    project_id: row.projectId,
    card_id: cardId,
    card_title: row.cardTitle,
    title: creation.title,
    status_id: row.statusId,
    position: row.position,
    assignee_ids: creation.assigneeIds,
    due_at: creation.dueAt,
    priority: creation.priority,
    labels: creation.labels,
    done_at: row.doneAt,
    created_by: { user_id: userId, name: row.createdByName },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
  return { task, previous: null };
}

/**
 * Changes a task's fields; `done` moves it to the end of the first done status (true) or the first to-do one
 * (false) unless it already is in such a status.
 * @throws tasks/not-found · tasks/forbidden · tasks/no-status · request/invalid (assignees)
 */
export async function updateTask(db: Db, userId: string, taskId: string, input: UpdateTaskInput): Promise<TaskChange> {
  const access = await requireTaskAccess(db, taskId, userId);
  if (!canWriteTasks(access.role)) throw taskForbidden('Viewers cannot change tasks');
  if (input.assignee_ids) await requireMembers(db, access.projectId, input.assignee_ids);
  const before = await readTask(db, taskId);
  const now = new Date();
  const fields = {
    updatedAt: changedNow,
    ...(input.title !== undefined && { title: input.title }),
    ...(input.assignee_ids !== undefined && { assigneeIds: input.assignee_ids }),
    ...(input.due_at !== undefined && { dueAt: input.due_at ? new Date(input.due_at) : null }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.labels !== undefined && { labels: input.labels }),
  };
  const target = input.done === undefined ? undefined : await doneTarget(db, access, input.done);
  if (target) {
    await placeTask(db, { statusId: target.id }, taskId, (position) =>
      db
        .update(tasks)
        .set({ ...fields, statusId: target.id, position, doneAt: doneAtFor(target.category, now) })
        .where(eq(tasks.id, taskId)),
    );
  } else {
    await db.update(tasks).set(fields).where(eq(tasks.id, taskId));
  }
  return { task: await readTask(db, taskId), previous: before };
}

/** Where `done` sends the task, or undefined when its status already says so. */
async function doneTarget(
  db: Db,
  access: { projectId: string; statusId: string },
  done: boolean,
): Promise<{ id: string; category: StatusCategory } | undefined> {
  const [current] = await db
    .select({ category: taskStatuses.category })
    .from(taskStatuses)
    .where(eq(taskStatuses.id, access.statusId));
  if ((current?.category === 'done') === done) return undefined;
  const category = done ? 'done' : 'todo';
  const status = await firstStatus(db, access.projectId, category);
  if (!status) throw noStatus(category);
  return status;
}

/**
 * A move to the end of `statusId` as one statement (the usual move: the Move to menu, a drop on a column's free
 * space), batched with the moves made at the same moment (move-batches.ts). Undefined when that statement did not
 * move the task: a refusal (the caller's two-statement path says which) or a key another writer took at the same
 * moment (that path tries again with fresh keys).
 */
export async function moveTaskToEnd(
  db: Db,
  userId: string,
  taskId: string,
  statusId: string,
): Promise<TaskChange | undefined> {
  const row = await moveToEndTogether(db, { userId, taskId, statusId });
  if (!row) return undefined;
  const { previousDoneAt, previousStatusId, ...moved } = row;
  const task = toTaskDto(moved);
  // What a move leaves as it was; the previous key is not needed by what follows a change.
  return { task, previous: { ...task, status_id: previousStatusId, done_at: previousDoneAt } };
}

/**
 * Puts a task right after `after_id` or right before `before_id` in `status_id` (neither: at its end): one row
 * written. Into a done status sets done_at; out of one clears it.
 * @throws tasks/not-found · tasks/forbidden · request/invalid (status of another project, neighbour elsewhere)
 */
export async function moveTask(db: Db, userId: string, taskId: string, input: MoveTaskInput): Promise<TaskChange> {
  const statements = taskStatements(db);
  const [row] = await statements.moveRead.execute({
    taskId,
    userId,
    statusId: input.status_id,
    afterId: input.after_id ?? null,
    beforeId: input.before_id ?? null,
  });
  if (!row) throw taskNotFound();
  if (!canWriteTasks(row.role)) throw taskForbidden('Viewers cannot move tasks');
  if (!row.pickedStatusId || !row.pickedStatusCategory) {
    throw new AppError('request/invalid', 'status_id: not a status of this project');
  }
  const previous = toTaskDto(row);
  const status = { id: row.pickedStatusId, category: row.pickedStatusCategory };
  const now = new Date();
  // The move is the hot path of a board: the answer is the task read before, with what the write returned.
  const [moved] = await placeTask(
    db,
    {
      statusId: status.id,
      afterId: input.after_id,
      beforeId: input.before_id,
      lastKey: row.lastKey,
      neighbourKeys: {
        after: row.afterKey,
        afterNext: row.afterNextKey,
        before: row.beforeKey,
        beforePrev: row.beforePrevKey,
      },
    },
    taskId,
    (position) =>
      statements.moveWrite.execute({
        taskId,
        statusId: status.id,
        position,
        done: status.category === 'done',
        now: now.toISOString(),
      }),
  );
  if (!moved) throw taskNotFound();
  const task = {
    ...previous,
    status_id: status.id,
    position: moved.position,
    done_at: moved.doneAt,
    updated_at: moved.updatedAt,
  };
  return { task, previous };
}

/** @returns the task as it was @throws tasks/not-found · tasks/forbidden */
export async function deleteTask(db: Db, userId: string, taskId: string): Promise<Task> {
  const access = await requireTaskAccess(db, taskId, userId);
  if (!canWriteTasks(access.role)) throw taskForbidden('Viewers cannot delete tasks');
  const task = await readTask(db, taskId);
  await db.delete(tasks).where(eq(tasks.id, taskId));
  return task;
}
