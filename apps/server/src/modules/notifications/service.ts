import {
  type Notification,
  type NotificationListQuery,
  type NotificationType,
  notificationPath,
} from '@deckhand/contract/notifications';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { AppError } from '../../platform/errors';
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

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    user_id: row.userId,
    type: row.type,
    title: row.title,
    message: row.message,
    project_id: row.projectId,
    card_id: row.cardId,
    chat_id: row.chatId,
    task_id: row.taskId,
    file_id: row.fileId,
    author_id: row.authorId,
    author_name: row.authorName,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

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
    url: `${deps.config.publicUrl}${notificationPath({ project_id: row.projectId, card_id: row.cardId, chat_id: row.chatId })}`,
    notification_id: row.id,
  });
}

export async function listNotifications(db: Db, userId: string, query: NotificationListQuery): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), query.before ? lt(notifications.id, query.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(query.limit);
  return rows.map(toNotification);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.value ?? 0);
}

function notFound(): AppError {
  return new AppError('notifications/not-found', 'No such notification');
}

/** @throws notifications/not-found (missing, or someone else's) */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toNotification(row);
}

/** @returns how many were unread */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** @throws notifications/not-found (missing, or someone else's) */
export async function deleteNotification(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound();
}
