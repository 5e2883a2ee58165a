import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { deleteNotification as removeNotification } from '../service';

/**
 * Deletes one of the actor's notifications; records `notification.deleted`.
 * @throws notifications/not-found (missing, or someone else's)
 */
export async function deleteNotification(
  deps: CommandDeps,
  actor: Actor,
  input: { notificationId: string },
): Promise<void> {
  await removeNotification(deps.db, actor, input.notificationId);
  await deps.events.committed([
    { type: 'notification.deleted', actor, userId: actor.userId, notificationId: input.notificationId },
  ]);
}
