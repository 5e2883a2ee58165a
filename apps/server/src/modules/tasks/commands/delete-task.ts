import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { deleteTask as removeTask } from '../service/tasks';

/** Deletes a task; records `task.deleted`. @throws tasks/not-found · tasks/forbidden */
export async function deleteTask(deps: CommandDeps, actor: Actor, input: { taskId: string }): Promise<void> {
  const task = await removeTask(deps.db, actor.userId, input.taskId);
  await deps.events.committed([{ type: 'task.deleted', actor, task }]);
}
