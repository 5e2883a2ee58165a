import {
  type CreateStatusInput,
  defaultStatuses,
  type Status,
  type StatusCategory,
  statusLimits,
  type UpdateStatusInput,
} from '@deckhand/contract/statuses';
import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';
import type { TaskRef } from '../events';
import { canManageStatuses } from '../policy';
import { requireStatusAccess, statusNotFound } from './access';
import { changedNow } from './clock';
import { keyBetween, keysAfter } from './order-keys';

const defaultColor = '#64748b';

function statusForbidden(): AppError {
  return new AppError('statuses/forbidden', 'Only admins and the owner manage the board’s statuses');
}

function nameTaken(name: string): AppError {
  return new AppError('statuses/name-taken', `There is already a status named “${name}” in this project`);
}

/**
 * Tasks of cards that are not archived: what the board shows, and so what a column counts. Spelled out with
 * aliases: drizzle leaves column names unqualified in a one-table select, where `id` would be ambiguous.
 */
const boardTaskCount = sql<number>`(
  select count(*) from tasks bt join cards bc on bc.id = bt.card_id
  where bt.status_id = task_statuses.id and bc.archived_at is null
)::int`;

const statusColumns = {
  id: taskStatuses.id,
  project_id: taskStatuses.projectId,
  name: taskStatuses.name,
  color: taskStatuses.color,
  category: taskStatuses.category,
  wip_limit: taskStatuses.wipLimit,
  task_count: boardTaskCount,
};

/** The project's statuses in board order, without an access check (the caller made one). */
export async function readStatuses(db: Db, projectId: string): Promise<Status[]> {
  return db
    .select(statusColumns)
    .from(taskStatuses)
    .where(eq(taskStatuses.projectId, projectId))
    .orderBy(asc(taskStatuses.position));
}

/** @throws projects/not-found */
export async function listStatuses(db: Db, userId: string, projectId: string): Promise<Status[]> {
  await requireMembership(db, projectId, userId);
  return readStatuses(db, projectId);
}

async function readStatus(db: Db, statusId: string): Promise<Status> {
  const [status] = await db.select(statusColumns).from(taskStatuses).where(eq(taskStatuses.id, statusId));
  if (!status) throw statusNotFound();
  return status;
}

/** The first status of the project in board order, of `category` when given; undefined when there is none. */
export async function firstStatus(
  db: Db,
  projectId: string,
  category?: StatusCategory,
): Promise<{ id: string; category: StatusCategory } | undefined> {
  const [status] = await db
    .select({ id: taskStatuses.id, category: taskStatuses.category })
    .from(taskStatuses)
    .where(and(eq(taskStatuses.projectId, projectId), category ? eq(taskStatuses.category, category) : undefined))
    .orderBy(asc(taskStatuses.position))
    .limit(1);
  return status;
}

/** A status of `projectId` with its category. @throws request/invalid (not a status of that project) */
export async function requireProjectStatus(
  db: Db,
  projectId: string,
  statusId: string,
  field = 'status_id',
): Promise<{ id: string; category: StatusCategory }> {
  const [status] = await db
    .select({ id: taskStatuses.id, category: taskStatuses.category })
    .from(taskStatuses)
    .where(and(eq(taskStatuses.id, statusId), eq(taskStatuses.projectId, projectId)));
  if (!status) throw new AppError('request/invalid', `${field}: not a status of this project`);
  return status;
}

/** The three statuses a new project starts with (contract: defaultStatuses). */
export async function createDefaultStatuses(tx: Tx | Db, projectId: string): Promise<void> {
  const positions = keysAfter(null, defaultStatuses.length);
  await tx.insert(taskStatuses).values(
    defaultStatuses.map((status, i) => ({
      projectId,
      name: status.name,
      color: status.color,
      category: status.category,
      position: positions[i] as string,
    })),
  );
}

/**
 * The position right after `afterId` (null: first; undefined: last) among the project's statuses, leaving out
 * `movingId` (a status being reordered). @throws request/invalid (after_id not a status of the project)
 */
async function positionAfter(
  db: Db | Tx,
  projectId: string,
  afterId: string | null | undefined,
  movingId?: string,
): Promise<string> {
  const others = and(eq(taskStatuses.projectId, projectId), movingId ? ne(taskStatuses.id, movingId) : undefined);
  const firstOf = async (where: ReturnType<typeof and>, order: 'asc' | 'desc') => {
    const [row] = await db
      .select({ position: taskStatuses.position })
      .from(taskStatuses)
      .where(where)
      .orderBy(order === 'asc' ? asc(taskStatuses.position) : sql`${taskStatuses.position} desc`)
      .limit(1);
    return row?.position ?? null;
  };
  // Keys drawn at random from the gap: admins placing columns at the same spot at once then rarely compute the
  // same key twice, where the middle of the gap would collide again on every retry.
  if (afterId === undefined) return keyBetween(await firstOf(others, 'desc'), null, Math.random);
  if (afterId === null) return keyBetween(null, await firstOf(others, 'asc'), Math.random);
  if (afterId === movingId) throw new AppError('request/invalid', 'after_id: a status cannot go after itself');
  const [after] = await db
    .select({ position: taskStatuses.position })
    .from(taskStatuses)
    .where(and(others, eq(taskStatuses.id, afterId)));
  if (!after) throw new AppError('request/invalid', 'after_id: not a status of this project');
  const next = await firstOf(and(others, gt(taskStatuses.position, after.position)), 'asc');
  return keyBetween(after.position, next, Math.random);
}

/** Admins adding or reordering columns at the same moment can compute the same key: the loser reads again. */
const positionAttempts = 8;

/** Runs `write` (which reads the position it writes) again while another writer took its position first. */
async function retryingTakenPosition<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      if (attempt < positionAttempts && isUniqueViolation(err, 'task_statuses_project_position_idx')) continue;
      throw err;
    }
  }
}

/**
 * A new status (column). @throws projects/not-found · statuses/forbidden · statuses/name-taken ·
 * statuses/too-many · request/invalid (after_id)
 */
export async function createStatus(
  db: Db,
  userId: string,
  projectId: string,
  input: CreateStatusInput,
): Promise<Status> {
  const role = await requireMembership(db, projectId, userId);
  if (!canManageStatuses(role)) throw statusForbidden();
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(taskStatuses)
    .where(eq(taskStatuses.projectId, projectId));
  if (total >= statusLimits.perProjectMax) {
    throw new AppError('statuses/too-many', `A project has at most ${statusLimits.perProjectMax} statuses`);
  }
  try {
    const [row] = await retryingTakenPosition(async () =>
      db
        .insert(taskStatuses)
        .values({
          projectId,
          name: input.name,
          color: input.color ?? defaultColor,
          category: input.category ?? 'in_progress',
          wipLimit: input.wip_limit ?? null,
          position: await positionAfter(db, projectId, input.after_id),
        })
        .returning({ id: taskStatuses.id }),
    );
    if (!row) throw new Error('status insert returned no row');
    return readStatus(db, row.id);
  } catch (err) {
    if (isUniqueViolation(err, 'task_statuses_project_name_idx')) throw nameTaken(input.name);
    throw err;
  }
}

/**
 * Renames, recolours, recategorises, limits or reorders a status; its tasks become done or not with its category. @throws statuses/not-found · statuses/forbidden · statuses/name-taken · request/invalid
 */
export async function updateStatus(
  db: Db,
  userId: string,
  statusId: string,
  input: UpdateStatusInput,
): Promise<{ status: Status; previous: Status; changedTasks: TaskRef[] }> {
  const { projectId, role } = await requireStatusAccess(db, statusId, userId);
  if (!canManageStatuses(role)) throw statusForbidden();
  const previous = await readStatus(db, statusId);
  try {
    const changedTasks = await retryingTakenPosition(() => changeStatus(db, projectId, statusId, input));
    return { status: await readStatus(db, statusId), previous, changedTasks };
  } catch (err) {
    if (isUniqueViolation(err, 'task_statuses_project_name_idx')) throw nameTaken(input.name ?? '');
    throw err;
  }
}

/** A task as a change of its status found it (its usage event and its activity name it). */
const taskRefColumns = {
  id: tasks.id,
  cardId: tasks.cardId,
  title: tasks.title,
  statusId: tasks.statusId,
  doneAt: isoTimestamp(tasks.doneAt),
};

/**
 * updateStatus's write: the status's fields and place, and its tasks' done_at when its category changes.
 * @returns the tasks whose done_at the change of category set or cleared
 */
async function changeStatus(db: Db, projectId: string, statusId: string, input: UpdateStatusInput): Promise<TaskRef[]> {
  const position =
    input.after_id === undefined ? undefined : await positionAfter(db, projectId, input.after_id, statusId);
  return db.transaction(async (tx) => {
    await tx
      .update(taskStatuses)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.wip_limit !== undefined && { wipLimit: input.wip_limit }),
        ...(position !== undefined && { position }),
        updatedAt: changedNow,
      })
      .where(eq(taskStatuses.id, statusId));
    // A task is done exactly while it is in a done status: its tasks follow a change of category.
    if (input.category === undefined) return [];
    const now = new Date();
    const becomesDone = input.category === 'done';
    return tx
      .update(tasks)
      .set({
        doneAt: becomesDone ? sql`coalesce(${tasks.doneAt}, ${now.toISOString()}::timestamptz)` : null,
        updatedAt: changedNow,
      })
      .where(and(eq(tasks.statusId, statusId), becomesDone ? isNull(tasks.doneAt) : isNotNull(tasks.doneAt)))
      .returning(taskRefColumns);
  });
}

/**
 * Deletes a status, first moving its tasks to the end of `moveTo` (their done_at then follows its category).
 * @returns the project id and the tasks moved
 * @throws statuses/not-found · statuses/forbidden · statuses/last-status · statuses/not-empty (tasks, no move_to)
 *   · request/invalid (move_to not another status of the project)
 */
export async function deleteStatus(
  db: Db,
  userId: string,
  statusId: string,
  moveTo: string | undefined,
): Promise<{ status: Status; movedTo: Status | null; movedTasks: TaskRef[] }> {
  const { projectId, role } = await requireStatusAccess(db, statusId, userId);
  if (!canManageStatuses(role)) throw statusForbidden();
  if (moveTo === statusId) throw new AppError('request/invalid', 'move_to: another status than the one deleted');
  return db.transaction(async (tx) => {
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(taskStatuses)
      .where(eq(taskStatuses.projectId, projectId));
    if (total <= 1) throw new AppError('statuses/last-status', 'A project keeps at least one status');
    // Checked even for an empty status: a move_to that names nothing is a mistake worth saying.
    const target = moveTo ? await requireProjectStatus(tx, projectId, moveTo, 'move_to') : undefined;
    const status = await readStatus(tx, statusId);
    const held = await tx
      .select(taskRefColumns)
      .from(tasks)
      .where(eq(tasks.statusId, statusId))
      .orderBy(asc(tasks.position));
    if (held.length > 0) {
      if (!target) {
        throw new AppError('statuses/not-empty', 'This status holds tasks: say where they go with move_to');
      }
      const [last] = await tx
        .select({ position: tasks.position })
        .from(tasks)
        .where(eq(tasks.statusId, target.id))
        .orderBy(sql`${tasks.position} desc`)
        .limit(1);
      const positions = keysAfter(last?.position ?? null, held.length);
      const now = new Date();
      for (const [i, task] of held.entries()) {
        await tx
          .update(tasks)
          .set({
            statusId: target.id,
            position: positions[i] as string,
            updatedAt: changedNow,
            doneAt: target.category === 'done' ? sql`coalesce(${tasks.doneAt}, ${now})` : null,
          })
          .where(eq(tasks.id, task.id));
      }
    }
    await tx.delete(taskStatuses).where(eq(taskStatuses.id, statusId));
    const movedTo = target ? await readStatus(tx, target.id) : null;
    return { status, movedTo, movedTasks: held };
  });
}
