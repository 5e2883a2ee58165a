import type { Notification } from '@deckhand/contract/notifications';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { markRead as markRowRead } from '../service';

/**
 * Marks one of the actor's notifications read; records `notification.read`.
 * @throws notifications/not-found (missing, or someone else's)
 */
export async function markRead(
  deps: CommandDeps,
  actor: Actor,
  input: { notificationId: string },
): Promise<Notification> {
  const notification = await markRowRead(deps.db, actor, input.notificationId);
  await deps.events.committed([
    { type: 'notification.read', actor, userId: actor.userId, notificationId: notification.id },
  ]);
  return notification;
}
