import type { Notification, NotificationListQuery } from '@deckhand/contract/notifications';
import { and, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { type Actor, projectLimitOf } from '../../platform/actor';
import { AppError } from '../../platform/errors';

type Row = typeof notifications.$inferSelect;

/** The actor's own notifications; with a token limited to projects, only those of its projects. */
function ownedBy(actor: Actor): SQL | undefined {
  const limit = projectLimitOf(actor);
  return and(eq(notifications.userId, actor.userId), limit ? inArray(notifications.projectId, limit) : undefined);
}

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

export async function listNotifications(db: Db, actor: Actor, query: NotificationListQuery): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(ownedBy(actor), query.before ? lt(notifications.id, query.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(query.limit);
  return rows.map(toNotification);
}

export async function countUnread(db: Db, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(ownedBy(actor), eq(notifications.isRead, false)));
  return Number(row?.value ?? 0);
}

function notFound(): AppError {
  return new AppError('notifications/not-found', 'No such notification');
}

/** @throws notifications/not-found (missing, or someone else's) */
export async function markRead(db: Db, actor: Actor, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), ownedBy(actor)))
    .returning();
  if (!row) throw notFound();
  return toNotification(row);
}

/** @returns how many were unread */
export async function markAllRead(db: Db, actor: Actor): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownedBy(actor), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** @throws notifications/not-found (missing, or someone else's) */
export async function deleteNotification(db: Db, actor: Actor, id: string): Promise<void> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), ownedBy(actor)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound();
}
