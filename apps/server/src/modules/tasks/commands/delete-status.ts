import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { deleteStatus as removeStatus } from '../service/statuses';

/**
 * Deletes a status, first moving its tasks to the end of `moveTo`; records `status.deleted`.
 * @throws statuses/not-found · statuses/forbidden · statuses/last-status · statuses/not-empty · request/invalid
 */
export async function deleteStatus(
  deps: CommandDeps,
  actor: Actor,
  input: { statusId: string; moveTo: string | undefined },
): Promise<void> {
  await deps.events.transaction(async ({ tx, emit }) => {
    const { status, movedTo, movedTasks } = await removeStatus(tx, actor.userId, input.statusId, input.moveTo);
    emit({ type: 'status.deleted', actor, status, movedTo, movedTasks });
  });
}
