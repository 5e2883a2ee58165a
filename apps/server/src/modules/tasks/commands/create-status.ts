import type { CreateStatusInput, Status } from '@deckhand/contract/statuses';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { createStatus as insertStatus } from '../service/statuses';

/**
 * A new status (column); records `status.created`.
 * @throws projects/not-found · statuses/forbidden · statuses/name-taken · statuses/too-many · request/invalid
 */
export async function createStatus(
  deps: CommandDeps,
  actor: Actor,
  input: CreateStatusInput & { projectId: string },
): Promise<Status> {
  const { projectId, ...fields } = input;
  const status = await insertStatus(deps.db, actor.userId, projectId, fields);
  await deps.events.committed([{ type: 'status.created', actor, status }]);
  return status;
}
