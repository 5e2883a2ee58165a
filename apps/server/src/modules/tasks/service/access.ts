import type { ProjectRole } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';

export function taskNotFound(): AppError {
  return new AppError('tasks/not-found', 'No such task');
}

export function taskForbidden(message: string): AppError {
  return new AppError('tasks/forbidden', message);
}

export function statusNotFound(): AppError {
  return new AppError('statuses/not-found', 'No such status');
}

/** The caller's role in `projectId`, or `notFound` when they are not a member (so nothing leaks). */
async function roleOr(db: Db, projectId: string, userId: string, notFound: () => AppError): Promise<ProjectRole> {
  try {
    return await requireMembership(db, projectId, userId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'projects/not-found') throw notFound();
    throw err;
  }
}

export interface TaskAccess {
  projectId: string;
  cardId: string;
  statusId: string;
  role: ProjectRole;
}

/** The task's project and card and the caller's role. @throws tasks/not-found (also for non-members) */
export async function requireTaskAccess(db: Db, taskId: string, userId: string): Promise<TaskAccess> {
  const [task] = await db
    .select({ projectId: tasks.projectId, cardId: tasks.cardId, statusId: tasks.statusId })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) throw taskNotFound();
  return { ...task, role: await roleOr(db, task.projectId, userId, taskNotFound) };
}

export interface StatusAccess {
  projectId: string;
  role: ProjectRole;
}

/** The status's project and the caller's role. @throws statuses/not-found (also for non-members) */
export async function requireStatusAccess(db: Db, statusId: string, userId: string): Promise<StatusAccess> {
  const [status] = await db
    .select({ projectId: taskStatuses.projectId })
    .from(taskStatuses)
    .where(eq(taskStatuses.id, statusId));
  if (!status) throw statusNotFound();
  return { ...status, role: await roleOr(db, status.projectId, userId, statusNotFound) };
}
