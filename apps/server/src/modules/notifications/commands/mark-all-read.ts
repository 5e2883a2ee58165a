import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { markAllRead as markRowsRead } from '../service';

/** Marks all the actor's unread notifications read; records `notification.all_read` when there were any. */
export async function markAllRead(deps: CommandDeps, actor: Actor): Promise<void> {
  const count = await markRowsRead(deps.db, actor);
  if (count === 0) return;
  await deps.events.committed([{ type: 'notification.all_read', actor, userId: actor.userId, count }]);
}
