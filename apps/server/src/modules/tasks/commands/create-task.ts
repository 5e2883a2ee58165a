import type { CreateTaskInput, Task } from '@deckhand/contract/tasks';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { createTaskInOne, createTask as insertTask } from '../service/tasks';

/**
 * Whether the new task may call for an effect that must not be lost: reminders need a due date, and assignment
 * notifications someone assigned by another. Only then does the creation take a transaction (for its outbox row).
 */
function mayNeedOutbox(actor: Actor, input: CreateTaskInput): boolean {
  return Boolean(input.due_at) || (input.assignee_ids ?? []).some((id) => id !== actor.userId);
}

/**
 * A new task at the end of its status (default: the project's first); records `task.created`.
 * @throws cards/not-found · tasks/forbidden (viewers) · tasks/no-status · request/invalid (status, assignees)
 */
export async function createTask(
  deps: CommandDeps,
  actor: Actor,
  input: CreateTaskInput & { cardId: string },
): Promise<Task> {
  const { cardId, ...fields } = input;
  if (!mayNeedOutbox(actor, fields)) {
    // Creation fills a board: one statement, and a refusal (or a lost race) falls through to the path that says why.
    const created = await createTaskInOne(deps.db, actor.userId, cardId, fields);
    if (created) {
      await deps.events.committed([{ type: 'task.created', actor, task: created.task }]);
      return created.task;
    }
  }
  return deps.events.transaction(async ({ tx, emit }) => {
    const { task } = await insertTask(tx, actor.userId, cardId, fields);
    emit({ type: 'task.created', actor, task });
    return task;
  });
}
