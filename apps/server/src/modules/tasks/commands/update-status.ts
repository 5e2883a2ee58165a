import type { Status, UpdateStatusInput } from '@deckhand/contract/statuses';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { updateStatus as changeStatus } from '../service/statuses';

/**
 * Renames, recolours, recategorises, limits or reorders a status (its tasks become done or not with its
 * category); records `status.updated`.
 * @throws statuses/not-found · statuses/forbidden · statuses/name-taken · request/invalid
 */
export async function updateStatus(
  deps: CommandDeps,
  actor: Actor,
  input: UpdateStatusInput & { statusId: string },
): Promise<Status> {
  const { statusId, ...fields } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const { status, previous, changedTasks } = await changeStatus(tx, actor.userId, statusId, fields);
    emit({ type: 'status.updated', actor, status, previous, changedTasks });
    return status;
  });
}
