import type { MoveTaskInput, Task } from '@deckhand/contract/tasks';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { moveTaskToEnd, moveTask as placeMovedTask } from '../service/tasks';

/**
 * Puts a task right after `after_id` or right before `before_id` in `status_id` (neither: at its end). Records
 * `task.moved`.
 * @throws tasks/not-found · tasks/forbidden · request/invalid (status of another project, neighbour elsewhere)
 */
export async function moveTask(
  deps: CommandDeps,
  actor: Actor,
  input: MoveTaskInput & { taskId: string },
): Promise<Task> {
  const { taskId, ...placement } = input;
  if (!placement.after_id && !placement.before_id) {
    // The usual move, the hot path of a board: one statement, which leaves anything it cannot do to the path below.
    const moved = await moveTaskToEnd(deps.db, actor.userId, taskId, placement.status_id);
    if (moved) {
      await deps.events.committed([
        { type: 'task.moved', actor, task: moved.task, previous: moved.previous ?? moved.task },
      ]);
      return moved.task;
    }
  }
  return deps.events.transaction(async ({ tx, emit }) => {
    const { task, previous } = await placeMovedTask(tx, actor.userId, taskId, placement);
    emit({ type: 'task.moved', actor, task, previous: previous ?? task });
    return task;
  });
}
