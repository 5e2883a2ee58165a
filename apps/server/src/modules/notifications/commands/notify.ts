import { type NotificationType, notificationPath } from '@deckhand/contract/notifications';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { notifications } from '../../../db/schema/notifications';
import { sendPushToUser } from './push-subscriptions';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  projectId?: string | null;
  cardId?: string | null;
  chatId?: string | null;
  taskId?: string | null;
  fileId?: string | null;
  author: { id: string; name: string } | null;
}

type Row = typeof notifications.$inferSelect;

/**
 * Stores a notification, tells the recipient's open tabs (`notification_update`) and pushes it to
 * their browsers in the background. Nobody is notified of their own action. Called after the
 * causing change has committed, from the outbox: a throw (it could not be stored) leaves it to be tried again.
 */
export async function notifyOrThrow(deps: AppDeps, input: NotifyInput): Promise<void> {
  if (input.author && input.author.id === input.userId) return;
  const [row] = await deps.db.insert(notifications).values(rowValues(input)).returning();
  if (row) deliver(deps, row);
}

/** Like `notifyOrThrow`, for callers that cannot try again: a failure is logged and never fails the change. */
export async function notify(deps: AppDeps, input: NotifyInput): Promise<void> {
  try {
    await notifyOrThrow(deps, input);
  } catch (err) {
    deps.log.error({ err, type: input.type }, 'notification not stored');
  }
}

/**
 * Like `notifyOrThrow`, but the recipient holds at most one unread notification of this type for the chat: a newer
 * one replaces the text, author and time of the one still unread, so a busy chat does not pile them up.
 */
export async function notifyOncePerChat(deps: AppDeps, input: NotifyInput & { chatId: string }): Promise<void> {
  if (input.author && input.author.id === input.userId) return;
  const row = await deps.db.transaction(async (tx) => {
    const unread = and(
      eq(notifications.userId, input.userId),
      eq(notifications.type, input.type),
      eq(notifications.chatId, input.chatId),
      eq(notifications.isRead, false),
    );
    const [updated] = await tx
      .update(notifications)
      .set({ ...rowValues(input), createdAt: new Date() })
      .where(unread)
      .returning();
    if (updated) return updated;
    const [inserted] = await tx.insert(notifications).values(rowValues(input)).returning();
    return inserted;
  });
  if (row) deliver(deps, row);
}

function rowValues(input: NotifyInput) {
  return {
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    projectId: input.projectId ?? null,
    cardId: input.cardId ?? null,
    chatId: input.chatId ?? null,
    taskId: input.taskId ?? null,
    fileId: input.fileId ?? null,
    authorId: input.author?.id ?? null,
    authorName: input.author?.name ?? null,
  };
}

/** Tells the recipient's open tabs, and pushes to their browsers in the background. */
function deliver(deps: AppDeps, row: Row): void {
  deps.live.publish([row.userId], { type: 'notification_update' });
  sendPushToUser(deps, row.userId, {
    title: row.title,
    message: row.message,
    url: `${deps.config.publicUrl}${notificationPath({ project_id: row.projectId, card_id: row.cardId, chat_id: row.chatId, type: row.type })}`,
    notification_id: row.id,
  });
}
