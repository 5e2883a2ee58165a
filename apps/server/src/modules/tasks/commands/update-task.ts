import type { Task, UpdateTaskInput } from '@deckhand/contract/tasks';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { updateTask as writeTask } from '../service/tasks';

/**
 * Changes a task's fields; `done` moves it to the first done (or to-do) status. Records `task.updated`.
 * @throws tasks/not-found · tasks/forbidden · tasks/no-status · request/invalid (assignees)
 */
export async function updateTask(
  deps: CommandDeps,
  actor: Actor,
  input: UpdateTaskInput & { taskId: string },
): Promise<Task> {
  const { taskId, ...fields } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const { task, previous } = await writeTask(tx, actor.userId, taskId, fields);
    if (previous) emit({ type: 'task.updated', actor, task, previous });
    return task;
  });
}
